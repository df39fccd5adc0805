// The profile form's rules; the same schema validates the form and the PATCH it sends.
import * as z from 'zod/mini';
import { APP_LANGUAGES } from '@/lib/i18n/languages';
import { fullNameField } from '@/lib/validation';
import { messages } from './messages';

/** As the profiles_phone_format check of the database. */
export const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,32}$/;

/** The language select's "Same as this device": no language on the profile (saved as null). */
export const DEVICE_LANGUAGE = '';

export const profileSchema = z.object({
  full_name: fullNameField,
  phone: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || PHONE_PATTERN.test(v), messages.ref('phoneInvalid')),
  ),
  language: z
    .string()
    .check(
      z.refine(
        (v) => v === DEVICE_LANGUAGE || (APP_LANGUAGES as readonly string[]).includes(v),
        messages.ref('languageInvalid'),
      ),
    ),
});
export type ProfileInput = z.output<typeof profileSchema>;
