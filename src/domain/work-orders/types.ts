// Work-order shapes and words shared by every area that reads or writes work orders (maintenance,
// housekeeping's "Report a problem", the dashboard): src/domain/ is the home of what several areas
// use of one table (docs/adding-an-area.md). Status and priority labels, urgency order and overdue
// are in ./labels.ts.
import type { Database } from '@/lib/database.types';
import type { WorkOrderPriority, WorkOrderStatus } from './labels';
import { messages } from './messages';

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
/** A category in words ('Air conditioning'), in the language of the moment. */
export const categoryLabel = (c: WorkOrderCategory): string => messages.t(`category.${c}`);

/** A move the caller may offer: the assignee's moves need maintenance.work, the rest .manage. */
export interface Move {
  to: WorkOrderStatus;
  label: string;
  manager: boolean;
}

const move = (
  to: WorkOrderStatus,
  key: 'start' | 'pause' | 'resume' | 'resolve' | 'notFixed' | 'close' | 'reopen',
  manager: boolean,
): Move => ({ to, label: messages.t(`move.${key}`), manager });

export function movesFrom(status: WorkOrderStatus): Move[] {
  const m: Move[] = [];
  if (status === 'assigned') m.push(move('in_progress', 'start', false));
  if (status === 'in_progress') m.push(move('on_hold', 'pause', false));
  if (status === 'on_hold') m.push(move('in_progress', 'resume', false));
  if (status === 'in_progress' || status === 'on_hold') m.push(move('resolved', 'resolve', false));
  if (status === 'resolved') {
    m.push(move('in_progress', 'notFixed', false));
    m.push(move('closed', 'close', true));
  }
  if (status === 'closed' || status === 'resolved') m.push(move('open', 'reopen', true));
  if (status !== 'closed' && status !== 'resolved') m.push(move('closed', 'close', true));
  return m;
}
