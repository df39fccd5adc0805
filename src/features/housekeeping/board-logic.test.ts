import { describe, expect, it } from 'vitest';
import type { BoardTask, StaffMember } from './api/get-board';
import { addDays, guestsArriving, isLate, suggestAssignments, weekStart } from './board-logic';

const staff = (id: string): StaffMember => ({
  id,
  full_name: id,
  avatar_url: null,
  roles: ['housekeeper'],
});
function task(id: string, extra: Partial<BoardTask> = {}): BoardTask {
  return {
    id,
    property_id: `p-${id}`,
    day: '2026-07-01',
    window_start: '2026-07-01T08:00:00Z',
    due_at: '2026-07-01T12:00:00Z',
    estimated_minutes: 120,
    priority: 'normal',
    status: 'scheduled',
    version: 1,
    notes: '',
    same_day: false,
    guests_arriving: null,
    next_check_in: null,
    flagged: false,
    flag_reason: null,
    inspection_required: false,
    turnover_for: null,
    property: { name: id, code: id, area: 'Oia' },
    type: null,
    assignees: [],
    ...extra,
  };
}

describe('board rules', () => {
  it('days and weeks in the company calendar', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekStart('2026-07-01')).toBe('2026-06-29');
  });

  it("weeks start on the company's day: Sunday, Saturday, or Monday by default", () => {
    // 2026-07-01 is a Wednesday; 2026-07-05 a Sunday.
    expect(weekStart('2026-07-01', 1)).toBe('2026-06-29');
    expect(weekStart('2026-07-01', 0)).toBe('2026-06-28');
    expect(weekStart('2026-07-01', 6)).toBe('2026-06-27');
    expect(weekStart('2026-07-05', 0)).toBe('2026-07-05');
    expect(weekStart('2026-07-05')).toBe('2026-06-29');
    expect(weekStart('2026-07-04', 6)).toBe('2026-07-04');
  });

  it('a clean is late once its due time passed while it is still open', () => {
    const t = task('a');
    expect(isLate(t, Date.parse('2026-07-01T12:01:00Z'))).toBe(true);
    expect(isLate(t, Date.parse('2026-07-01T11:59:00Z'))).toBe(false);
    expect(isLate({ ...t, status: 'done' }, Date.parse('2026-07-02T00:00:00Z'))).toBe(false);
  });

  it('auto-assign keeps a villa with its default housekeeper and balances the rest', () => {
    const tasks = [
      task('a'),
      task('b'),
      task('c'),
      task('d', { property: { name: 'd', code: 'd', area: 'Fira' } }),
    ];
    const s = suggestAssignments(
      tasks,
      [staff('maria'), staff('sofia')],
      new Map([['p-a', 'maria']]),
    );
    expect(s.get('a')).toBe('maria');
    const load = { maria: 0, sofia: 0 } as Record<string, number>;
    for (const id of s.values()) load[id]! += 120;
    expect(Math.abs(load.maria! - load.sofia!)).toBeLessThanOrEqual(120);
    expect(s.size).toBe(4);
  });

  it('leaves assigned, started and finished cleans alone', () => {
    const tasks = [
      task('a', { assignees: [{ id: 'x', user_id: 'sofia' }] }),
      task('b', { status: 'in_progress' }),
    ];
    expect(suggestAssignments(tasks, [staff('maria')], new Map()).size).toBe(0);
  });
});

describe('guestsArriving', () => {
  it('says guest for one and guests for more', () => {
    expect(guestsArriving(1)).toBe('1 guest arriving');
    expect(guestsArriving(4)).toBe('4 guests arriving');
  });
});
