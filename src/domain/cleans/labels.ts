// A clean's status in words, in the language of the moment (docs/i18n.md): the board, the route,
// the checklist run and the villa page name it the same way.
import { localized } from '@/lib/i18n/localized';
import { messages } from './messages';
import type { CleanStatus } from './transitions';

/** Every status, in the order the board's filters list them. */
export const CLEAN_STATUSES: readonly CleanStatus[] = [
  'scheduled',
  'in_progress',
  'done',
  'inspected',
  'skipped',
  'cancelled',
];

/** "In progress", "Done", ... (called when shown, so it follows a language switch). */
export function cleanStatusLabel(status: CleanStatus): string {
  return messages.t(`status.${status}`);
}

/** How a status move is named in the Sync Queue: "VIL-01: in progress". */
export function moveLabel(code: string, to: CleanStatus): string {
  return messages.t('move.label', { code, status: to });
}

/**
 * A cleaning type's name in the reader's language (its `name_i18n`, written by the office:
 * docs/i18n.md "Names the office writes"), else its English name.
 */
export function cleaningTypeName(type: { name: string; name_i18n?: unknown }): string {
  return localized(type.name, type.name_i18n);
}
