// "Mine", the technician's queue and first screen (docs/maintenance.md "Taking a work order"): my
// open work orders and, while the switch is on, the open unassigned ones of my areas, one page of
// them, most urgent first. The server works both out (my_work_orders(), my_work_order_areas(),
// migration 20261129100000_work_order_pages.sql, under the caller's RLS); the rows are kept on
// this device with every other work order (`workOrderKind`) and the areas in one record, so
// offline the queue answers from them, with the user's queued moves on top.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { pageOf, rangeOf } from '@/lib/pages';
import { supabase } from '@/lib/supabase';
import {
  keptRowsOf,
  kindRows,
  listResource,
  readList,
  readOne,
  rowResource,
  valueInRecord,
} from '@/offline/resource';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { OPEN_STATUSES } from '@/domain/work-orders/labels';
import {
  completeRead,
  listOrder,
  ordered,
  WORK_ORDER_SELECT,
  workOrderKind,
  workOrderOfQueued,
} from '@/domain/work-orders/reads';
import { takeWorkOrderCall, transitionWorkOrder } from '@/domain/work-orders/transitions';
import type { WorkOrder } from '@/domain/work-orders/types';
import { PAGE_SIZE } from '../list-params';
import { isUnassignedIn, myAreas } from '../mine';

/** Work orders per page of Mine: as many as a page of the list. */
const MINE_PAGE = PAGE_SIZE;

export interface MyQueueParams {
  /** The signed-in user's id. */
  me: string;
  /** With the open unassigned ones of my areas. */
  include: boolean;
  /** From 1. */
  page: number;
}

export interface MyQueue {
  rows: WorkOrder[];
  total: number;
  /** My areas, sorted (none: every unassigned one is shown). */
  areas: string[];
  fromDevice: boolean;
}

const isMineOpen = (w: WorkOrder, me: string) =>
  w.assignee_id === me && OPEN_STATUSES.includes(w.status);

const areasRecord = (me: string) => `work-orders:areas:${me}`;
const keptAreas = valueInRecord<string[] | null>('tasks', 'areas', areasRecord);
const sortedAreas = (areas: string[]) => [...areas].sort((a, b) => a.localeCompare(b));

/**
 * My areas from the server, kept in one record of `tasks`; a device that never read them works
 * them out from the work orders it keeps, as the server does from all of them.
 */
const myAreasRead = rowResource<string[]>({
  source: 'my_work_order_areas',
  fetch: async () =>
    sortedAreas((await fetchOrThrow(() => supabase.rpc('my_work_order_areas'))) ?? []),
  copy: {
    save: keptAreas.save,
    load: async (me) => (await keptAreas.load(me)) ?? myAreas(await keptRowsOf(workOrderKind), me),
  },
});

async function fetchQueue(p: MyQueueParams): Promise<{ rows: WorkOrder[]; total: number }> {
  const q = supabase
    .rpc('my_work_orders', { include_unassigned: p.include }, { count: 'exact' })
    .select(WORK_ORDER_SELECT);
  return pageOf(ordered(q, 'urgency').range(...rangeOf({ page: p.page, size: MINE_PAGE })));
}

const keptWorkOrders = kindRows<WorkOrder, MyQueueParams>(workOrderKind);

/**
 * Mine as an offline resource. Offline, the kept work orders that are mine and open, or open,
 * unassigned and in my kept areas. A page holding all of Mine forgets the kept work orders that
 * say they are mine and open and the server no longer gave (reassigned, closed, deleted): the
 * queue offline is the queue last read. A report made on this phone is not in Mine (the list
 * shows it).
 */
export const myQueue = listResource<WorkOrder, MyQueueParams>({
  source: 'my_work_orders',
  table: 'work_orders',
  fetch: fetchQueue,
  copy: {
    ...keptWorkOrders,
    load: async (p) => {
      const [rows, areas] = await Promise.all([
        keptWorkOrders.load(p),
        readOne(myAreasRead, p.me).then(
          (a) => a.row ?? [],
          () => [],
        ),
      ]);
      return rows?.filter((w) => w.assignee_id !== null || isUnassignedIn(w, areas));
    },
  },
  matches: (w, p) =>
    isMineOpen(w, p.me) || (p.include && w.status === 'open' && w.assignee_id === null),
  compare: listOrder('urgency'),
  page: (p) => ({ number: p.page, size: MINE_PAGE }),
  full: completeRead((w, p: MyQueueParams) => isMineOpen(w, p.me)),
  owns: () => false,
  fromQueued: workOrderOfQueued,
  calls: [transitionWorkOrder, takeWorkOrderCall],
});

export async function getMyQueue(params: MyQueueParams): Promise<MyQueue> {
  const [page, areas] = await Promise.all([
    readList(myQueue, params),
    readOne(myAreasRead, params.me),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    areas: areas.row ?? [],
    fromDevice: page.fromDevice,
  };
}

export const myQueueQueryOptions = (params: MyQueueParams) =>
  queryOptions({ queryKey: workOrderKeys.queue(params), queryFn: () => getMyQueue(params) });

export function useMyQueue(params: MyQueueParams, enabled: boolean) {
  return useQuery({ ...myQueueQueryOptions(params), enabled: enabled && params.me !== '' });
}
