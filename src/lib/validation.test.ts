import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { emailField, fullNameField, newPasswordSchema } from './validation';

/** First message per field, as the form shows them. */
function messages(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const r = z.safeParse(schema, input);
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '(form)';
    out[key] ??= issue.message;
  }
  return out;
}

describe('shared fields', () => {
  it("say 'Required' for a missing value", () => {
    expect(messages(z.object({ email: emailField }), {})).toEqual({ email: 'Required' });
  });

  it('trim names and e-mail addresses', () => {
    expect(z.parse(fullNameField, '  Maria  ')).toBe('Maria');
    expect(z.parse(emailField, ' maria@villa.gr ')).toBe('maria@villa.gr');
  });
});

describe('a new password', () => {
  it('applies the sign-up password rules to a new password', () => {
    expect(messages(newPasswordSchema, { password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(messages(newPasswordSchema, { password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});
