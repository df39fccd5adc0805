// The profile form's rules; the same schema validates the form and the PATCH it sends.
import * as z from 'zod/mini';
import { fullNameField } from '@/lib/validation';

/** As the profiles_phone_format check of the database. */
export const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,32}$/;

export const profileSchema = z.object({
  full_name: fullNameField,
  phone: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || PHONE_PATTERN.test(v),
      'Enter a valid phone number, e.g. +30 694 512 3801',
    ),
  ),
  language: z.string().check(z.regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Choose a language')),
});
export type ProfileInput = z.output<typeof profileSchema>;
