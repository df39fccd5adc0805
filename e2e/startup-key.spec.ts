// A key pressed while the app starts is not lost (issue 27): Ctrl+B pressed on the painted frame
// of a signed-in start, before the app's sidebar listens for it, collapses the sidebar once the
// app is in (src/boot.js counts it, src/app/layouts/early-sidebar-presses.tsx applies it). The
// app's entry script is held until after the press, so the press lands before anything of React.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { holdEntry, SIGNED_IN_KEYS, stateFile } from './support/helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** The admin's stored session in this page's storage, as a returning user's browser has it. */
async function storeSession(page: Page) {
  const saved = JSON.parse(readFileSync(stateFile('admin'), 'utf8')) as {
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  };
  await page.goto('/_health');
  const origin = new URL(page.url()).origin;
  const entries = (saved.origins.find((o) => o.origin === origin)?.localStorage ?? []).filter((e) =>
    SIGNED_IN_KEYS.test(e.name),
  );
  await page.evaluate((list) => {
    for (const { name, value } of list) localStorage.setItem(name, value);
  }, entries);
}

const appSidebar = (page: Page) => page.locator('#root [data-slot="sidebar"][data-state]');
const paintedSidebar = (page: Page) => page.locator('#boot-kept [data-slot="sidebar"]');

test('Ctrl+B on the painted frame, before the app has started, collapses the sidebar', async ({
  page,
}) => {
  await storeSession(page);
  const release = await holdEntry(page);
  await page.goto('/properties', { waitUntil: 'commit' });
  // The build's first paint of the page, painted by boot.js; no React yet.
  await expect(paintedSidebar(page)).toHaveAttribute('data-state', 'expanded');
  await expect(appSidebar(page)).toHaveCount(0);
  await page.keyboard.press('Control+b');
  // Shown at once on the painted frame...
  await expect(paintedSidebar(page)).toHaveAttribute('data-state', 'collapsed');
  release();
  // ...and done by the app as it comes in, remembered as the sidebar remembers it.
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(appSidebar(page)).toHaveAttribute('data-state', 'collapsed');
  expect((await page.context().cookies()).find((c) => c.name === 'sidebar:state')?.value).toBe(
    'false',
  );
  // From then on the app's own shortcut answers, once per press.
  await page.keyboard.press('Control+b');
  await expect(appSidebar(page)).toHaveAttribute('data-state', 'expanded');
});

test('presses on the spinner of a start count too, each one a toggle', async ({ page }) => {
  await storeSession(page);
  const release = await holdEntry(page);
  // A villa's page (a parameter) has no painted frame: the spinner shows, the presses are still
  // kept.
  await page.goto('/properties/00000000-0000-4000-8000-000000000000', { waitUntil: 'commit' });
  await expect(page.locator('#boot')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+b');
  release();
  await expect(page.locator('#main-content h1')).toBeVisible();
  await expect(appSidebar(page)).toHaveAttribute('data-state', 'collapsed');
});
