// One villa's work orders for its detail page (docs/maintenance.md "A villa's work orders"): all
// of its open ones and the last few resolved or closed, with the names of who is assigned. Online
// it reads the server and keeps a copy in the `tasks` store (the work orders as the maintenance
// list keeps them, kind 'work_order', plus one `property-work-orders` record with the names);
// offline it answers from that copy. Either way the user's queued reports and edits lie on top.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { openOfflineDb } from '@/offline/db';
import { mirrorPut, readWithFallback, type Freshness } from '@/offline/read';
import { WORK_ORDER_SELECT, withQueued } from './get-work-orders';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { byUrgency } from '@/domain/work-orders/labels';
import { type WorkOrder } from '@/domain/work-orders/types';

/** How many resolved or closed work orders the page shows. */
export const RECENT_SHOWN = 5;

/** When it was finished: resolved (or closed) time, for the "recent" order. */
type Finished = WorkOrder & { resolved_at?: string | null; closed_at?: string | null };

export interface PropertyWorkOrders {
  open: WorkOrder[];
  recent: WorkOrder[];
  /** user id -> full name, for the assignees shown. */
  names: Record<string, string>;
  freshness: Freshness;
}

const metaId = (propertyId: string) => `property-work-orders:${propertyId}`;
const isFinished = (w: WorkOrder) => w.status === 'resolved' || w.status === 'closed';
const finishedAt = (w: Finished) => w.closed_at ?? w.resolved_at ?? w.created_at;

async function fetchOnline(propertyId: string) {
  const select = `${WORK_ORDER_SELECT},resolved_at,closed_at`;
  const [open, finished, staff] = await Promise.all([
    fetchOrThrow(async () => {
      const res = await supabase
        .from('work_orders')
        .select(select)
        .eq('property_id', propertyId)
        .not('status', 'in', '(resolved,closed)')
        .limit(500);
      return { data: res.data as unknown as Finished[] | null, error: res.error };
    }),
    fetchOrThrow(async () => {
      const res = await supabase
        .from('work_orders')
        .select(select)
        .eq('property_id', propertyId)
        .in('status', ['resolved', 'closed'])
        .order('resolved_at', { ascending: false, nullsFirst: false })
        .limit(RECENT_SHOWN);
      return { data: res.data as unknown as Finished[] | null, error: res.error };
    }),
    fetchOrThrow(() => supabase.rpc('staff_directory')),
  ]);
  const names: Record<string, string> = {};
  for (const s of staff ?? []) names[s.id] = s.full_name;
  const rows = [...(open ?? []), ...(finished ?? [])];
  const now = Date.now();
  void mirrorPut('tasks', [
    ...rows.map((w) => ({ ...w, kind: 'work_order', propertyId: w.property_id, lastSynced: now })),
    { id: metaId(propertyId), kind: 'property-work-orders', propertyId, names, lastSynced: now },
  ]);
  return { rows, names };
}

async function fromDevice(propertyId: string) {
  const db = await openOfflineDb();
  const copies = await db.getAllFromIndex('tasks', 'propertyId', propertyId);
  const meta = copies.find((c) => c.id === metaId(propertyId));
  const rows = copies.filter((c) => c.kind === 'work_order').map((c) => c as unknown as Finished);
  if (!meta && rows.length === 0) return undefined;
  return { rows, names: (meta?.names as Record<string, string> | undefined) ?? {} };
}

export async function getPropertyWorkOrders(propertyId: string): Promise<PropertyWorkOrders> {
  const { data, freshness } = await readWithFallback(
    () => fetchOnline(propertyId),
    () => fromDevice(propertyId),
  );
  // A report made on this phone for this villa shows at once, marked as waiting to sync.
  const rows = (await withQueued(data.rows)).filter((w) => w.property_id === propertyId);
  return {
    open: rows.filter((w) => !isFinished(w)).sort(byUrgency),
    recent: (rows.filter(isFinished) as Finished[])
      .sort((a, b) => finishedAt(b).localeCompare(finishedAt(a)))
      .slice(0, RECENT_SHOWN),
    names: data.names,
    freshness,
  };
}

export const propertyWorkOrdersQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: workOrderKeys.property(propertyId),
    queryFn: () => getPropertyWorkOrders(propertyId),
  });

export function usePropertyWorkOrders(propertyId: string) {
  return useQuery(propertyWorkOrdersQueryOptions(propertyId));
}
