// Work-order reads (docs/maintenance.md): the list every view filters on the device (board, list,
// the technician's queue), one work order with its comments, photos and timeline, the people who
// can be assigned, and the villas a report can name. Work orders are mirrored in the `tasks`
// store (kind 'work_order'), so the list answers from the device when the server cannot be
// reached, with the user's queued reports and edits laid on top (docs/offline.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { overlayRow, overlayRows } from '@/offline/overlay';
import type { QueueEntry } from '@/offline/queue-entry';
import { mirrorAll, mirrorPut, queuedCalls, queuedChanges, readWithFallback } from '@/offline/read';
import { workOrderKeys } from '@/domain/work-orders/keys';
import type { WorkOrder } from '@/domain/work-orders/types';

export const WORK_ORDER_SELECT =
  'id,property_id,title,description,location,category,priority,status,version,assignee_id,reporter_id,due_at,blocking,labour_minutes,parts_cost,labour_cost,external_cost,resolution_notes,created_at,property:properties(name,code)';

/** A queued report as a row of the list (until the server has it). */
function fromQueued(values: Record<string, unknown>): WorkOrder {
  return {
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
    ...(values as Partial<WorkOrder>),
  } as WorkOrder;
}

/**
 * A status move made offline (transition_work_order): the status, the assignee it names, and the
 * version the work order will have once it is applied.
 */
function withMoves(w: WorkOrder, moves: QueueEntry[]): WorkOrder {
  let out = w;
  for (const e of moves) {
    if (e.values?.work_order_id !== w.id) continue;
    out = {
      ...out,
      status: e.values.to_status as WorkOrder['status'],
      version: Number(e.values.from_version) + 1,
      ...(typeof e.values.assignee_id === 'string' ? { assignee_id: e.values.assignee_id } : {}),
    };
  }
  return out;
}

/** The user's queued reports, edits and status moves laid on rows read from the server or the device. */
export async function withQueued(rows: WorkOrder[]): Promise<WorkOrder[]> {
  const [changes, moves] = await Promise.all([
    queuedChanges('work_orders'),
    queuedCalls('transition_work_order'),
  ]);
  const edited = overlayRows(rows, changes, { fromValues: fromQueued });
  return moves.length === 0 ? edited : edited.map((w) => withMoves(w, moves));
}

export async function getWorkOrders(): Promise<{ rows: WorkOrder[]; fromDevice: boolean }> {
  const { data, freshness } = await readWithFallback(
    async () => {
      const rows =
        (await fetchOrThrow(async () => {
          const res = await supabase
            .from('work_orders')
            .select(WORK_ORDER_SELECT)
            .order('created_at', { ascending: false })
            .limit(5000);
          return { data: res.data as unknown as WorkOrder[] | null, error: res.error };
        })) ?? [];
      const now = Date.now();
      void mirrorPut(
        'tasks',
        rows.map((w) => ({ ...w, kind: 'work_order', propertyId: w.property_id, lastSynced: now })),
      );
      return rows;
    },
    async () =>
      (await mirrorAll('tasks'))
        .filter((c) => c.kind === 'work_order')
        .map((c) => c as unknown as WorkOrder),
  );
  return { rows: await withQueued(data), fromDevice: freshness.source === 'device' };
}

export const workOrdersQueryOptions = () =>
  queryOptions({ queryKey: workOrderKeys.lists(), queryFn: getWorkOrders });

export function useWorkOrders() {
  return useQuery(workOrdersQueryOptions());
}

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

const DETAIL_SELECT = `${WORK_ORDER_SELECT},comments:work_order_comments(id,author_id,body,created_at),photos:work_order_photos(id,kind,storage_path,created_at),activity:work_order_activity(id,at,actor_id,action,from_status,to_status,details)`;

export async function getWorkOrder(id: string): Promise<WorkOrderDetail | null> {
  const { data } = await readWithFallback<WorkOrderDetail | null>(
    async () => {
      const row = await fetchOrThrow(async () => {
        const res = await supabase
          .from('work_orders')
          .select(DETAIL_SELECT)
          .eq('id', id)
          .maybeSingle();
        return { data: res.data as unknown as WorkOrderDetail | null, error: res.error };
      });
      if (!row) return null;
      row.comments.sort((a, b) => a.created_at.localeCompare(b.created_at));
      row.activity.sort((a, b) => a.at.localeCompare(b.at));
      row.photos.sort((a, b) => a.created_at.localeCompare(b.created_at));
      return row;
    },
    async () => {
      const copy = (await mirrorAll('tasks')).find((c) => c.id === id && c.kind === 'work_order');
      return copy
        ? ({
            ...(copy as unknown as WorkOrder),
            comments: [],
            photos: [],
            activity: [],
          } as WorkOrderDetail)
        : null;
    },
  );
  const [changes, moves] = await Promise.all([
    queuedChanges('work_orders'),
    queuedCalls('transition_work_order'),
  ]);
  const queued = overlayRow<WorkOrder>(data, changes, id, fromQueued);
  if (!queued) return null;
  return {
    comments: [],
    photos: [],
    activity: [],
    ...data,
    ...withMoves(queued, moves),
  } as WorkOrderDetail;
}

export const workOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: workOrderKeys.detail(id), queryFn: () => getWorkOrder(id) });

export function useWorkOrder(id: string | null) {
  return useQuery({ ...workOrderQueryOptions(id ?? ''), enabled: id !== null });
}

export interface StaffMember {
  id: string;
  full_name: string;
  roles: string[];
}

/** Everyone named on work orders (staff_directory(): names only), and who can be assigned. */
export function useStaff() {
  return useQuery({
    queryKey: workOrderKeys.staff(),
    queryFn: async (): Promise<StaffMember[]> =>
      (await fetchOrThrow(() => supabase.rpc('staff_directory'))) ?? [],
    staleTime: 5 * 60_000,
  });
}

export const canBeAssigned = (s: StaffMember) =>
  s.roles.includes('technician') || s.roles.includes('manager');

export interface Villa {
  id: string;
  name: string;
  code: string;
}

/** The villas a report can name (active ones; from the device's copy offline). */
export function useVillas() {
  return useQuery({
    queryKey: workOrderKeys.villas(),
    queryFn: async (): Promise<Villa[]> => {
      const { data } = await readWithFallback(
        async () =>
          ((await fetchOrThrow(() =>
            supabase.from('properties').select('id,name,code').eq('archived', false).order('name'),
          )) ?? []) as Villa[],
        async () =>
          (await mirrorAll('properties'))
            .map((p) => ({ id: p.id, name: String(p.name ?? ''), code: String(p.code ?? '') }))
            .sort((a, b) => a.name.localeCompare(b.name)),
      );
      return data;
    },
    staleTime: 5 * 60_000,
  });
}
