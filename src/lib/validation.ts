// Field rules shared by the forms of several features (docs/areas.md, spec §5), with the spec's exact
// messages. zod/mini keeps the sign-in screen light; the same schemas validate the form (through
// the react-hook-form resolver) and the call that sends it.
import * as z from 'zod/mini';

// zod 3's generic default for a missing value, which the spec quotes ('Required').
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined,
});

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
export const NAME_MIN = 2;
export const NAME_MAX = 100;

export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.regex(z.regexes.email, 'Invalid email address'),
  );

/** Sign-in only checks the minimum: an old account's password is whatever the server accepts. */
export const currentPasswordField = z
  .string()
  .check(z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`));

/** A password being chosen (sign-up, reset, change): 6 to 72 characters. */
export const newPasswordField = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, 'Password is too long'),
  );

export const confirmPasswordField = z
  .string()
  .check(z.minLength(1, 'Please confirm your password'));

export const fullNameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(NAME_MIN, `Name must be at least ${NAME_MIN} characters`),
    z.maxLength(NAME_MAX, 'Name is too long'),
  );

/** "Passwords don't match", reported on the confirmation field. */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>() {
  return z.refine<T>((v) => v.password === v.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
}

export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmPasswordField })
  .check(passwordsMatch());
export type NewPasswordInput = z.output<typeof newPasswordSchema>;
