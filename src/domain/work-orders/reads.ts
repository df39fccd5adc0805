// Work-order reads shared by every area (docs/maintenance.md, docs/offline.md "Declaring a
// resource"): one page of the list (filtered, sorted and counted by the server), one work order
// with its comments, photos and timeline, and one villa's work orders. Each work order is kept on this
// device as a record of kind `work_order` in the `tasks` store (`workOrderKind`), so every read
// answers from the device when the server cannot be reached, with the user's queued reports, edits
// and status moves (transition_work_order, ./transitions.ts) laid on top.
import { queryOptions } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { pageOf, rangeOf } from '@/lib/pages';
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
import { byUrgency, isOverdue, OPEN_STATUSES } from './labels';
import { takeWorkOrderCall, transitionWorkOrder } from './transitions';
import type { WorkOrder, WorkOrderCategory, WorkOrderPriority, WorkOrderStatus } from './types';

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

// ---- The list and the board: one page, filtered, sorted and counted by the server --------------

/** The list's filters, order and page (the board asks per column: a status, its first few). */
export interface WorkOrderListParams {
  /** '' : every status but closed. */
  status: WorkOrderStatus | '';
  priority: WorkOrderPriority | '';
  /** A villa's id, or ''. */
  villa: string;
  /** A person's id, 'none' (unassigned), or ''. */
  assignee: string;
  category: WorkOrderCategory | '';
  flag: '' | 'blocking' | 'overdue';
  sort: 'urgency' | 'newest';
  /** From 1. */
  page: number;
  size: number;
}

/** Does a work order pass the list's filters (on the device: the copy, queued rows)? */
export function listMatches(w: WorkOrder, p: WorkOrderListParams, now = Date.now()): boolean {
  return (
    (p.status ? w.status === p.status : w.status !== 'closed') &&
    (!p.priority || w.priority === p.priority) &&
    (!p.villa || w.property_id === p.villa) &&
    (!p.assignee ||
      (p.assignee === 'none' ? w.assignee_id === null : w.assignee_id === p.assignee)) &&
    (!p.category || w.category === p.category) &&
    (p.flag !== 'blocking' || w.blocking) &&
    (p.flag !== 'overdue' || isOverdue(w, now))
  );
}

const newestFirst = (a: WorkOrder, b: WorkOrder) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** The list's order on the device, as the server sorts it (`ordered` below). */
export const listOrder = (sort: WorkOrderListParams['sort']) =>
  sort === 'newest'
    ? newestFirst
    : (a: WorkOrder, b: WorkOrder) => byUrgency(a, b) || a.id.localeCompare(b.id);

/**
 * A work-order read sorted as the list sorts (most urgent: priority, urgent first as the enum
 * orders it, then the earliest due, then the oldest report; or newest first), id last so a page
 * never repeats or skips a row. The indexes of 20261129100000_work_order_pages.sql follow it.
 */
export function ordered<Q extends OrderedQuery<Q>>(q: Q, sort: WorkOrderListParams['sort']): Q {
  return sort === 'newest'
    ? q.order('created_at', { ascending: false }).order('id', { ascending: false })
    : q
        .order('priority', { ascending: false })
        .order('due_at', { ascending: true, nullsFirst: false })
        .order('created_at')
        .order('id');
}

interface OrderedQuery<Q> {
  order(column: 'created_at' | 'id' | 'priority' | 'due_at', options?: object): Q;
}

/** One page of the list, with the filters' exact total (PostgREST range + count=exact). */
async function fetchPage(p: WorkOrderListParams): Promise<{ rows: WorkOrder[]; total: number }> {
  let q = supabase.from('work_orders').select(WORK_ORDER_SELECT, { count: 'exact' });
  q = p.status ? q.eq('status', p.status) : q.neq('status', 'closed');
  if (p.priority) q = q.eq('priority', p.priority);
  if (p.villa) q = q.eq('property_id', p.villa);
  if (p.assignee === 'none') q = q.is('assignee_id', null);
  else if (p.assignee) q = q.eq('assignee_id', p.assignee);
  if (p.category) q = q.eq('category', p.category);
  if (p.flag === 'blocking') q = q.eq('blocking', true);
  if (p.flag === 'overdue')
    q = q.lt('due_at', new Date().toISOString()).in('status', OPEN_STATUSES);
  return pageOf(ordered(q, p.sort).range(...rangeOf(p)));
}

/**
 * A read that got every row its filters take (its first page held the whole total) may forget
 * the kept rows those filters take that the server did not return (deleted, or moved out of the
 * filter meanwhile): never on a later or partial page, which did not read the rest. "Overdue"
 * depends on the clock of each side, so it prunes nothing.
 */
export const completeRead =
  <P extends { page: number }>(scope: (w: WorkOrder, p: P) => boolean) =>
  (p: P, answer: { rows: WorkOrder[]; total: number }) =>
    p.page === 1 && answer.rows.length >= answer.total ? (w: WorkOrder) => scope(w, p) : false;

/**
 * The list (and each board column): one page from the server, its rows kept on this device with
 * every other read of work orders; offline, the kept ones filtered, sorted and paged the same
 * way, with the user's queued reports, edits and moves on top.
 */
export const workOrderList = listResource<WorkOrder, WorkOrderListParams>({
  source: 'work_orders',
  table: 'work_orders',
  fetch: fetchPage,
  copy: kindRows(workOrderKind),
  matches: (w, p) => listMatches(w, p),
  compare: (a, b, p) => listOrder(p.sort)(a, b),
  page: (p) => ({ number: p.page, size: p.size }),
  full: completeRead((w, p: WorkOrderListParams) => p.flag !== 'overdue' && listMatches(w, p)),
  fromQueued: workOrderOfQueued,
  calls: [transitionWorkOrder, takeWorkOrderCall],
});

export interface WorkOrderPage {
  rows: WorkOrder[];
  total: number;
  /** Answered from this device's copy (no connection). */
  fromDevice: boolean;
}

export async function getWorkOrderPage(params: WorkOrderListParams): Promise<WorkOrderPage> {
  const { rows, total, fromDevice } = await readList(workOrderList, params);
  return { rows, total, fromDevice };
}

export const workOrderPageQueryOptions = (params: WorkOrderListParams) =>
  queryOptions({
    queryKey: workOrderKeys.list(params),
    queryFn: () => getWorkOrderPage(params),
  });

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
