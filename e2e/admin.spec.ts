// The admin area (docs/admin.md) in Chromium against the real backend: approving a user waiting
// for access, a revoking override the guard then enforces, the permission matrix, roles, the time
// zone shifting the properties list, deactivation ending an open session, live health, axe, and
// a 360 px phone. Roles and cells are this file's own; the time zone test changes what everyone
// sees and runs after all other tests (the 'company-settings' project, docs/testing.md).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import {
  accessToken,
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  expectToast,
  grantAs,
  PUBLISHABLE_KEY,
  rest,
  signIn,
  signInAs,
  uniqueEmail,
} from './support/helpers';

// Several browsers and full page loads per test, on a shared machine.
test.describe.configure({ timeout: 120_000 });

async function openUser(page: Page, email: string) {
  await page.goto('/admin/users');
  await page.getByLabel('Search').fill(email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Manage ${email}` }).click();
  await expect(page.getByRole('dialog')).toContainText(email);
}

async function userPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

test('an admin approves a user waiting for access', async ({ page, browser }) => {
  // The newcomer signs up in their own browser and waits.
  const other = await browser.newContext();
  const newcomer = await other.newPage();
  const email = uniqueEmail('waiting');
  await newcomer.goto('/auth');
  await newcomer.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await newcomer.getByLabel('Full name').fill('Waiting Person');
  await newcomer.getByLabel('Email').fill(email);
  await newcomer.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await newcomer.getByLabel('Confirm password').fill('secret-pass-1');
  await newcomer.getByRole('button', { name: 'Create Account' }).click();
  await expect(newcomer.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await signIn(newcomer, email, 'secret-pass-1');
  await expect(newcomer.getByText('Waiting for access')).toBeVisible();

  await signInAs(page, 'admin', '/admin/users?filter=waiting');
  await expect(page.getByTestId('waiting-badge')).toBeVisible();
  await page.getByLabel('Search').fill(email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText('waiting for access');
  await page.getByRole('button', { name: `Manage ${email}` }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('housekeeper').check();
  await sheet.getByRole('button', { name: 'Save roles' }).click();
  await expect(sheet.getByTestId('perm-housekeeping.complete')).toContainText('role housekeeper', {
    timeout: 30_000,
  });

  await newcomer.reload();
  await expect(newcomer.getByText('Waiting for access')).toHaveCount(0);
  await expect(newcomer.getByRole('heading', { name: 'Your areas' })).toBeVisible();
  // Her field entry (docs/areas.md "Each role's menu").
  await expect(newcomer.getByRole('link', { name: /My route/ }).first()).toBeVisible();
  await other.close();
});

test('an override revokes a permission and the guard refuses that user', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'Override Manager' });
  await grantAs(request, account.id, 'manager');
  const user = await userPage(browser, account.email, account.password);
  await user.page.goto('/properties/new');
  await expect(user.page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);

  await signInAs(page, 'admin');
  await openUser(page, account.email);
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('Override for properties.manage').selectOption('revoke');
  await expect(sheet.getByTestId('perm-properties.manage')).toContainText('revoked by override');

  // A new sign-in (or the 5-minute refresh) brings the new keys.
  await user.context.clearCookies();
  await user.page.evaluate(() => localStorage.clear());
  await user.page.goto('/auth');
  await signIn(user.page, account.email, account.password);
  await user.page.goto('/properties/new');
  await expect(user.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(user.page.getByText('properties.manage')).toBeVisible();
  await user.context.close();
});

test('creates a role, toggles its matrix cells, and deletes it', async ({ page, request }) => {
  // A role of this test's own: the demo roles' cells are what every other test's guard reads
  // (a technician granted analytics.view here was let into /analytics in guards.spec.ts).
  await signInAs(page, 'admin', '/admin/roles');
  const name = `e2e_role_${Date.now().toString(36)}_${test.info().workerIndex}`;
  await page.getByLabel('Name').first().fill(name);
  await page.getByLabel('Description').first().fill('Made by the e2e suite');
  await page.getByRole('button', { name: 'Create role' }).click();
  await expectToast(page, 'Role created');
  await expect(page.getByTestId(`role-${name}`)).toBeVisible();
  // The same name again: a field message, and the typed name stays.
  await page.getByLabel('Name').first().fill(name);
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('A role with this name already exists.')).toBeVisible();
  await expect(page.getByLabel('Name').first()).toHaveValue(name);

  await page.goto('/admin/permissions');
  const cell = page.getByRole('checkbox', { name: `${name}: analytics.view` });
  await expect(cell).not.toBeChecked();
  await cell.check();
  await expect(cell).toBeChecked();
  const token = await accessToken(request, DEMO.admin, DEMO_PASSWORD);
  const stored = async () =>
    (
      (await rest(
        request,
        token,
        'GET',
        `role_permissions?select=granted,roles!inner(name)&roles.name=eq.${name}&permission_key=eq.analytics.view`,
      )) as { granted: boolean }[]
    )[0]?.granted;
  await expect.poll(stored).toBe(true);
  await cell.uncheck();
  await expect(cell).not.toBeChecked();
  await expect.poll(stored).toBe(false);
  await expect(page.getByRole('checkbox', { name: 'admin: admin.users' })).toBeDisabled();

  await page.goto('/admin/roles');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expectToast(page, 'Role deleted');
  await expect(page.getByTestId(`role-${name}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete admin' })).toHaveCount(0);
  expect(
    await rest(request, token, 'GET', `roles?select=id&name=eq.${name}`),
    'the role is gone on the server',
  ).toEqual([]);
});

