// The rules and exact messages of spec §5, without a schema library: the sign-in screen validates
// with these alone (zod and react-hook-form stay off its path), and lib/validation.ts builds the
// zod fields of the other forms from the same constants and messages. validation.test.ts checks
// that both give the same first message for every field.

import { messages } from './messages';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
export const NAME_MIN = 2;
export const NAME_MAX = 100;

/**
 * The messages, in the active language at the moment they are read (src/lib/locales, docs/i18n.md):
 * a check reads them when it fails, never at load.
 */
export const MESSAGES = {
  /** zod 3's generic default for a missing value, which the spec quotes. */
  get required() {
    return messages.t('validation.required');
  },
  get emailRequired() {
    return messages.t('validation.emailRequired');
  },
  get emailInvalid() {
    return messages.t('validation.emailInvalid');
  },
  get passwordMin() {
    return messages.t('validation.passwordMin', { min: PASSWORD_MIN });
  },
  get passwordMax() {
    return messages.t('validation.passwordMax');
  },
  get confirmRequired() {
    return messages.t('validation.confirmRequired');
  },
  get nameMin() {
    return messages.t('validation.nameMin', { min: NAME_MIN });
  },
  get nameMax() {
    return messages.t('validation.nameMax');
  },
  get mismatch() {
    return messages.t('validation.mismatch');
  },
};

/** zod's `z.regexes.email` (the test keeps them equal). */
export const EMAIL_PATTERN = new RegExp(
  String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`,
);

/** A field's parsed value, or the first message a form shows under it. */
export type Checked = { ok: true; value: string } | { ok: false; error: string };

const fail = (error: string): Checked => ({ ok: false, error });
const pass = (value: string): Checked => ({ ok: true, value });

function text(value: unknown, check: (s: string) => Checked): Checked {
  if (value === undefined) return fail(MESSAGES.required);
  if (typeof value !== 'string') return fail(messages.t('validation.expectedString'));
  return check(value);
}

export const checkEmail = (value: unknown): Checked =>
  text(value, (raw) => {
    const s = raw.trim();
    if (s.length < 1) return fail(MESSAGES.emailRequired);
    return EMAIL_PATTERN.test(s) ? pass(s) : fail(MESSAGES.emailInvalid);
  });

/** Sign-in only checks the minimum: an old account's password is whatever the server accepts. */
export const checkCurrentPassword = (value: unknown): Checked =>
  text(value, (s) => (s.length < PASSWORD_MIN ? fail(MESSAGES.passwordMin) : pass(s)));

/** A password being chosen (sign-up, reset, change): 6 to 72 characters. */
export const checkNewPassword = (value: unknown): Checked =>
  text(value, (s) =>
    s.length < PASSWORD_MIN
      ? fail(MESSAGES.passwordMin)
      : s.length > PASSWORD_MAX
        ? fail(MESSAGES.passwordMax)
        : pass(s),
  );

export const checkConfirmPassword = (value: unknown): Checked =>
  text(value, (s) => (s.length < 1 ? fail(MESSAGES.confirmRequired) : pass(s)));

export const checkFullName = (value: unknown): Checked =>
  text(value, (raw) => {
    const s = raw.trim();
    if (s.length < NAME_MIN) return fail(MESSAGES.nameMin);
    return s.length > NAME_MAX ? fail(MESSAGES.nameMax) : pass(s);
  });

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type Validated<T> =
  { ok: true; values: T } | { ok: false; errors: FieldErrors<keyof T & string> };

/**
 * Runs one check per field (in the form's order) and gives either every parsed value or the first
 * message of each failing field; `extra` adds form-level rules on the raw input (a mismatch on the
 * confirmation), after the field's own message, as zod's object refinements do.
 */
export function validateFields<T extends Record<string, string>>(
  input: Record<string, unknown>,
  checks: { [K in keyof T]: (value: unknown) => Checked },
  extra?: (input: Record<string, unknown>) => FieldErrors<keyof T & string>,
): Validated<T> {
  const values: Partial<Record<keyof T, string>> = {};
  const errors: FieldErrors<keyof T & string> = {};
  for (const key of Object.keys(checks) as (keyof T & string)[]) {
    const r = checks[key](input[key]);
    if (r.ok) values[key] = r.value;
    else errors[key] = r.error;
  }
  for (const [key, message] of Object.entries(extra?.(input) ?? {}) as [
    keyof T & string,
    string,
  ][]) {
    errors[key] ??= message;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: values as T };
}

/** "Passwords don't match", on the confirmation field. */
export function passwordsMismatch(input: Record<string, unknown>): FieldErrors<'confirmPassword'> {
  const { password, confirmPassword } = input;
  return typeof password === 'string' &&
    typeof confirmPassword === 'string' &&
    password !== confirmPassword
    ? { confirmPassword: MESSAGES.mismatch }
    : {};
}
