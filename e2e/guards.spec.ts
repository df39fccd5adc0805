// The route guard of docs/areas.md, spec §2 for every role of the demo data: loading, redirect and
// return, 'Access Denied' for a missing role, 'Permission Denied', and the missing-keys list.
import { expect, test } from '@playwright/test';
import { createAccount, DEMO, grantAs, signIn, signInAs, type DemoRole } from './support/helpers';
import { addressOf, GUARDED_ROUTES, holds, outcome, ROUTES } from './support/routes';

test.describe('visitors', () => {
  test('are sent to /auth, history replaced, and brought back after signing in', async ({
    page,
  }) => {
    await page.goto('/install');
    await page.goto('/recurring-tasks?view=week');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/install$/); // the guarded page left no history entry
    await page.goForward();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, 'manager@arivia.local');
    await expect(page).toHaveURL(/\/recurring-tasks\?view=week$/);
    await expect(page.getByRole('heading', { name: 'Recurring Tasks' })).toBeVisible();
  });

  for (const path of GUARDED_ROUTES.map((r) => addressOf(r))) {
    test(`cannot open ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Arivia Ops Console' })).toBeVisible();
    });
  }
});

test("shows 'Loading...' while the permissions load", async ({ page }) => {
  await page.goto('/auth');
  await signIn(page, 'technician@arivia.local');
  // A page with a parameter: boot.js paints no first screen over the guard there (on /, the
  // frame and the dashboard's heading show until the permissions are read).
  await page.goto('/properties/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/rest/v1/rpc/my_permissions', async (route) => {
    await held;
    await route.continue();
  });
  // Permissions this device has never read: without this, the copy kept at sign-in stands in
  // while they are read again (auth-queries.ts), and no guard waits.
  await page.addInitScript(() => localStorage.removeItem('arivia-ops-offline-auth'));
  await page.reload();
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  release();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// The route table, one test per route and role (docs/testing.md): the page, or the screen that
// says why not.
for (const role of Object.keys(DEMO) as DemoRole[]) {
  test.describe(`the ${role}`, () => {
    for (const route of GUARDED_ROUTES) {
      const path = addressOf(route);
      const expected = outcome(route, role);
      const name =
        expected.kind === 'page'
          ? route.title
          : expected.kind === 'elsewhere'
            ? `sent to ${expected.to}`
            : `${expected.kind} denied`;
      test(`${path}: ${name}`, async ({ page }) => {
        await signInAs(page, role, path);
        const heading = page.getByRole('heading', { level: 1 });
        if (expected.kind === 'page') {
          const other = route.titleWithout;
          await expect(heading).toHaveText(
            other && !holds(role, other.permission) ? other.title : route.title,
          );
        } else if (expected.kind === 'elsewhere') {
          // Another role's screen: the user's own, in its place (history replaced).
          const own = ROUTES.find((r) => r.path === expected.to)!;
          await expect(page).toHaveURL((url) => url.pathname === expected.to);
          await expect(heading).toHaveText(own.title);
          return;
        } else if (expected.kind === 'role') {
          await expect(heading).toHaveText('Access Denied');
          await expect(
            page.getByText(`You need the ${expected.needed} role to access this page.`, {
              exact: true,
            }),
          ).toBeVisible();
        } else if (expected.kind === 'keys') {
          await expect(heading).toHaveText('Access Denied');
          const list = page.getByRole('list', { name: 'Missing permissions' });
          await expect(list.getByRole('listitem')).toHaveText(expected.missing);
        } else {
          await expect(heading).toHaveText('Permission Denied');
          await expect(
            page.getByText("You don't have the required permission to access this page.", {
              exact: true,
            }),
          ).toBeVisible();
        }
        // The guard answers in place: no redirect.
        await expect(page).toHaveURL((url) => url.pathname === path);
      });
    }
  });
}

test('a manager whose property permission was overridden sees the missing keys', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'Override Manager' });
  await grantAs(request, account.id, 'manager', { 'properties.manage': false });
  await page.goto('/properties/new');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/properties\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
  const list = page.getByRole('list', { name: 'Missing permissions' });
  await expect(list.getByRole('listitem')).toHaveText(['properties.manage']);
  // The role itself still opens the other manager screens.
  await page.goto('/checklists');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checklists');
});

test('an account with no role waits for access, on the dashboard and on every work screen', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'New Starter' });
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByText('Waiting for access')).toBeVisible();
  await expect(page.getByText(/Ask an administrator/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@arivia.local' })).toBeVisible();
  // Not a refusal naming a role or key it could not have: what to do about it
  // (e2e/no-role.spec.ts walks every work screen).
  for (const path of ['/checklists', '/analytics']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting for access');
  }
});
