// The ical-import edge function: a feed URL or an uploaded .ics file's text, applied to one villa;
// answers what changed. Re-importing the same calendar changes nothing.
import * as z from 'zod/mini';
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertyKeys, reservationKeys } from './keys';
import { messages } from '../messages';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';

export const icalImportSchema = z.union([
  z.object({ url: z.string().check(z.regex(/^https?:\/\/\S+$/i, messages.ref('ical.badUrl'))) }),
  z.object({ ics: z.string().check(z.minLength(1, messages.ref('ical.chooseFile'))) }),
]);
export type IcalImportInput = z.input<typeof icalImportSchema>;

export interface IcalImportReport {
  created: number;
  updated: number;
  cancelled: number;
  unchanged: number;
  conflicts: unknown[];
  invalid: unknown[];
  warnings: string[];
  skipped: number;
}

function countOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) return v.length;
  return 0;
}

function listOf(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

interface ImportAnswer {
  data?: {
    parsed?: { skipped?: unknown; warnings?: unknown; problems?: unknown };
    report?: Record<string, unknown>;
  };
  error?: { message?: string };
}

/** The function's own { error: { message } } when it answered with one. */
async function invokeErrorMessage(e: unknown): Promise<string | undefined> {
  if (typeof e === 'object' && e !== null && 'context' in e) {
    const ctx = (e as { context: unknown }).context;
    if (ctx instanceof Response) {
      try {
        const body = (await ctx.clone().json()) as ImportAnswer;
        return body.error?.message;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export async function importIcal(
  propertyId: string,
  input: IcalImportInput,
): Promise<IcalImportReport> {
  const v = z.parse(icalImportSchema, input);
  const { data, error } = await supabase.functions.invoke<ImportAnswer>('ical-import', {
    body: { property_id: propertyId, ...v },
  });
  if (error)
    throw new Error(
      (await invokeErrorMessage(error)) ?? errorMessage(error, messages.t('ical.failed')),
    );
  const report = data?.data?.report ?? {};
  const parsed = data?.data?.parsed ?? {};
  const warnings = [...listOf(parsed.warnings), ...listOf(report.warnings)].map(String);
  return {
    created: countOf(report.created),
    updated: countOf(report.updated),
    cancelled: countOf(report.cancelled),
    unchanged: countOf(report.unchanged),
    conflicts: listOf(report.conflicts),
    invalid: listOf(report.invalid),
    warnings,
    skipped: countOf(parsed.skipped) + countOf(report.skipped),
  };
}

export function useImportIcal(
  propertyId: string,
  callbacks?: MutationCallbacks<IcalImportReport, IcalImportInput>,
) {
  return useAppMutation(
    {
      mutationFn: (input: IcalImportInput) => importIcal(propertyId, input),
      invalidate: [reservationKeys.property(propertyId), propertyKeys.all],
      done: () => notify.success(messages.t('ical.done')),
      failed: messages.t('ical.failed'),
    },
    callbacks,
  );
}
