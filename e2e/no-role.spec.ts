// An account with no role yet sees no work screen (issue 27): every route that needs a role shows
// the dashboard's "waiting for access", with whom to ask, typed into the address bar as a new
// user would, and nothing it opens makes a request the server refuses (the screens' loaders read
// nothing for it: src/app/guards/loader-access.ts). One test per route (docs/testing.md).
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createAccount, signIn, SIGNED_IN_KEYS } from './support/helpers';
import { addressOf, GUARDED_ROUTES } from './support/routes';

/** The pages an account with no role may open: the dashboard and its own account's. */
const OWN_PAGES = new Set(['home', 'profile', 'settings']);
const WORK_ROUTES = GUARDED_ROUTES.filter((r) => !OWN_PAGES.has(r.key));

/** The browser storage of a new account that signed in once through the form (per worker). */
let stored: { name: string; value: string }[] = [];

test.beforeAll(async ({ browser, request }) => {
  const account = await createAccount(request, { fullName: 'New Colleague' });
  const page = await browser.newPage();
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByText('Waiting for access')).toBeVisible();
  // The device's copy of the account's access is written once it is read.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const kept = localStorage.getItem('arivia-ops-offline-auth') ?? '';
        return kept.includes('"roles":[]') && kept.includes('"permissions":');
      }),
    )
    .toBe(true);
  stored = await page.evaluate(() =>
    Object.keys(localStorage).map((name) => ({ name, value: localStorage.getItem(name)! })),
  );
  stored = stored.filter((e) => SIGNED_IN_KEYS.test(e.name));
  await page.close();
});

/** Refused answers (401, 403) from now on. */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401 || r.status() === 403)
      seen.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}

/** Opens `path` as the new account, as a typed address: a fresh start of the app. */
async function openTyped(page: Page, path: string, keep = SIGNED_IN_KEYS) {
  await page.goto('/_health');
  await page.evaluate(
    (list) => {
      for (const { name, value } of list) localStorage.setItem(name, value);
    },
    stored.filter((e) => keep.test(e.name)),
  );
  const refused = refusals(page);
  await page.goto(path);
  return refused;
}

async function expectWaiting(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting for access');
  await expect(page.getByText(/no role has been assigned to it yet/)).toBeVisible();
  await expect(page.getByText(/Ask an administrator of your company/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@arivia.local' })).toBeVisible();
  // In place: the address stays what was typed.
  await expect(page).toHaveURL((url) => url.pathname === path);
}

for (const route of WORK_ROUTES) {
  const path = addressOf(route);
  test(`${path}: waiting for access, no request refused`, async ({ page }) => {
    const refused = await openTyped(page, path);
    await expectWaiting(page, path);
    // Whatever the start asks for has been answered.
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
}

test('its own pages open, with no request refused', async ({ page }) => {
  const refused = await openTyped(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByText('Waiting for access')).toBeVisible();
  for (const path of ['/profile', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Waiting for access');
  }
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test('a first start on this device (no copy of its access yet) reads nothing refused', async ({
  page,
}) => {
  // Only the session: the screens' loaders wait for the access reads before reading anything.
  const refused = await openTyped(page, '/maintenance', /-auth-token$/);
  await expectWaiting(page, '/maintenance');
  await page.goto('/housekeeping');
  await expectWaiting(page, '/housekeeping');
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the waiting page at ${viewport.width} px: accessible, no wider than the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openTyped(page, '/properties');
    await expectWaiting(page, '/properties');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page, `waiting for access at ${viewport.width}`);
  });
}
