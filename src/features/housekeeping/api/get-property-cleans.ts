// One villa's cleans for its detail page (docs/housekeeping.md "Property detail"): the cleans of
// the last RECENT_DAYS days and the next UPCOMING_DAYS, the villa's guest-ready state with the
// due time of the clean that holds it, and the names of who is assigned. Online it reads the
// server and keeps a copy in the `tasks` store (the cleans as the board keeps them, plus one
// `property-cleans` record with the readiness and the names); offline it answers from that copy.
// Changes to the villa's cleans arrive live (realtime), checklist progress included.
import { useLiveUpdates } from '@/lib/live-updates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { openOfflineDb } from '@/offline/db';
import { mirrorPut, readWithFallback, type Freshness } from '@/offline/read';
import { addDays, todayInCompany } from '../board-logic';
import { BOARD_SELECT, type BoardTask } from './get-board';
import { housekeepingKeys } from './keys';

export const RECENT_DAYS = 14;
export const UPCOMING_DAYS = 30;

export interface PropertyReadiness {
  guest_ready: boolean;
  not_ready_reasons: string[];
  not_ready_due_at: string | null;
  turnover_task_id: string | null;
}

export interface PropertyCleans {
  tasks: BoardTask[];
  readiness: PropertyReadiness | null;
  /** user id -> full name, for the assignees shown. */
  names: Record<string, string>;
  freshness: Freshness;
}

const metaId = (propertyId: string) => `property-cleans:${propertyId}`;

async function fetchOnline(propertyId: string, from: string, to: string) {
  const [tasks, overview, staff] = await Promise.all([
    fetchOrThrow(async () => {
      const res = await supabase
        .from('cleaning_tasks')
        .select(BOARD_SELECT)
        .eq('property_id', propertyId)
        .gte('day', from)
        .lte('day', to)
        .order('window_start')
        .limit(200);
      return { data: res.data as unknown as BoardTask[] | null, error: res.error };
    }),
    fetchOrThrow(async () => {
      const res = await supabase
        .from('property_overview')
        .select('guest_ready,not_ready_reasons,not_ready_due_at,turnover_task_id')
        .eq('id', propertyId)
        .maybeSingle();
      // (no row is an answer too: a villa this user may not see)
      return { data: { row: res.data }, error: res.error };
    }),
    fetchOrThrow(() => supabase.rpc('staff_directory')),
  ]);
  const names: Record<string, string> = {};
  for (const s of staff ?? []) names[s.id] = s.full_name;
  const o = overview.row;
  const readiness: PropertyReadiness | null = o
    ? {
        guest_ready: o.guest_ready ?? false,
        not_ready_reasons: o.not_ready_reasons ?? [],
        not_ready_due_at: o.not_ready_due_at,
        turnover_task_id: o.turnover_task_id,
      }
    : null;
  const now = Date.now();
  void mirrorPut('tasks', [
    ...(tasks ?? []).map((t) => ({
      ...t,
      kind: 'cleaning',
      propertyId: t.property_id,
      lastSynced: now,
    })),
    {
      id: metaId(propertyId),
      kind: 'property-cleans',
      propertyId,
      readiness,
      names,
      lastSynced: now,
    },
  ]);
  return { tasks: tasks ?? [], readiness, names };
}

async function fromDevice(propertyId: string, from: string, to: string) {
  const db = await openOfflineDb();
  const copies = await db.getAllFromIndex('tasks', 'propertyId', propertyId);
  const meta = copies.find((c) => c.id === metaId(propertyId));
  const tasks = copies
    .filter((c) => c.kind === 'cleaning')
    .map((c) => c as unknown as BoardTask)
    .filter((t) => t.day >= from && t.day <= to)
    .sort((a, b) => a.window_start.localeCompare(b.window_start));
  if (!meta && tasks.length === 0) return undefined;
  return {
    tasks,
    readiness: (meta?.readiness as PropertyReadiness | null | undefined) ?? null,
    names: (meta?.names as Record<string, string> | undefined) ?? {},
  };
}

export async function getPropertyCleans(propertyId: string): Promise<PropertyCleans> {
  const today = todayInCompany();
  const from = addDays(today, -RECENT_DAYS);
  const to = addDays(today, UPCOMING_DAYS);
  const { data, freshness } = await readWithFallback(
    () => fetchOnline(propertyId, from, to),
    () => fromDevice(propertyId, from, to),
  );
  return { ...data, freshness };
}

export const propertyCleansQueryOptions = (propertyId: string) =>
  queryOptions({
    // Under housekeepingKeys.tasks(): the board's writes and live changes refresh it too.
    queryKey: [...housekeepingKeys.tasks(), 'property', propertyId] as const,
    queryFn: () => getPropertyCleans(propertyId),
  });

/**
 * The villa's cleans, live: a change to one of them (its status, or its checklist progress as a
 * housekeeper's answers and photos reach the server) reads them again, as the board does.
 */
export function usePropertyCleans(propertyId: string) {
  useLiveUpdates(
    `property-cleans:${propertyId}`,
    [{ table: 'cleaning_tasks', filter: `property_id=eq.${propertyId}` }],
    [propertyCleansQueryOptions(propertyId).queryKey],
  );
  return useQuery(propertyCleansQueryOptions(propertyId));
}
