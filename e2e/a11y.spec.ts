// axe-core on every page of the route table (src/lib/paths.ts) and the states between them: no
// serious or critical violation, light and dark. One test per page and scheme, generated from the
// route list: a new route adds a test, never seconds to another test's budget (docs/testing.md).
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createAccount, signIn, signInAs } from './support/helpers';
import { addressOf, GUARDED_ROUTES, PUBLIC_ROUTES } from './support/routes';

/** Pages for visitors: the public routes and the states they open in. */
const PUBLIC_PAGES = [
  ...PUBLIC_ROUTES.map((r) => addressOf(r)),
  '/auth?mode=signup',
  '/reset-password#error=access_denied&error_code=otp_expired',
  '/no/such/page',
];

/**
 * Every guarded page, opened by the admin (who may open them all). A villa's pages with an id
 * that does not exist, as before: properties.spec.ts checks a real villa's detail and form.
 */
const SIGNED_IN_PAGES = GUARDED_ROUTES.map((r) => addressOf(r));

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });

    for (const path of PUBLIC_PAGES) {
      test(`visitor: ${path}`, async ({ page }) => {
        await open(page, path);
        await expectAccessible(page, `${path} ${scheme}`);
      });
    }

    test('visitor: sign-up with every validation message showing', async ({ page }) => {
      await open(page, '/auth?mode=signup');
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await expect(page.getByText('Please confirm your password')).toBeVisible();
      await expectAccessible(page, `sign-up errors ${scheme}`);
    });

    for (const path of SIGNED_IN_PAGES) {
      test(`admin: ${path}`, async ({ page }) => {
        await signInAs(page, 'admin', path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} ${scheme}`);
      });
    }

    test('admin: the user menu open', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `user menu ${scheme}`);
    });

    test('admin: the sidebar collapsed', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.keyboard.press('Control+b');
      await expect(page.locator('[data-slot="sidebar"][data-state="collapsed"]')).toBeVisible();
      await expectAccessible(page, `collapsed sidebar ${scheme}`);
    });
  });
}

// The guard screens, the phone sidebar, the error screen and "waiting for access": one test each
// (one long story grew past its limit on a loaded machine).
test.describe(() => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
  });

  test('access denied (role) and permission denied (key) screens', async ({ page }) => {
    await signInAs(page, 'housekeeper', '/checklists');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectAccessible(page, 'access denied');
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Permission Denied' })).toBeVisible();
    await expectAccessible(page, 'permission denied');
  });

  test('the sidebar on a phone', async ({ page }) => {
    await signInAs(page, 'housekeeper');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
    await expectAccessible(page, 'mobile sidebar');
  });

  test.describe(() => {
    // The fault is injected into an app chunk with page.route, which never sees what the service
    // worker answers from its precache: this test runs without the worker.
    test.use({ serviceWorkers: 'block' });
    test('the error screen', async ({ page }) => {
      await page.route('**/assets/profile-route-*.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: "throw new Error('chunk failed');" }),
      );
      await signInAs(page, 'housekeeper', '/profile');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await page.getByText('Error details').click();
      await expectAccessible(page, 'error screen');
    });
  });

  test('waiting for access', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/auth');
    await signIn(page, account.email, account.password);
    await expect(page.getByText('Waiting for access')).toBeVisible();
    await expectAccessible(page, 'waiting for access');
  });
});
