import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { translateRef } from '@/lib/i18n/catalog';
import { profileSchema } from './schemas';

/** First message per field, as the form shows them (through translateRef, docs/i18n.md). */
function messages(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const r = z.safeParse(schema, input);
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '(form)';
    out[key] ??= translateRef(issue.message);
  }
  return out;
}

describe('profile', () => {
  const ok = { full_name: 'Nikos Vlachos', phone: '+30 694 512 3801', language: 'el' };
  it('accepts a valid profile, an empty phone, and refuses bad values', () => {
    expect(messages(profileSchema, ok)).toEqual({});
    expect(messages(profileSchema, { ...ok, phone: '' })).toEqual({});
    expect(messages(profileSchema, { ...ok, phone: 'call me' })).toEqual({
      phone: 'Enter a valid phone number, e.g. +30 694 512 3801',
    });
    expect(messages(profileSchema, { ...ok, full_name: 'N' })).toEqual({
      full_name: 'Name must be at least 2 characters',
    });
    expect(messages(profileSchema, { ...ok, language: 'greek' })).toEqual({
      language: 'Choose a language',
    });
  });
});
