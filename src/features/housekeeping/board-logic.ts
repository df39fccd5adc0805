// Pure board rules (docs/housekeeping.md): days, lateness, who does how much, and the auto-assign
// suggestion. Kept apart from the screens so they are easy to read and to test.
import { zonedDay } from '@/lib/company-time';
import type { BoardTask, StaffMember } from './api/get-board';
import { messages } from './messages';

export const OPEN: readonly BoardTask['status'][] = ['scheduled', 'in_progress'];

/** "1 guest arriving", "4 guests arriving" (in the language of the moment). */
export function guestsArriving(n: number): string {
  return messages.t('guestsArriving', { count: n });
}

/** Not finished and its due time (the next arrival, or the end of its window) has passed. */
export function isLate(t: BoardTask, now = Date.now()): boolean {
  return OPEN.includes(t.status) && Date.parse(t.due_at) < now;
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function todayInCompany(): string {
  return zonedDay(new Date().toISOString());
}

/**
 * The first day of the week of `day`, weeks starting on `startsOn` (0 Sunday ... 6 Saturday, as
 * useCompanySettings().weekStartsOn gives the company's setting; Monday by default).
 */
export function weekStart(day: string, startsOn = 1): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((dow - startsOn + 7) % 7));
}

export function minutesBy(tasks: BoardTask[]): Map<string, number> {
  const load = new Map<string, number>();
  for (const t of tasks) {
    if (t.status === 'cancelled' || t.status === 'skipped') continue;
    for (const a of t.assignees)
      load.set(a.user_id, (load.get(a.user_id) ?? 0) + t.estimated_minutes);
  }
  return load;
}

/**
 * A suggestion for a day's unassigned cleans: keep a villa's cleans with its default housekeeper
 * unless she already has much more than the others, prefer someone already working in the same
 * area that day, and otherwise balance the minutes. The manager accepts or changes it.
 */
export function suggestAssignments(
  dayTasks: BoardTask[],
  housekeepers: StaffMember[],
  defaults: Map<string, string>,
): Map<string, string> {
  const ids = housekeepers.map((h) => h.id);
  const suggestion = new Map<string, string>();
  if (ids.length === 0) return suggestion;
  const load = minutesBy(dayTasks);
  const areas = new Map<string, Set<string>>();
  for (const t of dayTasks)
    for (const a of t.assignees) {
      const set = areas.get(a.user_id) ?? new Set<string>();
      set.add(t.property?.area ?? '');
      areas.set(a.user_id, set);
    }
  const open = dayTasks
    .filter((t) => t.assignees.length === 0 && t.status === 'scheduled')
    .sort((a, b) => b.estimated_minutes - a.estimated_minutes);
  for (const t of open) {
    const minutes = (id: string) => load.get(id) ?? 0;
    const lightest = Math.min(...ids.map(minutes));
    const preferred = defaults.get(t.property_id);
    let pick: string | undefined;
    if (preferred && ids.includes(preferred) && minutes(preferred) <= lightest + 120)
      pick = preferred;
    if (!pick) {
      const area = t.property?.area ?? '';
      const sameArea = ids.filter((id) => areas.get(id)?.has(area) && minutes(id) <= lightest + 90);
      const pool = sameArea.length > 0 ? sameArea : ids;
      pick = pool.reduce((best, id) => (minutes(id) < minutes(best) ? id : best), pool[0]!);
    }
    suggestion.set(t.id, pick);
    load.set(pick, minutes(pick) + t.estimated_minutes);
    const set = areas.get(pick) ?? new Set<string>();
    set.add(t.property?.area ?? '');
    areas.set(pick, set);
  }
  return suggestion;
}
