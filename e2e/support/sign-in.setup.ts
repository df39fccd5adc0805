// The sign-in project (playwright.config.ts): each demo role signs in once through the /auth
// form, and the browser state it leaves (supabase-js's session in localStorage, the offline copy
// of the user's access) is kept for signInAs() in the specs (docs/testing.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, signIn, stateFile, type DemoRole } from './helpers';

// Once per run, while the browser and the backend are coldest: more than a test's default.
test.setTimeout(90_000);

for (const role of Object.keys(DEMO) as DemoRole[]) {
  test(`sign in as the ${role}`, async ({ page }) => {
    await page.goto('/auth');
    await signIn(page, DEMO[role]);
    // The dashboard shows once the profile, roles and permissions have loaded (and been kept).
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const file = stateFile(role);
    mkdirSync(path.dirname(file), { recursive: true });
    await page.context().storageState({ path: file });
  });
}
