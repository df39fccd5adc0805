// A work order's status moves (docs/maintenance.md): the one declaration of transition_work_order
// on the client (src/offline/calls.ts). Its `apply` is both the optimistic patch when a move is
// made and the overlay on every work-order read while the move waits in the sync queue.
import type { Database } from '@/lib/database.types';
import { callWrite, transition } from '@/offline/calls';
import { messages } from './messages';
import type { WorkOrder, WorkOrderStatus } from './types';

export type WorkOrderMoveArgs = Database['public']['Functions']['transition_work_order']['Args'];

/** transition_work_order: the status, the assignee it names (none when reopened), the version. */
export const transitionWorkOrder = transition<
  Pick<WorkOrder, 'status' | 'version' | 'assignee_id'>,
  WorkOrderMoveArgs
>({
  fn: 'transition_work_order',
  rowId: (a) => a.work_order_id,
  apply: (row, a) => ({
    ...row,
    status: a.to_status,
    version: a.from_version + 1,
    ...(a.to_status === 'open' ? { assignee_id: null } : {}),
    ...(a.assignee_id ? { assignee_id: a.assignee_id } : {}),
  }),
});

/**
 * The one way a status moves: carries the version the change was made from, so a stale one is
 * refused (409) rather than overwriting someone else's change. The write, and its patch.
 */
export function moveWorkOrder(
  w: Pick<WorkOrder, 'id' | 'title' | 'version'>,
  to: WorkOrderStatus,
  { note, assigneeId }: { note?: string | undefined; assigneeId?: string | undefined } = {},
) {
  const args: WorkOrderMoveArgs = { work_order_id: w.id, to_status: to, from_version: w.version };
  if (note?.trim()) args.note = note.trim();
  if (assigneeId) args.assignee_id = assigneeId;
  return callWrite(transitionWorkOrder, args, messages.t('queue.move', { title: w.title, to }));
}

export type WorkOrderTakeArgs = Database['public']['Functions']['take_work_order']['Args'];

/**
 * take_work_order: the caller takes an unassigned work order (it becomes theirs, assigned). The
 * queued call names the caller as `assignee_id`, so the patch and the overlay show it as theirs
 * while it waits; the server refuses it once someone else has it ("Already taken by <name>").
 */
export const takeWorkOrderCall = transition<
  Pick<WorkOrder, 'status' | 'version' | 'assignee_id'>,
  WorkOrderTakeArgs
>({
  fn: 'take_work_order',
  rowId: (a) => a.work_order_id,
  apply: (row, a) =>
    row.status === 'open' && row.version === a.from_version
      ? {
          ...row,
          status: 'assigned',
          version: a.from_version + 1,
          assignee_id: a.assignee_id ?? null,
        }
      : row,
});

/** The one way to take a work order: for the caller, from the version it was read at. */
export function takeWorkOrder(w: Pick<WorkOrder, 'id' | 'title' | 'version'>, me: string) {
  return callWrite(
    takeWorkOrderCall,
    { work_order_id: w.id, from_version: w.version, assignee_id: me },
    messages.t('queue.take', { title: w.title }),
  );
}
