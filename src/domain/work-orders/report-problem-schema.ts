// The "Report a problem" form's rules (docs/maintenance.md), one schema for every place that
// reports one (the maintenance screen, a checklist run's failed item); the database checks the
// same limits.
import * as z from 'zod/mini';

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
  property_id: z.string().check(z.minLength(1, 'Choose the villa')),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Say what is wrong in a few words'),
      z.maxLength(200, 'Title must be at most 200 characters'),
    ),
  priority: z.enum(PRIORITY_VALUES),
  category: z.enum(CATEGORIES),
  location: z.string().check(z.trim(), z.maxLength(200, 'Keep the room or asset short')),
  description: z
    .string()
    .check(z.trim(), z.maxLength(5000, 'Description must be at most 5000 characters')),
  blocking: z.boolean(),
});
export type ReportValues = z.output<typeof reportSchema>;

/** From a failed checklist item: the title and what is wrong; the rest is the item's. */
export const itemReportSchema = z.pick(reportSchema, { title: true, description: true });
export type ItemReportValues = z.output<typeof itemReportSchema>;
