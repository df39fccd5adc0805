// Why a villa is not guest-ready, in words: the reason codes of property_overview.not_ready_reasons.
// The codes come from the database (private.readiness_codes, where each area registers its own:
// docs/adding-an-area.md "SQL") through the generated readiness-codes.ts, so a code without a label
// here, or a label for a code that does not exist, fails the typecheck. Shared by the properties
// area, housekeeping and the dashboard.
import type { ReadinessReasonCode } from './readiness-codes';

const REASON_LABELS: Record<ReadinessReasonCode, string> = {
  archived: 'Archived',
  inactive: 'Inactive (out of service)',
  reservation_conflict: 'An imported stay overlaps a confirmed reservation',
  turnover_pending: 'Turnover clean not done',
  inspection_pending: 'Clean done, waiting for inspection',
  work_order_blocking: 'A blocking work order is open',
};

/** A reason code of property_overview.not_ready_reasons in words (unknown codes as they are). */
export function reasonLabel(code: string): string {
  return isReasonCode(code) ? REASON_LABELS[code] : code.replace(/_/g, ' ');
}

function isReasonCode(code: string): code is ReadinessReasonCode {
  return Object.hasOwn(REASON_LABELS, code);
}

/**
 * The reads that show guest-ready: the properties area's list, detail and the dashboard's
 * "Properties today" card (their keys start with 'properties'; a card an area adds to the
 * dashboard that shows guest-ready keys its read under it too). A write in another area that can
 * change readiness (a clean done, a blocking work order resolved) refreshes them when it settles,
 * so a villa page open when a queued write lands shows the new state.
 */
export const READINESS_READS = [['properties']] as const;
