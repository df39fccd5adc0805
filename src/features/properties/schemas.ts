// The property form's and the reservation dialog's rules; the same schemas validate the forms and
// the writes they send. Bounds follow the database's checks (20261121130000_properties.sql).
import * as z from 'zod/mini';
import { PROPERTY_STATUSES, PROPERTY_TYPES, RESERVATION_SOURCES } from './labels';
import { messages } from './messages';

/** As the properties_code_format check: upper-case letters and digits in dash-separated groups. */
export const PROPERTY_CODE_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,32}$/;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

// Messages are catalogue references (docs/i18n.md), shown by the form in the language of the moment.
const m = messages.ref;

/** A count's messages name its bounds: `schema.<what>Min` / `Max` say the numbers given here. */
const count = (what: 'bedrooms' | 'bathrooms' | 'guests', min: number, max: number) =>
  z
    .number({ error: m(`schema.${what}Required`) })
    .check(
      z.int(m(`schema.${what}Whole`)),
      z.gte(min, m(`schema.${what}Min`)),
      z.lte(max, m(`schema.${what}Max`)),
    );

export const propertySchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(2, m('schema.nameMin')), z.maxLength(100, m('schema.nameMax'))),
  code: z
    .string()
    .check(
      z.trim(),
      z.toUpperCase(),
      z.minLength(1, m('schema.codeRequired')),
      z.maxLength(24, m('schema.codeMax')),
      z.regex(PROPERTY_CODE_PATTERN, m('schema.codeFormat')),
    ),
  type: z.enum(PROPERTY_TYPES),
  status: z.enum(PROPERTY_STATUSES),
  address: z.string().check(z.trim(), z.maxLength(300, m('schema.addressMax'))),
  area: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, m('schema.areaRequired')),
      z.maxLength(120, m('schema.areaMax')),
    ),
  bedrooms: count('bedrooms', 0, 50),
  bathrooms: count('bathrooms', 0, 50),
  max_guests: count('guests', 1, 100),
  owner_name: z.string().check(z.trim(), z.maxLength(120, m('schema.ownerNameMax'))),
  owner_phone: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || PHONE_PATTERN.test(v), m('schema.phoneInvalid')),
  ),
  owner_email: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (EMAIL_PATTERN.test(v) && v.length <= 254),
      m('schema.emailInvalid'),
    ),
  ),
  notes: z.string().check(z.maxLength(10000, m('schema.notesMax10000'))),
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
        z.minLength(1, m('schema.guestNameRequired')),
        z.maxLength(200, m('schema.guestNameMax')),
      ),
    guests: z
      .number({ error: m('schema.guestsRequired') })
      .check(
        z.int(m('schema.guestsWhole')),
        z.gte(1, m('schema.stayGuestsMin')),
        z.lte(100, m('schema.stayGuestsMax')),
      ),
    check_in: z.string().check(z.minLength(1, m('schema.checkInRequired'))),
    check_out: z.string().check(z.minLength(1, m('schema.checkOutRequired'))),
    source: z.enum(RESERVATION_SOURCES),
    notes: z.string().check(z.maxLength(5000, m('schema.notesMax5000'))),
  })
  .check(
    z.refine((v) => !v.check_in || !v.check_out || v.check_out > v.check_in, {
      message: m('schema.checkOutAfter'),
      path: ['check_out'],
    }),
  );
export type ReservationInput = z.input<typeof reservationSchema>;

const optionalCode = (
  what: 'keySafeMax' | 'alarmMax' | 'wifiNameMax' | 'wifiPasswordMax',
  max: number,
) => z.string().check(z.trim(), z.maxLength(max, m(`schema.${what}`)));

/** Door, key safe, alarm and Wi-Fi (property_access); empty codes are stored as null. */
export const propertyAccessSchema = z.object({
  access_notes: z.string().check(z.maxLength(5000, m('schema.notesMax5000'))),
  key_safe_code: optionalCode('keySafeMax', 64),
  alarm_code: optionalCode('alarmMax', 64),
  wifi_name: optionalCode('wifiNameMax', 64),
  wifi_password: optionalCode('wifiPasswordMax', 128),
});
export type PropertyAccessInput = z.input<typeof propertyAccessSchema>;
