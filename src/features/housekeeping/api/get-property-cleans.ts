// One villa's cleans for its detail page (docs/housekeeping.md "Property detail"): the cleans of
// the last RECENT_DAYS days and the next UPCOMING_DAYS, the villa's guest-ready state with the
// due time of the clean that holds it, and the names of who is assigned. Declared as offline
// resources (docs/offline.md): the cleans are kept as the board keeps them (`cleanKind`), the
// readiness in a `property-cleans:<villa>` record of the `tasks` store, the names as every villa
// section keeps them (src/domain/staff/names.ts); offline each answers from its copy.
// Changes to the villa's cleans arrive live (realtime), checklist progress included.
import { useLiveUpdates } from '@/lib/live-updates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { transitionCleaningTask } from '@/domain/cleans/transitions';
import { getStaffNames } from '@/domain/staff/names';
import { isNetworkError } from '@/offline/network-error';
import type { Freshness } from '@/offline/read';
import {
  kindRows,
  listResource,
  readList,
  readOne,
  rowResource,
  valueInRecord,
} from '@/offline/resource';
import { addDays, todayInCompany } from '../board-logic';
import { BOARD_SELECT, cleanKind, layAssignees, type BoardTask } from './get-board';
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

interface VillaDays {
  propertyId: string;
  from: string;
  to: string;
}

const ofVilla = (t: BoardTask, p: VillaDays) =>
  t.property_id === p.propertyId && t.day >= p.from && t.day <= p.to;

/** The villa's cleans of those days. Full for them: a clean deleted on the server is forgotten. */
export const villaCleans = listResource<BoardTask, VillaDays>({
  source: 'cleaning_tasks',
  table: 'cleaning_tasks',
  fetch: async ({ propertyId, from, to }) =>
    (await fetchOrThrow(() =>
      supabase
        .from('cleaning_tasks')
        .select(BOARD_SELECT)
        .eq('property_id', propertyId)
        .gte('day', from)
        .lte('day', to)
        .order('window_start')
        .limit(200),
    )) ?? [],
  copy: kindRows(cleanKind, { villa: (p) => p.propertyId, scope: (p) => p.propertyId }),
  matches: ofVilla,
  compare: (a, b) => a.window_start.localeCompare(b.window_start),
  full: (p) => (t) => ofVilla(t, p),
  calls: [transitionCleaningTask],
  children: [{ table: 'cleaning_task_assignees', lay: layAssignees }],
});

/** The villa's guest-ready state (property_overview); none: a villa this user may not see. */
export const villaReadiness = rowResource<PropertyReadiness>({
  source: 'property_overview',
  fetch: async (propertyId) => {
    const o = await fetchOrThrow(async () => {
      const res = await supabase
        .from('property_overview')
        .select('guest_ready,not_ready_reasons,not_ready_due_at,turnover_task_id')
        .eq('id', propertyId)
        .maybeSingle();
      return { data: res.data, error: res.error };
    });
    return o
      ? {
          guest_ready: o.guest_ready ?? false,
          not_ready_reasons: o.not_ready_reasons ?? [],
          not_ready_due_at: o.not_ready_due_at,
          turnover_task_id: o.turnover_task_id,
        }
      : null;
  },
  copy: valueInRecord<PropertyReadiness | null>(
    'tasks',
    'readiness',
    (propertyId) => `property-cleans:${propertyId}`,
  ),
});

export async function getPropertyCleans(propertyId: string): Promise<PropertyCleans> {
  const today = todayInCompany();
  const days = {
    propertyId,
    from: addDays(today, -RECENT_DAYS),
    to: addDays(today, UPCOMING_DAYS),
  };
  const [{ rows, fromDevice }, readiness, names] = await Promise.all([
    readList(villaCleans, days),
    // Offline with none kept: the cleans still show, without the guest-ready line.
    readOne(villaReadiness, propertyId).then(
      (r) => r.row,
      (e: unknown) => {
        if (isNetworkError(e)) return null;
        throw e;
      },
    ),
    getStaffNames(),
  ]);
  return {
    tasks: rows,
    readiness,
    names,
    freshness: fromDevice
      ? { source: 'device', lastSynced: null }
      : { source: 'server', lastSynced: Date.now() },
  };
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
