// Work-order reads shared by every area (docs/maintenance.md, docs/offline.md "Declaring a
// resource"): the whole list (maintenance's views filter it on the device), one work order with its
// comments, photos and timeline, and one villa's work orders. Each work order is kept on this
// device as a record of kind `work_order` in the `tasks` store (`workOrderKind`), so every read
// answers from the device when the server cannot be reached, with the user's queued reports, edits
// and status moves (transition_work_order, ./transitions.ts) laid on top.
import { queryOptions } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Freshness } from '@/offline/read';
import {
  kindRows,
  keptRowsOf,
  listResource,
  readList,
  readOne,
  rowKind,
  rowResource,
} from '@/offline/resource';
import { getStaffNames } from '@/domain/staff/names';
import { workOrderKeys } from './keys';
import { byUrgency } from './labels';
import { takeWorkOrderCall, transitionWorkOrder } from './transitions';
import type { WorkOrder } from './types';

export const WORK_ORDER_SELECT =
  'id,property_id,title,description,location,category,priority,status,version,assignee_id,reporter_id,due_at,blocking,labour_minutes,parts_cost,labour_cost,external_cost,resolution_notes,created_at,property:properties(name,code,area)';

/** The work orders this device keeps: records of kind `work_order` in `tasks`, by villa. */
export const workOrderKind = rowKind<WorkOrder>({
  store: 'tasks',
  kind: 'work_order',
  villa: (w) => w.property_id,
});

/** A queued report as a work order (until the server has it). */
export function workOrderOfQueued(values: Record<string, unknown>): WorkOrder {
  const v: Partial<WorkOrder> = values;
  return {
    id: String(values.id),
    property_id: String(values.property_id ?? ''),
    title: String(values.title ?? ''),
    description: '',
    location: '',
    category: 'other',
    priority: 'medium',
    status: 'open',
    version: 1,
    assignee_id: null,
    reporter_id: null,
    due_at: null,
    blocking: false,
    labour_minutes: 0,
    parts_cost: 0,
    labour_cost: 0,
    external_cost: 0,
    resolution_notes: '',
    created_at: new Date().toISOString(),
    property: null,
    ...v,
  };
}

/** How many work orders one request of the list reads. */
export const LIST_PAGE = 500;

/**
 * Every work order the user may see, read page by page (by id, so a page never skips a row when
 * others are added or removed meanwhile), newest first.
 */
async function fetchAll(): Promise<WorkOrder[]> {
  const rows: WorkOrder[] = [];
  for (;;) {
    const last = rows.at(-1)?.id;
    let q = supabase.from('work_orders').select(WORK_ORDER_SELECT).order('id').limit(LIST_PAGE);
    if (last) q = q.gt('id', last);
    const page = (await fetchOrThrow(() => q)) ?? [];
    rows.push(...page);
    if (page.length < LIST_PAGE) break;
  }
  return rows.sort(newestFirst);
}

