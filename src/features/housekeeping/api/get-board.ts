// The board's read: cleans planned for a range of days, with their villa, type and assignees, in
// one request (cleaning_tasks?select=*,properties(...),cleaning_types(...),cleaning_task_assignees(...)).
// Each clean is mirrored in the `tasks` store, so the board answers from the device when the
// server cannot be reached (docs/housekeeping.md).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import {
  mirrorAll,
  mirrorGet,
  mirrorPut,
  queuedCalls,
  queuedChanges,
  readWithFallback,
  type Freshness,
} from '@/offline/read';
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
  type: { name: string; color: string; code: string | null } | null;
  assignees: { id: string; user_id: string }[];
}

export const BOARD_SELECT =
  'id,property_id,day,window_start,due_at,estimated_minutes,priority,status,version,notes,same_day,guests_arriving,next_check_in,flagged,flag_reason,inspection_required,turnover_for,items_total,items_done,photos_count,inspection_note,property:properties(name,code,area),type:cleaning_types(name,color,code),assignees:cleaning_task_assignees(id,user_id)';

async function fetchRange(from: string, to: string): Promise<BoardTask[]> {
  const rows = await fetchOrThrow(async () => {
    const res = await supabase
      .from('cleaning_tasks')
      .select(BOARD_SELECT)
      .gte('day', from)
      .lte('day', to)
      .order('window_start')
      .limit(2000);
    return { data: res.data as unknown as BoardTask[] | null, error: res.error };
  });
  return rows ?? [];
}

export interface BoardData {
  tasks: BoardTask[];
  freshness: Freshness;
}

/**
 * The user's board writes still in the sync queue, laid on top (docs/offline.md rule 7), oldest
 * first: who is assigned (assignee rows inserted and deleted), the planned day and the status
 * (transition_cleaning_task calls). So a change made offline stays on the board when it is read
 * again before the change reaches the server.
 */
async function withQueuedWrites(tasks: BoardTask[]): Promise<BoardTask[]> {
  const [assignees, edits, moves] = await Promise.all([
    queuedChanges('cleaning_task_assignees'),
    queuedChanges('cleaning_tasks'),
    queuedCalls('transition_cleaning_task'),
  ]);
  if (assignees.length === 0 && edits.length === 0 && moves.length === 0) return tasks;
  const byId = new Map(tasks.map((t) => [t.id, { ...t }]));
  for (const e of assignees) {
    const { op, rowId = '' } = e.target;
    if (op === 'delete') {
      for (const t of byId.values()) t.assignees = t.assignees.filter((a) => a.id !== rowId);
    } else if (op === 'insert' && e.values) {
      const t = byId.get(String(e.values.task_id));
      if (t && !t.assignees.some((a) => a.id === rowId))
        t.assignees = [...t.assignees, { id: rowId, user_id: String(e.values.user_id) }];
    }
  }
  for (const e of edits) {
    const t = byId.get(e.target.rowId ?? '');
    if (t && e.target.op === 'update' && typeof e.values?.day === 'string') t.day = e.values.day;
  }
  // A status move made offline (started, done...), with the version it will give the clean.
  for (const e of moves) {
    const t = byId.get(String(e.values?.task_id));
    if (!t) continue;
    t.status = e.values?.to_status as BoardTask['status'];
    t.version = Number(e.values?.from_version) + 1;
  }
  return [...byId.values()];
}

export async function getBoard(from: string, to: string): Promise<BoardData> {
  const inRange = (t: BoardTask) => t.day >= from && t.day <= to;
  const { data, freshness } = await readWithFallback(
    async () => {
      const tasks = await fetchRange(from, to);
      const now = Date.now();
      void mirrorPut(
        'tasks',
        tasks.map((t) => ({ ...t, kind: 'cleaning', propertyId: t.property_id, lastSynced: now })),
      );
      return (await withQueuedWrites(tasks)).filter(inRange);
    },
    async () => {
      const copies = (await mirrorAll('tasks'))
        .filter((c) => c.kind === 'cleaning')
        .map((c) => c as unknown as BoardTask);
      return (await withQueuedWrites(copies))
        .filter(inRange)
        .sort((a, b) => a.window_start.localeCompare(b.window_start));
    },
  );
  return { tasks: data, freshness };
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
async function keptOnDevice<T>(record: string, fetch: () => Promise<T>): Promise<T> {
  const { data } = await readWithFallback(
    async () => {
      const value = await fetch();
      void mirrorPut('tasks', [{ id: record, kind: 'board-meta', value, lastSynced: Date.now() }]);
      return value;
    },
    async () => (await mirrorGet('tasks', record))?.value as T | undefined,
  );
  return data;
}

/** Colleagues who do cleans (staff_directory(): names and avatars only). */
export function useHousekeepers() {
  return useQuery({
    queryKey: housekeepingKeys.staff(),
    queryFn: () =>
      keptOnDevice('housekeeping:staff', async (): Promise<StaffMember[]> => {
        const rows = await fetchOrThrow(() => supabase.rpc('staff_directory'));
        return (rows ?? []).filter((s) => s.roles.includes('housekeeper'));
      }),
    staleTime: 5 * 60_000,
  });
}

/** Each villa's default housekeeper (auto-assign keeps a villa's cleans with her). */
export function useDefaultHousekeepers() {
  return useQuery({
    queryKey: housekeepingKeys.defaults(),
    queryFn: async (): Promise<Map<string, string>> => {
      const pairs = await keptOnDevice('housekeeping:default-housekeepers', async () => {
        const rows = await fetchOrThrow(() =>
          supabase.from('property_housekeeping').select('property_id,default_housekeeper_id'),
        );
        return (rows ?? [])
          .filter((r) => r.default_housekeeper_id)
          .map((r): [string, string] => [r.property_id, r.default_housekeeper_id as string]);
      });
      return new Map(pairs);
    },
    staleTime: 5 * 60_000,
  });
}
