// axe-core on every page of the shell: no serious or critical violation, light and dark.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, signInAs } from './support/helpers';

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `${what}: ${bad.join('\n')}`).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`public pages (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of [
      '/auth',
      '/auth?mode=signup',
      '/reset-password',
      '/reset-password#error=access_denied&error_code=otp_expired',
      '/install',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} ${scheme}`);
    }
    // With every validation message showing.
    await page.goto('/auth?mode=signup');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await expectAccessible(page, `sign-up errors ${scheme}`);
  });

  test(`signed-in pages (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, 'admin');
    for (const path of ['/', '/profile', '/settings', '/admin/users', '/properties/42']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} ${scheme}`);
    }
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, `user menu ${scheme}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+b');
    await expect(page.locator('[data-slot="sidebar"][data-state="collapsed"]')).toBeVisible();
    await expectAccessible(page, `collapsed sidebar ${scheme}`);
  });
}

test.describe(() => {
  // The fault is injected into an app chunk with page.route, which never sees what the service
  // worker answers from its precache: this test runs without the worker.
  test.use({ serviceWorkers: 'block' });
  test('guard screens, waiting for access, mobile sidebar and the error screen', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAs(page, 'housekeeper', '/checklists');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectAccessible(page, 'access denied');
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Permission Denied' })).toBeVisible();
    await expectAccessible(page, 'permission denied');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
    await expectAccessible(page, 'mobile sidebar');
    await page.keyboard.press('Escape');

    await page.route('**/assets/profile-route-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "throw new Error('chunk failed');" }),
    );
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await page.getByText('Error details').click();
    await expectAccessible(page, 'error screen');
    await page.unroute('**/assets/profile-route-*.js');

    const account = await createAccount(request);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, account.email, account.password);
    await expect(page.getByText('Waiting for access')).toBeVisible();
    await expectAccessible(page, 'waiting for access');
  });
});
