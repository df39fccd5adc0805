// The cleaning settings forms' rules (docs/housekeeping.md). As before the forms were on
// react-hook-form, an invalid value only disables the save (and marks the field invalid) except
// the minutes by bedrooms, which say what they expect: the empty messages below show no text.
import * as z from 'zod/mini';
import type { Translations } from '@/components/translations/translations';
import { messages } from './messages';
import { parseMinutes } from './minutes';

/** A whole number from min to max, as typed. */
export const wholeIn = (min: number, max: number) => (v: string) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max;
};

export const typeSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, '')),
  name_i18n: z.custom<Translations>(),
  minutes: z
    .string()
    .check(z.refine((v) => parseMinutes(v) !== null, messages.ref('type.minutesHint'))),
  template: z.string(),
  inspection: z.boolean(),
  color: z.string(),
});
export type TypeFormInput = z.output<typeof typeSchema>;

export const rulesSchema = z.object({
  enabled: z.boolean(),
  hours: z.string().check(z.refine(wholeIn(1, 720), '')),
  sameDay: z.boolean(),
});
export type RulesFormInput = z.output<typeof rulesSchema>;

export const overrideSchema = z.object({
  villa: z.string().check(z.minLength(1, '')),
  type: z.string().check(z.minLength(1, '')),
  minutes: z.string().check(z.refine((v) => v === '' || wholeIn(5, 1440)(v), '')),
  template: z.string(),
  inspection: z.string(),
});
export type OverrideFormInput = z.output<typeof overrideSchema>;
