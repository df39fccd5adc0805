// The zod-free checks of the sign-in screen and the zod fields of the other forms give the same
// first message (spec §5) for every input of a corpus, and the same parsed value.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  confirmPasswordField,
  currentPasswordField,
  emailField,
  fullNameField,
  newPasswordField,
  newPasswordSchema,
} from './validation';
import {
  checkConfirmPassword,
  checkCurrentPassword,
  checkEmail,
  checkFullName,
  checkNewPassword,
  EMAIL_PATTERN,
  passwordsMismatch,
  validateFields,
  type Checked,
} from './validation-rules';

function viaZod(schema: z.ZodMiniType, value: unknown): Checked {
  const r = z.safeParse(schema, value);
  return r.success
    ? { ok: true, value: r.data as string }
    : { ok: false, error: r.error.issues[0]!.message };
}

const corpus: unknown[] = [
  undefined,
  '',
  ' ',
  'a',
  'M',
  'Ma',
  '  Maria  ',
  'M'.repeat(100),
  'M'.repeat(101),
  ' ' + 'M'.repeat(100) + ' ',
  '12345',
  '123456',
  'x'.repeat(72),
  'x'.repeat(73),
  'maria@',
  'not-an-address',
  'maria@villa.gr',
  ' maria@villa.gr ',
  'maria.k+ops@villa.example',
  "o'neil@villa.ie",
  'a@b.c',
  'a@b.co',
  '.a@b.co',
  'a..b@b.co',
  'a@-b.co',
  'a@b-.co',
  'ünï@villa.gr',
  'a b@villa.gr',
];

describe('validation-rules against the zod fields', () => {
  it('uses zod’s e-mail pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it.each([
    ['email', checkEmail, emailField],
    ['current password', checkCurrentPassword, currentPasswordField],
    ['new password', checkNewPassword, newPasswordField],
    ['confirmation', checkConfirmPassword, confirmPasswordField],
    ['full name', checkFullName, fullNameField],
  ] as const)('%s: same first message and value for every input', (_, check, field) => {
    for (const value of corpus) expect(check(value), String(value)).toEqual(viaZod(field, value));
  });

  it('reports a mismatch on the confirmation, after its own message, as the zod schema does', () => {
    const plain = (input: Record<string, unknown>) =>
      validateFields(
        input,
        { password: checkNewPassword, confirmPassword: checkConfirmPassword },
        passwordsMismatch,
      );
    for (const [password, confirmPassword] of [
      ['secret1', 'secret1'],
      ['secret1', 'secret2'],
      ['secret1', ''],
      ['abc', 'abc'],
      ['abc', 'abd'],
      ['x'.repeat(73), 'x'.repeat(73)],
    ]) {
      const r = z.safeParse(newPasswordSchema, { password, confirmPassword });
      const expected: Record<string, string> = {};
      for (const issue of r.success ? [] : r.error.issues)
        expected[issue.path.join('.')] ??= issue.message;
      const got = plain({ password, confirmPassword });
      expect(got.ok ? {} : got.errors).toEqual(expected);
    }
  });
});
