// The admin forms' rules (docs/admin.md): the same messages the database's refusals are shown
// with (api/field-of-error.ts), checked before anything is sent.
import * as z from 'zod/mini';
import { messages } from './messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SUPPORT_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** As the roles_name_format check of the database. */
export const ROLE_NAME = /^[a-z][a-z0-9_]{1,31}$/;

export const newUserSchema = z.object({
  email: z.string().check(z.trim(), z.regex(EMAIL, messages.ref('form.emailInvalid'))),
  full_name: z.string(),
  password: z
    .string()
    .check(
      z.refine(
        (v) => v === '' || (v.length >= 6 && v.length <= 72),
        messages.ref('form.passwordLength'),
      ),
    ),
  roles: z.array(z.string()),
});
export type NewUserInput = z.output<typeof newUserSchema>;

export const roleSchema = z.object({
  name: z.string().check(z.regex(ROLE_NAME, messages.ref('form.roleName'))),
  description: z.string(),
});
export type RoleFormInput = z.output<typeof roleSchema>;

/** The settings form; `zones` are the time zones this browser knows (none: not checked here). */
export const settingsSchema = (zones: readonly string[]) =>
  z.object({
    company_name: z.string().check(z.trim(), z.minLength(1, messages.ref('form.companyName'))),
    time_zone: z
      .string()
      .check(
        z.refine(
          (v) => zones.length === 0 || zones.includes(v) || v === 'UTC',
          messages.ref('form.timeZone'),
        ),
      ),
    support_email: z.string().check(z.regex(SUPPORT_EMAIL, messages.ref('form.supportEmail'))),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/, messages.ref('form.currency'))),
    default_check_in_time: z.string(),
    default_check_out_time: z.string(),
    week_start: z.string(),
    allow_negative_stock: z.boolean(),
  });
export type SettingsInput = z.output<ReturnType<typeof settingsSchema>>;
