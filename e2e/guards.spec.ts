// The route guard of SEED-SPEC.md §2 for every role of the demo data: loading, redirect and
// return, 'Access Denied' for a missing role, 'Permission Denied', and the missing-keys list.
import { expect, test } from '@playwright/test';
import { createAccount, grantAs, signIn, signInAs, type DemoRole } from './support/helpers';

const SIGNED_IN = [
  ['/', 'Dashboard'],
  ['/properties', 'Properties'],
  ['/properties/villa-42', 'Property'],
  ['/housekeeping', 'Housekeeping'],
  ['/maintenance', 'Maintenance'],
  ['/inventory', 'Inventory'],
  ['/team-chat', 'Team Chat'],
  ['/settings', 'Settings'],
  ['/profile', 'Profile'],
] as const;
const MANAGER = [
  ['/properties/new', 'New property'],
  ['/properties/villa-42/edit', 'Edit property'],
  ['/checklists', 'Checklists'],
  ['/cleaning-settings', 'Cleaning Settings'],
  ['/recurring-tasks', 'Recurring Tasks'],
] as const;
const ADMIN = [
  ['/admin', 'Admin'],
  ['/admin/users', 'Users'],
  ['/admin/roles', 'Roles'],
  ['/admin/permissions', 'Permissions'],
  ['/admin/settings', 'System Settings'],
  ['/admin/health', 'System Health'],
] as const;

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

  for (const [path] of [...SIGNED_IN, ...MANAGER, ...ADMIN]) {
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
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/rest/v1/rpc/my_permissions', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  release();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

const expectations: Record<DemoRole, { manager: boolean; admin: boolean; analytics: boolean }> = {
  admin: { manager: true, admin: true, analytics: true },
  manager: { manager: true, admin: false, analytics: true },
  housekeeper: { manager: false, admin: false, analytics: false },
  technician: { manager: false, admin: false, analytics: false },
};

for (const [role, may] of Object.entries(expectations) as [
  DemoRole,
  (typeof expectations)[DemoRole],
][]) {
  test(`the ${role} meets the route table`, async ({ page }) => {
    await signInAs(page, role);
    const expectPage = async (path: string, heading: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    };
    const expectDenied = async (path: string, needed: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
      await expect(
        page.getByText(`You need the ${needed} role to access this page.`, { exact: true }),
      ).toBeVisible();
    };
    for (const [path, heading] of SIGNED_IN) await expectPage(path, heading);
    for (const [path, heading] of MANAGER) {
      if (may.manager) await expectPage(path, heading);
      else await expectDenied(path, 'manager');
    }
    for (const [path, heading] of ADMIN) {
      if (may.admin) await expectPage(path, heading);
      else await expectDenied(path, 'admin');
    }
    await page.goto('/analytics');
    if (may.analytics) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permission Denied');
      await expect(
        page.getByText("You don't have the required permission to access this page.", {
          exact: true,
        }),
      ).toBeVisible();
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

test('an account with no role waits for access and passes no role guard', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'New Starter' });
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page.getByText('Waiting for access')).toBeVisible();
  await expect(page.getByText(/Ask an administrator/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@arivia.local' })).toBeVisible();
  await page.goto('/checklists');
  await expect(page.getByText('You need the manager role to access this page.')).toBeVisible();
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permission Denied');
});
