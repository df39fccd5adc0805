// /reset-password: request a link, follow it from the outbox, set a new password; an expired or
// used link is explained and a new one can be asked for.
import { expect, test, type Page } from '@playwright/test';
import { createAccount, expectToast, outbox, signIn } from './support/helpers';

async function requestLink(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Password reset email sent! Check your inbox.');
}

test('resets the password through the e-mailed link', async ({ page, request }) => {
  const account = await createAccount(request, { fullName: 'Reset Person' });
  await requestLink(page, account.email);

  const mails = await outbox(request, account.email);
  const link = mails.filter((m) => m.kind === 'recovery').at(-1)?.link;
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('renewed-pass');
  await page.getByLabel('Confirm new password').fill('renewed-pass2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill('renewed-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password updated');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, account.email, 'renewed-pass');
  await expect(page.getByText('Waiting for access')).toBeVisible();

  // The link worked once; opened again it is explained and a new one can be requested.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.goto(link!);
  await expect(page.getByText('This link has expired')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('explains an expired link', async ({ page }) => {
  await page.goto(
    '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByText('This link has expired')).toBeVisible();
  await expect(page.getByText('(Email link is invalid or has expired)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('validates the address and reports a failed request', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.route('**/auth/v1/recover**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"smtp down"}' }),
  );
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Failed to send password reset email');
});
