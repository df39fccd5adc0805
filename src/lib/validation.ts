// Field rules shared by the forms of several features (docs/areas.md, spec §5), with the spec's exact
// messages (validation-rules.ts holds them, and the zod-free checks the sign-in screen uses). The
// same schemas validate the form (through the react-hook-form resolver) and the call that sends it.
import * as z from 'zod/mini';
import {
  EMAIL_PATTERN,
  MESSAGES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './validation-rules';

export { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from './validation-rules';

// zod 3's generic default for a missing value, which the spec quotes ('Required'). Every message
// is read when a check fails (a function), so it is in the language of that moment (docs/i18n.md).
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? MESSAGES.required : undefined,
});

export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: () => MESSAGES.emailRequired }),
    z.regex(EMAIL_PATTERN, { error: () => MESSAGES.emailInvalid }),
  );

/** Sign-in only checks the minimum: an old account's password is whatever the server accepts. */
export const currentPasswordField = z
  .string()
  .check(z.minLength(PASSWORD_MIN, { error: () => MESSAGES.passwordMin }));

/** A password being chosen (sign-up, reset, change): 6 to 72 characters. */
export const newPasswordField = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, { error: () => MESSAGES.passwordMin }),
    z.maxLength(PASSWORD_MAX, { error: () => MESSAGES.passwordMax }),
  );

export const confirmPasswordField = z
  .string()
  .check(z.minLength(1, { error: () => MESSAGES.confirmRequired }));

export const fullNameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(NAME_MIN, { error: () => MESSAGES.nameMin }),
    z.maxLength(NAME_MAX, { error: () => MESSAGES.nameMax }),
  );

/** "Passwords don't match", reported on the confirmation field. */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>() {
  return z.refine<T>((v) => v.password === v.confirmPassword, {
    error: () => MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
}

export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmPasswordField })
  .check(passwordsMatch());
export type NewPasswordInput = z.output<typeof newPasswordSchema>;
