// The dashboard's work-order cards (docs/maintenance.md "Dashboard"): for managers, the open work
// orders that are urgent or past due; for technicians, their own open ones. Each is the count and
// the most urgent few, asked of the server (urgent first, then the earliest due, then the oldest),
// so a large backlog costs one short answer. Offline they answer from the work orders this device
// keeps (`workOrderKind`, as the maintenance list keeps them), through the resource layer.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@/lib/pages';
import { supabase } from '@/lib/supabase';
import {
  byUrgency,
  isOverdue,
  OPEN_STATUSES,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@/domain/work-orders/labels';
import { keptRowsOf, listResource, readList } from '@/offline/resource';
import { workOrderKind } from '@/domain/work-orders/reads';
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

/** A card's row; the work orders this device keeps (whole rows) are read the same way offline. */
type CardRow = CardWorkOrder & { created_at: string; assignee_id: string | null };

export interface WorkOrderCardData {
  shown: CardWorkOrder[];
  count: number;
  fromDevice: boolean;
}

// (bench/maintenance.ts measures these reads as sent here.)
const SELECT =
  'id,title,priority,status,due_at,blocking,created_at,assignee_id,property:properties(name)';

/** Which card: the urgent or overdue ones (managers), or one user's own (technicians). */
type CardParams = { card: 'urgent' } | { card: 'mine'; userId: string };

function fetchCard(p: CardParams) {
  let q = supabase
    .from('work_orders')
    .select(SELECT, { count: 'exact' })
    .in('status', OPEN_STATUSES)
    .order('priority', { ascending: false })
    .order('due_at', { ascending: true, nullsFirst: false })
    .order('created_at')
    .limit(SHOWN);
  q =
    p.card === 'urgent'
      ? q.or(`priority.eq.urgent,due_at.lt.${new Date().toISOString()}`)
      : q.eq('assignee_id', p.userId);
  return pageOf(q);
}

/**
 * The cards' read (the count and the first few). Offline it answers from the work orders the
 * maintenance list keeps (`workOrderKind`), filtered and ordered as the server would; it keeps
 * nothing of its own, since its rows are only the few a card shows.
 */
const cardWorkOrders = listResource<CardRow, CardParams>({
  source: 'work_orders',
  fetch: async (p) => (await fetchCard(p)) ?? { rows: [], total: 0 },
  copy: { save: () => undefined, load: () => keptRowsOf(workOrderKind) },
  matches: (w, p) =>
    OPEN_STATUSES.includes(w.status) &&
    (p.card === 'urgent' ? w.priority === 'urgent' || isOverdue(w) : w.assignee_id === p.userId),
  compare: byUrgency,
  page: () => ({ number: 1, size: SHOWN }),
});

async function read(params: CardParams): Promise<WorkOrderCardData> {
  const { rows, total, fromDevice } = await readList(cardWorkOrders, params);
  return { shown: rows, count: total, fromDevice };
}

/** Open work orders that are urgent or past their due time (managers). */
export function getUrgentWorkOrders(): Promise<WorkOrderCardData> {
  return read({ card: 'urgent' });
}

/** The user's own open work orders, most urgent first (technicians' queue). */
export function getMyWorkOrders(userId: string): Promise<WorkOrderCardData> {
  return read({ card: 'mine', userId });
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
