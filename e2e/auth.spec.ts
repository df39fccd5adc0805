// /auth: the sign-in and sign-up screens of docs/areas.md, spec §1, §2, §5 and §8 - texts, every
// validation message, busy labels, mode links, every toast, sign-out and the session.
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  expectToast,
  grantAs,
  signIn,
  toast,
  uniqueEmail,
} from './support/helpers';

const slow = (ms: number) => async (route: Route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue();
};

async function openSignUp(page: Page) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
}

test.describe('sign-in screen', () => {
  test('is titled as the operations console, with the subtitle and the mode link', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arivia Ops Console');
    await expect(page.getByText('Sign In with your credentials.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(
      page.getByRole('button', { name: "Don't have an account? Sign up" }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Sign In · Arivia Ops');
  });

  test('shows every validation message under its field', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Password must be at least 6 characters', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('maria@');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required', { exact: true })).toHaveCount(0);
    // The message is tied to its field for assistive technology.
    const described = await page.getByLabel('Email').getAttribute('aria-describedby');
    const messageId = await page.getByText('Invalid email address').getAttribute('id');
    expect(described?.split(' ')).toContain(messageId);
  });

  test("signs in: 'Signing in...' while busy, then 'Successfully signed in!'", async ({ page }) => {
    await page.route('**/auth/v1/token?grant_type=password', slow(800));
    await page.goto('/auth');
    await page.getByLabel('Email').fill(DEMO.manager);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expectToast(page, 'Successfully signed in!');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test("a refused sign-in shows the server's message and keeps what was typed", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Invalid login credentials');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test("a failure with no readable message shows 'Failed to sign in'", async ({ page }) => {
    await page.route('**/auth/v1/token?grant_type=password', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/auth');
    await page.getByLabel('Email').fill(DEMO.technician);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Failed to sign in');
  });

  test('offers the demo accounts of the local backend; one click fills the form', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
    await page.getByRole('button', { name: /Use the housekeeper demo account/ }).click();
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.housekeeper);
    await expect(page.getByLabel('Password')).toHaveValue(DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/auth$/); // filled, not submitted
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(DEMO.technician);
    await page.keyboard.press('Tab'); // "Forgot password?"
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('sign-up screen', () => {
  test("reads 'Create Account', invites to get started, and links back", async ({ page }) => {
    await openSignUp(page);
    await expect(page.getByText(/Get started with Arivia Ops/)).toBeVisible();
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Arivia Ops Console' })).toBeVisible();
  });

  test('shows every validation message of the spec', async ({ page }) => {
    await openSignUp(page);
    const submit = page.getByRole('button', { name: 'Create Account', exact: true });
    await submit.click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();

    await page.getByLabel('Full name').fill('M'.repeat(101));
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('x'.repeat(73));
    await page.getByLabel('Confirm password').fill('something else');
    await submit.click();
    await expect(page.getByText('Name is too long')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password is too long')).toBeVisible();

    await page.getByLabel('Full name').fill('Maria');
    await page.getByLabel('Email', { exact: true }).fill('maria@villa.example');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await submit.click();
    const mismatch = page.getByText("Passwords don't match", { exact: true });
    await expect(mismatch).toBeVisible();
    // Shown on the confirmation field.
    const confirmDescribedBy = await page
      .getByLabel('Confirm password')
      .getAttribute('aria-describedby');
    expect(confirmDescribedBy?.split(' ')).toContain(await mismatch.getAttribute('id'));
  });

  test("creates an account: 'Creating account...', the toast, then sign-in mode", async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.route('**/auth/v1/signup**', slow(800));
    await openSignUp(page);
    await page.getByLabel('Full name').fill('Sofia Nikolaou');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('sofia-secret');
    await page.getByLabel('Confirm password').fill('sofia-secret');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await expectToast(page, 'Account created! You can now sign in.');
    await expect(page.getByRole('heading', { name: 'Arivia Ops Console' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Password').fill('sofia-secret');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Waiting for access')).toBeVisible();
    await expect(page.getByText(/Sofia/).first()).toBeVisible();
  });

  test('an address already registered is told to sign in instead', async ({ page }) => {
    await openSignUp(page);
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill('another-pass');
    await page.getByLabel('Confirm password').fill('another-pass');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'This email is already registered. Please sign in instead.');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Someone Else');
  });

  test("a server message is shown, and 'Failed to create account' when there is none", async ({
    page,
  }) => {
    let answer = { status: 422, body: JSON.stringify({ code: 422, msg: 'Signups not allowed' }) };
    await page.route('**/auth/v1/signup**', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    );
    await openSignUp(page);
    await page.getByLabel('Full name').fill('Nobody');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('whatever1');
    await page.getByLabel('Confirm password').fill('whatever1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Signups not allowed');
    answer = { status: 500, body: '{}' };
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Failed to create account');
  });
});

// Signing out is global: it ends every session of the account on the server, the demo roles'
// saved ones too (docs/testing.md). These tests sign out accounts of their own.
async function fieldAccount(request: APIRequestContext, role: 'technician' | 'housekeeper') {
  const account = await createAccount(request, { fullName: `Session ${role}` });
  await grantAs(request, account.id, role);
  return account;
}

test.describe('session', () => {
  test('persists across reloads and ends with sign-out', async ({ page, request }) => {
    const account = await fieldAccount(request, 'technician');
    await page.goto('/auth');
    await signIn(page, account.email, account.password);
    const stored = await page.evaluate(() => localStorage.getItem('sb-arivia-ops-auth-token'));
    expect(stored).toContain('refresh_token');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectToast(page, 'Successfully signed out');
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('sb-arivia-ops-auth-token'))).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a failed sign-out says 'Failed to sign out' and keeps the user in", async ({
    page,
    request,
  }) => {
    // The server never hears of this sign-out (the answer is faked), but should the fault
    // injection miss, no other test's session goes with it.
    const account = await fieldAccount(request, 'housekeeper');
    await page.goto('/auth');
    await signIn(page, account.email, account.password);
    await page.route('**/auth/v1/logout**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"down"}' }),
    );
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectToast(page, 'Failed to sign out');
    await expect(toast(page, 'Successfully signed out')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
