// The property form's and the reservation dialog's rules; the same schemas validate the forms and
// the writes they send. Bounds follow the database's checks (20261121130000_properties.sql).
import * as z from 'zod/mini';
import { PROPERTY_STATUSES, PROPERTY_TYPES, RESERVATION_SOURCES } from './labels';

/** As the properties_code_format check: upper-case letters and digits in dash-separated groups. */
export const PROPERTY_CODE_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,32}$/;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the number of ${label}` })
    .check(
      z.int(`Enter a whole number of ${label}`),
      z.gte(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${min}`),
      z.lte(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max}`),
    );

export const propertySchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Name must be at least 2 characters'),
      z.maxLength(100, 'Name must be at most 100 characters'),
    ),
  code: z
    .string()
    .check(
      z.trim(),
      z.toUpperCase(),
      z.minLength(1, 'Enter a code'),
      z.maxLength(24, 'Code must be at most 24 characters'),
      z.regex(PROPERTY_CODE_PATTERN, 'Use letters, digits and single dashes, e.g. SAN-OIA-01'),
    ),
  type: z.enum(PROPERTY_TYPES),
  status: z.enum(PROPERTY_STATUSES),
  address: z.string().check(z.trim(), z.maxLength(300, 'Address must be at most 300 characters')),
  area: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the area, e.g. Oia, Santorini'),
      z.maxLength(120, 'Area must be at most 120 characters'),
    ),
  bedrooms: count('bedrooms', 0, 50),
  bathrooms: count('bathrooms', 0, 50),
  max_guests: count('guests', 1, 100),
  owner_name: z.string().check(z.trim(), z.maxLength(120, 'Owner name is too long')),
  owner_phone: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || PHONE_PATTERN.test(v),
      'Enter a valid phone number, e.g. +30 694 512 3801',
    ),
  ),
  owner_email: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (EMAIL_PATTERN.test(v) && v.length <= 254),
      'Enter a valid e-mail address',
    ),
  ),
  notes: z.string().check(z.maxLength(10000, 'Notes must be at most 10,000 characters')),
});
export type PropertyInput = z.input<typeof propertySchema>;
export type PropertyValues = z.output<typeof propertySchema>;

export const EMPTY_PROPERTY: PropertyInput = {
  name: '',
  code: '',
  type: 'villa',
  status: 'active',
  address: '',
  area: '',
  bedrooms: 1,
  bathrooms: 1,
  max_guests: 2,
  owner_name: '',
  owner_phone: '',
  owner_email: '',
  notes: '',
};

/** Check-in and check-out are datetime-local values in the company time zone. */
export const reservationSchema = z
  .object({
    guest_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Enter the guest name'),
        z.maxLength(200, 'Guest name is too long'),
      ),
    guests: z
      .number({ error: 'Enter the number of guests' })
      .check(
        z.int('Enter a whole number of guests'),
        z.gte(1, 'At least 1 guest'),
        z.lte(100, 'At most 100 guests'),
      ),
    check_in: z.string().check(z.minLength(1, 'Enter the check-in date and time')),
    check_out: z.string().check(z.minLength(1, 'Enter the check-out date and time')),
    source: z.enum(RESERVATION_SOURCES),
    notes: z.string().check(z.maxLength(5000, 'Notes must be at most 5,000 characters')),
  })
  .check(
    z.refine((v) => !v.check_in || !v.check_out || v.check_out > v.check_in, {
      message: 'Check-out must be after check-in',
      path: ['check_out'],
    }),
  );
export type ReservationInput = z.input<typeof reservationSchema>;

const optionalCode = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));

/** Door, key safe, alarm and Wi-Fi (property_access); empty codes are stored as null. */
export const propertyAccessSchema = z.object({
  access_notes: z.string().check(z.maxLength(5000, 'Notes must be at most 5,000 characters')),
  key_safe_code: optionalCode('Key safe code', 64),
  alarm_code: optionalCode('Alarm code', 64),
  wifi_name: optionalCode('Wi-Fi network', 64),
  wifi_password: optionalCode('Wi-Fi password', 128),
});
export type PropertyAccessInput = z.input<typeof propertyAccessSchema>;
