// Work-order shapes and words shared by every area that reads or writes work orders (maintenance,
// housekeeping's "Report a problem", the dashboard): src/domain/ is the home of what several areas
// use of one table (docs/adding-an-area.md). Status and priority labels, urgency order and overdue
// are in ./labels.ts.
import type { Database } from '@/lib/database.types';
import type { WorkOrderPriority, WorkOrderStatus } from './labels';

type Enums = Database['public']['Enums'];
export type { WorkOrderPriority, WorkOrderStatus };
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
  property: { name: string; code: string; area?: string } | null;
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
export const PRIORITIES: WorkOrderPriority[] = ['urgent', 'high', 'medium', 'low'];
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