// Changes the company's time zone and support address for everyone: tagged to run in the
// 'company-settings' project, after every other test (playwright.config.ts).
test(
  'a new time zone shifts the times in the properties list; bad input gets field messages',
  { tag: '@company-settings' },
  async ({ page }) => {
    await signInAs(page, 'admin', '/properties');
    const firstTime = page.getByRole('cell', { name: /\d{2}:\d{2}/ }).first();
    await expect(firstTime).toBeVisible();
    const before = await firstTime.innerText();

    await page.goto('/admin/settings');
    const zone = page.getByLabel('Time zone');
    const email = page.getByLabel('Support e-mail');
    // The form shows the saved values once they have loaded.
    await expect(zone).not.toHaveValue('');
    await expect(email).not.toHaveValue('');
    const original = { zone: await zone.inputValue(), email: await email.inputValue() };
    try {
      await zone.fill('Mars/Olympus');
      await email.fill('not an address');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('This time zone does not exist.')).toBeVisible();
      await expect(page.getByText('The support e-mail must be an e-mail address.')).toBeVisible();
      await expect(zone).toHaveValue('Mars/Olympus');
      await email.fill('help@villas.example');
      await zone.fill('America/New_York');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'Settings saved');
      await page.goto('/properties');
      await expect(page.getByRole('cell', { name: /\d{2}:\d{2}/ }).first()).not.toHaveText(before);
    } finally {
      // Put back what was there, even when a step above failed after the save.
      await page.goto('/admin/settings');
      await zone.fill(original.zone);
      await email.fill(original.email);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'Settings saved');
    }
  },
);

