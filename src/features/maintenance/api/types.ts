// Work-order shapes and words shared by the reads, the writes and the screens (docs/maintenance.md).
import type { Database } from '@/lib/database.types';

type Enums = Database['public']['Enums'];
export type WorkOrderStatus = Enums['work_order_status'];
export type WorkOrderPriority = Enums['work_order_priority'];
export type WorkOrderCategory = Enums['work_order_category'];

export interface WorkOrder {
  id: string;
  property_id: string;
  title: string;
  description: string;
  location: string;
  category: WorkOrderCategory;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  version: number;
  assignee_id: string | null;
  reporter_id: string | null;
  due_at: string | null;
  blocking: boolean;
  labour_minutes: number;
  parts_cost: number;
  labour_cost: number;
  external_cost: number;
  resolution_notes: string;
  created_at: string;
  property: { name: string; code: string } | null;
  /** Shown while the write waits in the sync queue (offline). */
  pendingSync?: boolean;
}

export const STATUSES: WorkOrderStatus[] = [
  'open',
  'assigned',
  'in_progress',
  'on_hold',
  'resolved',
  'closed',
];
export const STATUS_LABELS: Record<WorkOrderStatus, string> = {
  open: 'Open',
  assigned: 'Assigned',
  in_progress: 'In progress',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const PRIORITIES: WorkOrderPriority[] = ['urgent', 'high', 'medium', 'low'];
export const PRIORITY_LABELS: Record<WorkOrderPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
export const CATEGORY_LABELS: Record<WorkOrderCategory, string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  pool: 'Pool',
  ac: 'Air conditioning',
  appliance: 'Appliance',
  structure: 'Structure',
  garden: 'Garden',
  pest: 'Pest control',
  other: 'Other',
};

const RANK: Record<WorkOrderPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

/** Most urgent first, then the earliest due (none last), then the oldest report. */
export function byUrgency(a: WorkOrder, b: WorkOrder): number {
  return (
    RANK[a.priority] - RANK[b.priority] ||
    (a.due_at ?? '9999').localeCompare(b.due_at ?? '9999') ||
    a.created_at.localeCompare(b.created_at)
  );
}

export function isOverdue(w: WorkOrder, now = Date.now()): boolean {
  return (
    w.due_at !== null &&
    Date.parse(w.due_at) < now &&
    w.status !== 'resolved' &&
    w.status !== 'closed'
  );
}

/** A move the caller may offer: the assignee's moves need maintenance.work, the rest .manage. */
export interface Move {
  to: WorkOrderStatus;
  label: string;
  manager: boolean;
}

export function movesFrom(status: WorkOrderStatus): Move[] {
  const m: Move[] = [];
  if (status === 'assigned') m.push({ to: 'in_progress', label: 'Start', manager: false });
  if (status === 'in_progress') m.push({ to: 'on_hold', label: 'Pause', manager: false });
  if (status === 'on_hold') m.push({ to: 'in_progress', label: 'Resume', manager: false });
  if (status === 'in_progress' || status === 'on_hold')
    m.push({ to: 'resolved', label: 'Resolve', manager: false });
  if (status === 'resolved') {
    m.push({ to: 'in_progress', label: 'Not fixed: back to work', manager: false });
    m.push({ to: 'closed', label: 'Close work order', manager: true });
  }
  if (status === 'closed' || status === 'resolved')
    m.push({ to: 'open', label: 'Reopen', manager: true });
  if (status !== 'closed' && status !== 'resolved')
    m.push({ to: 'closed', label: 'Close work order', manager: true });
  return m;
}
