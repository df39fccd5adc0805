// Work orders in words and order (docs/maintenance.md): status and priority labels, "most urgent
// first" and "overdue". Shared by the maintenance area and the dashboard's work-order cards.
import type { Database } from '@/lib/database.types';
import { messages } from './messages';

type Enums = Database['public']['Enums'];
export type WorkOrderStatus = Enums['work_order_status'];
export type WorkOrderPriority = Enums['work_order_priority'];

/** A status in words ('In progress'), in the language of the moment. */
export const statusLabel = (s: WorkOrderStatus): string => messages.t(`status.${s}`);
/** A priority in words ('Urgent'). */
export const priorityLabel = (p: WorkOrderPriority): string => messages.t(`priority.${p}`);

/** Statuses of a work order still to be done (not resolved, not closed). */
export const OPEN_STATUSES: WorkOrderStatus[] = ['open', 'assigned', 'in_progress', 'on_hold'];

interface Ranked {
  priority: WorkOrderPriority;
  due_at: string | null;
  created_at: string;
}

const RANK: Record<WorkOrderPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

/** Most urgent first, then the earliest due (none last), then the oldest report. */
export function byUrgency(a: Ranked, b: Ranked): number {
  return (
    RANK[a.priority] - RANK[b.priority] ||
    (a.due_at ?? '9999').localeCompare(b.due_at ?? '9999') ||
    a.created_at.localeCompare(b.created_at)
  );
}

export function isOverdue(
  w: { due_at: string | null; status: WorkOrderStatus },
  now = Date.now(),
): boolean {
  return w.due_at !== null && Date.parse(w.due_at) < now && OPEN_STATUSES.includes(w.status);
}
