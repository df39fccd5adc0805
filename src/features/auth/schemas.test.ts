import { describe, expect, it } from 'vitest';
import type { Validated } from '@/lib/validation-rules';
import { parsed, validateRequestReset, validateSignIn, validateSignUp } from './schemas';
import { signUpErrorMessage } from './api/sign-up-messages';

type Validator = (input: Record<string, unknown>) => Validated<Record<string, string>>;
const signInSchema: Validator = validateSignIn;
const signUpSchema: Validator = validateSignUp;
const requestResetSchema: Validator = validateRequestReset;

/** First message per field, as the form shows them. */
function messages(validate: Validator, input: Record<string, unknown>): Record<string, string> {
  const r = validate(input);
  return r.ok ? {} : (r.errors as Record<string, string>);
}

describe('sign-in (docs/areas.md, spec §5)', () => {
  it('requires an e-mail, a valid one, and a 6-character password', () => {
    expect(messages(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
    });
    expect(messages(signInSchema, { email: 'maria@', password: '12345' })).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(messages(signInSchema, { email: ' maria@villa.gr ', password: '123456' })).toEqual({});
  });

  it("says 'Required' for a missing value", () => {
    expect(messages(signInSchema, {})).toEqual({ email: 'Required', password: 'Required' });
  });
});

describe('sign-up (docs/areas.md, spec §5)', () => {
  const ok = {
    full_name: 'Maria Kritikou',
    email: 'maria@villa.gr',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('accepts a valid sign-up and trims the name', () => {
    const r = parsed(validateSignUp({ ...ok, full_name: '  Maria  ', email: ' maria@villa.gr ' }));
    expect(r.full_name).toBe('Maria');
    expect(r.email).toBe('maria@villa.gr');
  });

  it('bounds the name to 2..100 characters', () => {
    expect(messages(signUpSchema, { ...ok, full_name: 'M' })).toEqual({
      full_name: 'Name must be at least 2 characters',
    });
    expect(messages(signUpSchema, { ...ok, full_name: 'M'.repeat(101) })).toEqual({
      full_name: 'Name is too long',
    });
    expect(messages(signUpSchema, { ...ok, full_name: 'M'.repeat(100) })).toEqual({});
  });

  it('bounds the password to 6..72 characters', () => {
    const long = 'x'.repeat(73);
    expect(messages(signUpSchema, { ...ok, password: long, confirmPassword: long })).toEqual({
      password: 'Password is too long',
    });
    expect(messages(signUpSchema, { ...ok, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    const max = 'x'.repeat(72);
    expect(messages(signUpSchema, { ...ok, password: max, confirmPassword: max })).toEqual({});
  });

  it('requires the confirmation, and reports a mismatch on it', () => {
    expect(messages(signUpSchema, { ...ok, confirmPassword: '' })).toMatchObject({
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(signUpSchema, { ...ok, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('validates the e-mail like sign-in', () => {
    expect(messages(signUpSchema, { ...ok, email: '' })).toEqual({ email: 'Email is required' });
    expect(messages(signUpSchema, { ...ok, email: 'nope' })).toEqual({
      email: 'Invalid email address',
    });
  });
});

describe('reset request', () => {
  it('asks for a valid e-mail to send the link to', () => {
    expect(messages(requestResetSchema, { email: 'x' })).toEqual({
      email: 'Invalid email address',
    });
  });
});

describe('sign-up errors (docs/areas.md, spec §8)', () => {
  it("maps 'already registered' and otherwise shows the server message or the fallback", () => {
    expect(signUpErrorMessage(new Error('User already registered'))).toBe(
      'This email is already registered. Please sign in instead.',
    );
    expect(signUpErrorMessage(new Error('Signups not allowed for this instance'))).toBe(
      'Signups not allowed for this instance',
    );
    expect(signUpErrorMessage(null)).toBe('Failed to create account');
    expect(signUpErrorMessage(new Error('{}'))).toBe('Failed to create account');
  });
});
