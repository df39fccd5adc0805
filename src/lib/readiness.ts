// Guest-ready reasons (docs/adding-an-area.md "SQL" and "Register the area"): the codes come from
// the database (private.readiness_codes, where each area registers its own) through the generated
// readiness-codes.ts; each area gives the words for its codes in its registration
// (src/features/<area>/area.ts, `readinessReasons`), and src/app/areas.test.ts fails on a code
// without words. This file keeps what is not an area's: a code's fallback words and the reads
// that show guest-ready.

/** A code no area gave words for (a newer server than this app), as readable as it gets. */
export function reasonLabel(code: string): string {
  return code.replace(/_/g, ' ');
}

/**
 * The reads that show guest-ready: the properties area's list, detail and the dashboard's
 * "Properties today" card (their keys start with 'properties'; a card an area adds to the
 * dashboard that shows guest-ready keys its read under it too). A write in another area that can
 * change readiness (a clean done, a blocking work order resolved) refreshes them when it settles,
 * so a villa page open when a queued write lands shows the new state.
 */
export const READINESS_READS = [['properties']] as const;