const newestFirst = (a: WorkOrder, b: WorkOrder) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** Every work order (maintenance's list, board and queue filter it on the device). Full: pruned. */
export const workOrderList = listResource<WorkOrder, null>({
  source: 'work_orders',
  table: 'work_orders',
  fetch: fetchAll,
  copy: kindRows(workOrderKind),
  compare: newestFirst,
  full: () => true,
  fromQueued: workOrderOfQueued,
  calls: [transitionWorkOrder, takeWorkOrderCall],
});

export async function getWorkOrders(): Promise<{ rows: WorkOrder[]; fromDevice: boolean }> {
  const { rows, fromDevice } = await readList(workOrderList, null);
  return { rows, fromDevice };
}

export const workOrdersQueryOptions = () =>
  queryOptions({ queryKey: workOrderKeys.lists(), queryFn: getWorkOrders });

export interface WorkOrderDetail extends WorkOrder {
  comments: { id: string; author_id: string | null; body: string; created_at: string }[];
  photos: { id: string; kind: 'before' | 'after'; storage_path: string; created_at: string }[];
  activity: {
    id: string;
    at: string;
    actor_id: string | null;
    action: string;
    from_status: WorkOrder['status'] | null;
    to_status: WorkOrder['status'] | null;
    details: Record<string, unknown>;
  }[];
}

const DETAIL_SELECT =
  `${WORK_ORDER_SELECT},comments:work_order_comments(id,author_id,body,created_at),photos:work_order_photos(id,kind,storage_path,created_at),activity:work_order_activity(id,at,actor_id,action,from_status,to_status,details)` as const;

const NOTHING_YET = { comments: [], photos: [], activity: [] };

async function fetchDetail(id: string): Promise<WorkOrderDetail | null> {
  const row = await fetchOrThrow(async () => {
    const res = await supabase.from('work_orders').select(DETAIL_SELECT).eq('id', id).maybeSingle();
    return { data: res.data, error: res.error };
  });
  if (!row) return null;
  return {
    ...row,
    comments: [...row.comments].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    activity: [...row.activity]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((a) => ({ ...a, details: detailsOf(a.details) })),
    photos: [...row.photos].sort((a, b) => a.created_at.localeCompare(b.created_at)),
  };
}

function detailsOf(details: unknown): Record<string, unknown> {
  return details && typeof details === 'object' && !Array.isArray(details)
    ? Object.fromEntries(Object.entries(details))
    : {};
}

/**
 * One work order. Offline it answers from the work order this device keeps (without comments,
 * photos or timeline, which are read online only); one it does not keep is "not on this phone yet".
 */
export const workOrderDetail = rowResource<WorkOrderDetail>({
  source: 'work_orders',
  table: 'work_orders',
  fetch: fetchDetail,
  copy: {
    // The work order itself is kept by the list; the rest is read online only.
    save: () => undefined,
    load: async (id) => {
      const kept = (await keptRowsOf(workOrderKind)).find((w) => w.id === id);
      // Not kept: undefined, so offline the read says so (src/offline/not-kept.ts).
      return kept ? { ...kept, ...NOTHING_YET } : undefined;
    },
  },
  fromQueued: (v) => ({ ...workOrderOfQueued(v), ...NOTHING_YET }),
  calls: [transitionWorkOrder, takeWorkOrderCall],
});

export async function getWorkOrder(id: string): Promise<WorkOrderDetail | null> {
  return (await readOne(workOrderDetail, id)).row;
}

export const workOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: workOrderKeys.detail(id), queryFn: () => getWorkOrder(id) });

// ---- One villa's work orders (its detail page) -------------------------------------------------

/** How many resolved or closed work orders a villa's page shows. */
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

const isFinished = (w: WorkOrder) => w.status === 'resolved' || w.status === 'closed';
const finishedAt = (w: Finished) => w.closed_at ?? w.resolved_at ?? w.created_at;

/** All of a villa's open work orders and its last few resolved or closed ones. Not full. */
async function fetchVilla(propertyId: string): Promise<Finished[]> {
  const select = `${WORK_ORDER_SELECT},resolved_at,closed_at` as const;
  const [open, finished] = await Promise.all([
    fetchOrThrow(() =>
      supabase
        .from('work_orders')
        .select(select)
        .eq('property_id', propertyId)
        .not('status', 'in', '(resolved,closed)')
        .limit(500),
    ),
    fetchOrThrow(() =>
      supabase
        .from('work_orders')
        .select(select)
        .eq('property_id', propertyId)
        .in('status', ['resolved', 'closed'])
        .order('resolved_at', { ascending: false, nullsFirst: false })
        .limit(RECENT_SHOWN),
    ),
  ]);
  return [...(open ?? []), ...(finished ?? [])];
}

export const villaWorkOrders = listResource<Finished, string>({
  source: 'work_orders',
  table: 'work_orders',
  fetch: fetchVilla,
  copy: kindRows(workOrderKind, { villa: (p) => p, scope: (p) => p }),
  matches: (w, propertyId) => w.property_id === propertyId,
  // A report made on this phone for this villa shows at once, marked as waiting to sync.
  owns: (v, propertyId) => v.property_id === propertyId,
  fromQueued: workOrderOfQueued,
  calls: [transitionWorkOrder, takeWorkOrderCall],
});

export async function getPropertyWorkOrders(propertyId: string): Promise<PropertyWorkOrders> {
  const [{ rows, fromDevice }, names] = await Promise.all([
    readList(villaWorkOrders, propertyId),
    getStaffNames(),
  ]);
  return {
    open: rows.filter((w) => !isFinished(w)).sort(byUrgency),
    recent: rows
      .filter(isFinished)
      .sort((a, b) => finishedAt(b).localeCompare(finishedAt(a)))
      .slice(0, RECENT_SHOWN),
    names,
    freshness: fromDevice
      ? { source: 'device', lastSynced: null }
      : { source: 'server', lastSynced: Date.now() },
  };
}

export const propertyWorkOrdersQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: workOrderKeys.property(propertyId),
    queryFn: () => getPropertyWorkOrders(propertyId),
  });
