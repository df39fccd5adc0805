import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { companyToday, isoToZonedInput, zonedInputToIso } from '@/lib/company-time';
import { translateRef } from '@/lib/i18n/catalog';
import { EMPTY_PROPERTY, propertySchema, reservationSchema } from './schemas';

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

describe('property', () => {
  const ok = { ...EMPTY_PROPERTY, name: 'Villa Anemos', code: 'san-oia-01 ', area: 'Oia' };

  it('upper-cases and trims the code, as the database stores it', () => {
    const v = z.parse(propertySchema, ok);
    expect(v.code).toBe('SAN-OIA-01');
  });

  it('refuses bad names, codes and counts with the form texts', () => {
    expect(
      messages(propertySchema, {
        ...ok,
        name: 'V',
        code: 'SAN--OIA',
        bedrooms: 51,
        bathrooms: Number.NaN,
        max_guests: 0,
        owner_email: 'nope',
      }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      code: 'Use letters, digits and single dashes, e.g. SAN-OIA-01',
      bedrooms: 'Bedrooms must be at most 50',
      bathrooms: 'Enter the number of bathrooms',
      max_guests: 'Guests must be at least 1',
      owner_email: 'Enter a valid e-mail address',
    });
    expect(messages(propertySchema, { ...ok, name: 'x'.repeat(101) })).toEqual({
      name: 'Name must be at most 100 characters',
    });
  });
});

describe('reservation', () => {
  const ok = {
    guest_name: 'Eleni',
    guests: 2,
    check_in: '2026-07-01T15:00',
    check_out: '2026-07-05T11:00',
    source: 'direct' as const,
    notes: '',
  };
  it('wants check-out after check-in', () => {
    expect(messages(reservationSchema, ok)).toEqual({});
    expect(messages(reservationSchema, { ...ok, check_out: '2026-07-01T11:00' })).toEqual({
      check_out: 'Check-out must be after check-in',
    });
  });
});

describe('company time (Europe/Athens)', () => {
  it('converts both ways in summer and winter time', () => {
    expect(zonedInputToIso('2026-07-01T15:00')).toBe('2026-07-01T12:00:00.000Z');
    expect(zonedInputToIso('2026-01-10T15:00')).toBe('2026-01-10T13:00:00.000Z');
    expect(isoToZonedInput('2026-07-01T12:00:00.000Z')).toBe('2026-07-01T15:00');
    expect(isoToZonedInput('2026-10-25T00:30:00.000Z')).toBe('2026-10-25T03:30');
  });

  it("knows today's bounds in the company zone", () => {
    expect(companyToday(new Date('2026-07-01T22:30:00Z'))).toEqual({
      start: '2026-07-01T21:00:00.000Z',
      end: '2026-07-02T21:00:00.000Z',
    });
  });
});
