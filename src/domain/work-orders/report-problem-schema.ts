// The "Report a problem" form's rules (docs/maintenance.md), one schema for every place that
// reports one (the maintenance screen, a checklist run's failed item); the database checks the
// same limits.
import * as z from 'zod/mini';
import { messages } from './messages';

export const CATEGORIES = [
  'plumbing',
  'electrical',
  'pool',
  'ac',
  'appliance',
  'structure',
  'garden',
  'pest',
  'other',
] as const;
export const PRIORITY_VALUES = ['low', 'medium', 'high', 'urgent'] as const;

export const reportSchema = z.object({
  property_id: z.string().check(z.minLength(1, messages.ref('rules.villa'))),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, messages.ref('rules.titleMin')),
      z.maxLength(200, messages.ref('rules.titleMax')),
    ),
  priority: z.enum(PRIORITY_VALUES),
  category: z.enum(CATEGORIES),
  location: z.string().check(z.trim(), z.maxLength(200, messages.ref('rules.locationMax'))),
  description: z.string().check(z.trim(), z.maxLength(5000, messages.ref('rules.descriptionMax'))),
  blocking: z.boolean(),
});
export type ReportValues = z.output<typeof reportSchema>;

/** From a failed checklist item: the title and what is wrong; the rest is the item's. */
export const itemReportSchema = z.pick(reportSchema, { title: true, description: true });
export type ItemReportValues = z.output<typeof itemReportSchema>;
