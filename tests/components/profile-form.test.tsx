// The profile screen's two forms, rendered for real as a signed-in housekeeper: the details come
// from the database, and the rules of the shared schemas show under their fields.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { renderRoute } from './render-route';

afterEach(cleanup);

it('shows the profile from the database and refuses an invalid name and phone', async () => {
  await renderRoute('/profile', 'housekeeper');
  const details = await screen.findByRole('form', { name: 'Profile details' }, { timeout: 20_000 });
  const name = await waitFor(() => {
    const input = details.querySelector<HTMLInputElement>('input[name="full_name"]');
    expect(input?.value).not.toBe('');
    return input!;
  });
  const user = userEvent.setup();
  await user.clear(name);
  await user.type(name, 'M');
  const phone = details.querySelector<HTMLInputElement>('input[name="phone"]')!;
  await user.clear(phone);
  await user.type(phone, 'call me');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
  expect(screen.getByText('Enter a valid phone number, e.g. +30 694 512 3801')).toBeTruthy();
});

it('asks for matching passwords in the one password form', async () => {
  await renderRoute('/profile', 'housekeeper');
  const form = await screen.findByRole('form', { name: 'Change password' }, { timeout: 20_000 });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), 'secret-pass-1');
  await user.type(screen.getByLabelText('Confirm new password'), 'secret-pass-2');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText("Passwords don't match")).toBeTruthy();
  expect(form).toBeTruthy();
});