// Changes a company setting for everyone: in the 'company-settings' project, after every other test.
test(
  'stock below zero: refused by default; allowed and flagged once the admin turns it on',
  { tag: '@company-settings' },
  async ({ page, request }) => {
    const token = await accessToken(request, DEMO.manager, DEMO_PASSWORD);
    // An item none holds: a use of one at the first warehouse goes below zero.
    const [item] = (await rest(request, token, 'POST', 'inventory_items', {
      name: `Zeta negative ${Date.now().toString(36)}`,
      category: 'consumables',
    })) as { id: string }[];
    const use = () =>
      request.fetch('/rest/v1/rpc/inventory_consume', {
        method: 'POST',
        headers: {
          apikey: PUBLISHABLE_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        data: {
          item_id: item!.id,
          location_id: 'c1710000-0000-4000-8000-000000000001',
          quantity: 1,
        },
      });
    const refused = await use();
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('23514');

    await signInAs(page, 'admin', '/admin/settings');
    const allow = page.getByRole('checkbox', { name: 'Allow stock below zero' });
    await expect(allow).not.toBeChecked();
    try {
      await allow.check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'Settings saved');
      const allowed = await use();
      expect(allowed.status()).toBe(200);
      const [stock] = (await rest(
        request,
        token,
        'GET',
        `inventory_stock?select=on_hand&item_id=eq.${item!.id}`,
      )) as { on_hand: number }[];
      expect(Number(stock!.on_hand)).toBe(-1);
      const [movement] = (await rest(
        request,
        token,
        'GET',
        `inventory_movements?select=negative&item_id=eq.${item!.id}`,
      )) as { negative: boolean }[];
      expect(movement!.negative).toBe(true);
    } finally {
      await page.reload();
      await allow.uncheck();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'Settings saved');
    }
  },
);

test('health shows live figures and refreshes; the admin pages are accessible', async ({
  page,
}) => {
  await signInAs(page, 'admin', '/admin/health');
  await expect(page.getByTestId('health-rtt')).toHaveText(/^\d+ ms$/);
  // The shown time has whole seconds; a refresh within the same second changes only `datetime`.
  const updated = page.getByTestId('health-updated');
  const first = await updated.getAttribute('datetime');
  expect(first).toBeTruthy();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(updated).not.toHaveAttribute('datetime', first!);
  await expect(page.getByText(/^\d{14}_/)).toBeVisible();
  await expectAccessible(page, '/admin/health');
  for (const path of [
    '/admin',
    '/admin/users',
    '/admin/roles',
    '/admin/permissions',
    '/admin/settings',
  ]) {
    await page.goto(path);
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    await expectAccessible(page, path);
  }
});

test('usable on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'admin', '/admin/users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  for (const path of ['/admin', '/admin/users', '/admin/settings', '/admin/health']) {
    await page.goto(path);
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Invite or create' }).click();
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  // An address that already has an account: the server's refusal under the field, nothing lost.
  await page.getByLabel('E-mail').fill(DEMO.manager);
  await page.getByLabel('Full name').fill('Second Manager');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('An account with this e-mail already exists.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.manager);
  await expect(page.getByLabel('Full name')).toHaveValue('Second Manager');
});

test('a deactivated user is signed out and cannot sign in again', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('leaver');
  const { id } = await createAccount(request, { email, fullName: 'Leaving Person' });
  await grantAs(request, id, 'housekeeper');
  const user = await userPage(browser, email, 'secret-pass-1');
  await expect(user.page.getByRole('heading', { name: 'Your areas' })).toBeVisible();

  // The admin's own session, signed in through the form: actions go through the admin-users
  // edge function, which checks the caller's session on the server.
  await page.goto('/auth');
  await signIn(page, DEMO.admin);
  await openUser(page, email);
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expectToast(page, 'Account deactivated');
  await expect(page.getByRole('dialog')).toContainText('deactivated');

  // The open session ends: its next visit lands on the sign-in screen.
  await user.page.goto('/properties');
  await expect(user.page).toHaveURL(/\/auth/, { timeout: 30_000 });
  // Signing in again is refused with a clear message, and the form keeps what was typed.
  await user.page.getByLabel('Email').fill(email);
  await user.page.getByLabel('Password').fill('secret-pass-1');
  await user.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(user.page, 'This account has been deactivated');
  await expect(user.page).toHaveURL(/\/auth/);
  await expect(user.page.getByLabel('Email')).toHaveValue(email);
  await user.context.close();
});
