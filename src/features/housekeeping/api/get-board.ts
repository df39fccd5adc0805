// The board's read: cleans planned for a range of days, with their villa, type and assignees, in
// one request (cleaning_tasks?select=*,properties(...),cleaning_types(...),cleaning_task_assignees(...)).
// Declared once as an offline resource (docs/offline.md): each clean is kept as a record of kind
// `cleaning` in the `tasks` store, so the board answers from the device when the server cannot be
// reached (docs/housekeeping.md), with the user's queued assignments, moves to another day and
// status moves (transition_cleaning_task, src/domain/cleans/transitions.ts) on top.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { transitionCleaningTask } from '@/domain/cleans/transitions';
import type { QueueEntry } from '@/offline/queue-entry';
import type { Freshness } from '@/offline/read';
import {
  kindRows,
  listResource,
  readList,
  readOne,
  rowKind,
  rowResource,
  valueInRecord,
} from '@/offline/resource';
import { housekeepingKeys } from './keys';

export interface BoardTask {
  id: string;
  property_id: string;
  day: string;
  window_start: string;
  due_at: string;
  estimated_minutes: number;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  status: 'scheduled' | 'in_progress' | 'done' | 'inspected' | 'skipped' | 'cancelled';
  version: number;
  notes: string;
  same_day: boolean;
  guests_arriving: number | null;
  next_check_in: string | null;
  flagged: boolean;
  flag_reason: string | null;
  inspection_required: boolean;
  turnover_for: string | null;
  /**
   * The checklist's progress, kept by the database as answers and photos arrive (they do not
   * change `version`): items of the clean's checklist version, those answered, photos taken.
   * A copy kept on the device before these existed has none (read as 0).
   */
  items_total?: number;
  items_done?: number;
  photos_count?: number;
  /** The note of the last send-back (done → in progress) by the inspector. */
  inspection_note?: string | null;
  property: { name: string; code: string; area: string } | null;
  type: { name: string; name_i18n?: unknown; color: string; code: string | null } | null;
  assignees: { id: string; user_id: string }[];
}

export const BOARD_SELECT =
  'id,property_id,day,window_start,due_at,estimated_minutes,priority,status,version,notes,same_day,guests_arriving,next_check_in,flagged,flag_reason,inspection_required,turnover_for,items_total,items_done,photos_count,inspection_note,property:properties(name,code,area),type:cleaning_types(name,name_i18n,color,code),assignees:cleaning_task_assignees(id,user_id)';

async function fetchRange({ from, to }: BoardRange): Promise<BoardTask[]> {
  return (
    (await fetchOrThrow(() =>
      supabase
        .from('cleaning_tasks')
        .select(BOARD_SELECT)
        .gte('day', from)
        .lte('day', to)
        .order('window_start')
        .limit(2000),
    )) ?? []
  );
}

export interface BoardData {
  tasks: BoardTask[];
  freshness: Freshness;
}

export interface BoardRange {
  from: string;
  to: string;
}

/** The cleans this device keeps: records of kind `cleaning` in `tasks`, by villa. */
export const cleanKind = rowKind<BoardTask>({
  store: 'tasks',
  kind: 'cleaning',
  villa: (t) => t.property_id,
});

/**
 * Who is assigned, as queued: assignee rows inserted (with ids made on the device) and deleted. So
 * a change made offline stays on the board when it is read again before it reaches the server.
 */
export function layAssignees<T extends Pick<BoardTask, 'id' | 'assignees'>>(
  tasks: T[],
  changes: QueueEntry[],
): T[] {
  const byId = new Map(tasks.map((t) => [t.id, { ...t }]));
  for (const e of changes) {
    const { op, rowId = '' } = e.target;
    if (op === 'delete') {
      for (const t of byId.values()) t.assignees = t.assignees.filter((a) => a.id !== rowId);
    } else if (op === 'insert' && e.values) {
      const t = byId.get(String(e.values.task_id));
      if (t && !t.assignees.some((a) => a.id === rowId))
        t.assignees = [...t.assignees, { id: rowId, user_id: String(e.values.user_id) }];
    }
  }
  return [...byId.values()];
}

const inRange = (t: BoardTask, { from, to }: BoardRange) => t.day >= from && t.day <= to;

/**
 * The cleans of a range of days. Full for its days: a clean of those days the server no longer
 * returns is forgotten on this device (never one with a write waiting).
 */
export const boardCleans = listResource<BoardTask, BoardRange>({
  source: 'cleaning_tasks',
  // Moves to another day (last write wins) are row edits of the clean.
  table: 'cleaning_tasks',
  fetch: fetchRange,
  copy: kindRows(cleanKind),
  matches: inRange,
  compare: (a, b) => a.window_start.localeCompare(b.window_start),
  full: (p) => (t) => inRange(t, p),
  calls: [transitionCleaningTask],
  children: [{ table: 'cleaning_task_assignees', lay: layAssignees }],
});

export async function getBoard(from: string, to: string): Promise<BoardData> {
  const { rows, fromDevice } = await readList(boardCleans, { from, to });
  return {
    tasks: rows,
    freshness: fromDevice
      ? { source: 'device', lastSynced: null }
      : { source: 'server', lastSynced: Date.now() },
  };
}

export const boardQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: housekeepingKeys.range(from, to),
    queryFn: () => getBoard(from, to),
  });

/**
 * `keepPrevious`: while a new range loads, the last one stays on screen (the list, whose filters
 * live in its own state and would be lost if it gave way to a loading line).
 */
export function useBoard(from: string, to: string, { keepPrevious = false } = {}) {
  return useQuery({
    ...boardQueryOptions(from, to),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

export interface StaffMember {
  id: string;
  full_name: string;
  avatar_url: string | null;
  roles: string[];
}

/**
 * A small read the board needs beside its cleans (who does cleans, the villas' default
 * housekeepers), kept whole in one record of the `tasks` store: offline the board still has its
 * columns, its assign selects and the suggestion's defaults.
 */
function keptOnDevice<T extends object>(record: string, fetch: () => Promise<T>) {
  return rowResource<T>({ source: record, fetch, copy: valueInRecord<T | null>('tasks', 'value') });
}

const housekeepers = keptOnDevice('housekeeping:staff', async (): Promise<StaffMember[]> => {
  const rows = await fetchOrThrow(() => supabase.rpc('staff_directory'));
  return (rows ?? []).filter((s) => s.roles.includes('housekeeper'));
});

const defaultHousekeepers = keptOnDevice(
  'housekeeping:default-housekeepers',
  async (): Promise<[string, string][]> => {
    const rows = await fetchOrThrow(() =>
      supabase.from('property_housekeeping').select('property_id,default_housekeeper_id'),
    );
    return (rows ?? []).flatMap((r): [string, string][] =>
      r.default_housekeeper_id ? [[r.property_id, r.default_housekeeper_id]] : [],
    );
  },
);

/** Colleagues who do cleans (staff_directory(): names and avatars only). */
export function useHousekeepers() {
  return useQuery({
    queryKey: housekeepingKeys.staff(),
    queryFn: async () => (await readOne(housekeepers, 'housekeeping:staff')).row ?? [],
    staleTime: 5 * 60_000,
  });
}

/** Each villa's default housekeeper (auto-assign keeps a villa's cleans with her). */
export function useDefaultHousekeepers() {
  return useQuery({
    queryKey: housekeepingKeys.defaults(),
    queryFn: async (): Promise<Map<string, string>> =>
      new Map((await readOne(defaultHousekeepers, 'housekeeping:default-housekeepers')).row ?? []),
    staleTime: 5 * 60_000,
  });
}
