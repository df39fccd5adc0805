// The dashboard's work-order cards (docs/maintenance.md "Dashboard"): for managers, the open work
// orders that are urgent or past due; for technicians, their own open ones. Each is the count and
// the most urgent few, asked of the server (urgent first, then the earliest due, then the oldest),
// so a large backlog costs one short answer. Offline they answer from the work orders this device
// keeps (the `tasks` store, kind 'work_order', as the maintenance list mirrors them).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import {
  byUrgency,
  isOverdue,
  OPEN_STATUSES,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@/domain/work-orders/labels';
import { mirrorAll, readWithFallback } from '@/offline/read';
import { workOrderKeys } from '@/domain/work-orders/keys';

/** How many work orders a card lists. */
export const SHOWN = 5;

export interface CardWorkOrder {
  id: string;
  title: string;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  due_at: string | null;
  blocking: boolean;
  property: { name: string } | null;
}

/** A work order as this device keeps it (the maintenance list's whole row). */
type DeviceRow = CardWorkOrder & { created_at: string; assignee_id: string | null };

export interface WorkOrderCardData {
  shown: CardWorkOrder[];
  count: number;
  fromDevice: boolean;
}

// (bench/maintenance.ts measures these reads as sent here.)
const SELECT = 'id,title,priority,status,due_at,blocking,property:properties(name)';

type Narrow = (q: ReturnType<typeof base>) => ReturnType<typeof base>;

function base() {
  return supabase
    .from('work_orders')
    .select(SELECT, { count: 'exact' })
    .in('status', OPEN_STATUSES)
    .order('priority', { ascending: false })
    .order('due_at', { ascending: true, nullsFirst: false })
    .order('created_at')
    .limit(SHOWN);
}

async function read(
  narrow: Narrow,
  onDevice: (w: DeviceRow) => boolean,
): Promise<WorkOrderCardData> {
  const { data, freshness } = await readWithFallback(
    () =>
      fetchOrThrow(async () => {
        const res = await narrow(base());
        return {
          data: res.data
            ? { rows: res.data as unknown as CardWorkOrder[], count: res.count ?? 0 }
            : null,
          error: res.error,
        };
      }),
    async () => {
      const rows = (await mirrorAll('tasks'))
        .filter((c) => c.kind === 'work_order')
        .map((c) => c as unknown as DeviceRow)
        .filter((w) => OPEN_STATUSES.includes(w.status) && onDevice(w))
        .sort(byUrgency);
      return { rows: rows.slice(0, SHOWN), count: rows.length };
    },
  );
  return { shown: data.rows, count: data.count, fromDevice: freshness.source === 'device' };
}

/** Open work orders that are urgent or past their due time (managers). */
export function getUrgentWorkOrders(): Promise<WorkOrderCardData> {
  return read(
    (q) => q.or(`priority.eq.urgent,due_at.lt.${new Date().toISOString()}`),
    (w) => w.priority === 'urgent' || isOverdue(w),
  );
}

/** The user's own open work orders, most urgent first (technicians' queue). */
export function getMyWorkOrders(userId: string): Promise<WorkOrderCardData> {
  return read(
    (q) => q.eq('assignee_id', userId),
    (w) => w.assignee_id === userId,
  );
}

export const urgentWorkOrdersQueryOptions = () =>
  queryOptions({ queryKey: workOrderKeys.urgent(), queryFn: getUrgentWorkOrders });

export const myWorkOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: workOrderKeys.mine(userId),
    queryFn: () => getMyWorkOrders(userId),
  });

export function useUrgentWorkOrders() {
  return useQuery(urgentWorkOrdersQueryOptions());
}

export function useMyWorkOrders(userId: string) {
  return useQuery({ ...myWorkOrdersQueryOptions(userId), enabled: userId !== '' });
}
