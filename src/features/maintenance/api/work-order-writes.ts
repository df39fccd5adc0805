// Work-order writes through the one sync queue (docs/offline.md, docs/maintenance.md): a report and
// its photos are src/domain/work-orders/writes.ts (every area reports the same way); status changes
// call transition_work_order (declared once in src/domain/work-orders/transitions.ts) with the
// version they were made from (a stale one is a conflict, shown in the Sync Queue panel); edits and
// comments are plain row writes. Each change shows at once, queued or not.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { READINESS_READS } from '@/lib/readiness';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved, QUEUED_NOTE } from '@/offline/saved-toast';
import {
  insertRow,
  queueWrite,
  queueWrites,
  updateRow,
  type Write,
  type WriteResult,
} from '@/offline/write';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { workOrderPhotoWrites } from '@/domain/work-orders/writes';
import type { WorkOrderDetail } from '@/domain/work-orders/reads';
import { moveWorkOrder } from '@/domain/work-orders/transitions';
import type { WorkOrder, WorkOrderStatus } from '@/domain/work-orders/types';

/**
 * What a settled work-order write refreshes: the work orders, and the reads that show guest-ready
 * (a blocking problem reported, resolved or unflagged changes the villa's state).
 */
const SETTLED = [workOrderKeys.all, ...READINESS_READS];

/** Lays a change on the cached list and detail at once (it shows while queued, offline too). */
function patchCached(qc: QueryClient, id: string, patch: <W extends WorkOrder>(w: W) => W) {
  qc.setQueryData<{ rows: WorkOrder[]; fromDevice: boolean }>(workOrderKeys.lists(), (d) =>
    d ? { ...d, rows: d.rows.map((w) => (w.id === id ? patch(w) : w)) } : d,
  );
  qc.setQueryData<WorkOrderDetail | null>(workOrderKeys.detail(id), (d) => (d ? patch(d) : d));
}

/** A field edit as a patch of the cached work order. */
const edit =
  (changes: Partial<WorkOrder>) =>
  <W extends WorkOrder>(w: W): W => ({ ...w, ...changes });

export interface TransitionInput {
  workOrder: WorkOrder;
  to: WorkOrderStatus;
  note?: string;
  assigneeId?: string;
  /** After photos taken when resolving. */
  photos?: File[];
  /** Labour minutes recorded when resolving. */
  labourMinutes?: number;
}

export function useTransitionWorkOrder() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<TransitionInput, WriteResult>({
    mutationFn: async ({ workOrder: w, to, note, assigneeId, photos, labourMinutes }) => {
      const writes: Write[] = [];
      if (labourMinutes !== undefined && labourMinutes !== w.labour_minutes) {
        writes.push(
          updateRow(
            'work_orders',
            w.id,
            { labour_minutes: labourMinutes },
            `${w.title}: labour time`,
          ),
        );
      }
      writes.push(...workOrderPhotoWrites(w.id, 'after', photos ?? []));
      // The move's patch is transition_work_order's `apply`, the overlay reads lay on top too.
      const move = moveWorkOrder(w, to, { note, assigneeId });
      writes.push(move.write);
      patchCached(qc, w.id, (cached) =>
        move.patch(
          labourMinutes !== undefined ? { ...cached, labour_minutes: labourMinutes } : cached,
        ),
      );
      return queueWrites(writes, { userId: me, invalidate: SETTLED });
    },
    invalidate: SETTLED,
    invalidateOnError: true,
    done: (result, { to, assigneeId }) =>
      notifySaved(
        result,
        assigneeId && to === 'assigned' ? 'Work order assigned' : 'Status changed',
      ),
    failed: 'Failed to change the status',
  });
}

export interface BulkAssignResult {
  assigned: number;
  /** How many of those wait on this device for the connection (queued, not yet sent). */
  queued: number;
  refused: { workOrder: WorkOrder; reason: string }[];
}

/** "3 work orders assigned to Kostas Petrou", or what was refused and why. */
export function bulkAssignMessage(r: BulkAssignResult, assignee: string): string {
  const n = (k: number) => `${k} work order${k === 1 ? '' : 's'}`;
  const done =
    r.assigned > 0 ? `${n(r.assigned)} assigned to ${assignee}` : 'No work order assigned';
  const queued = r.queued > 0 ? ` (${r.queued} ${QUEUED_NOTE.toLowerCase()})` : '';
  if (r.refused.length === 0) return `${done}${queued}`;
  const why = r.refused
    .slice(0, 3)
    .map((f) => `${f.workOrder.title}: ${f.reason}`)
    .join('; ');
  const more = r.refused.length > 3 ? `; and ${r.refused.length - 3} more` : '';
  return `${done}${queued}; ${r.refused.length} refused (${why}${more})`;
}

export interface BulkAssignInput {
  workOrders: WorkOrder[];
  assigneeId: string;
  assigneeName: string;
}

/**
 * Assigns several work orders to one person: each its own transition_work_order call through the
 * sync queue (its own mutation id, so each is applied once, with the version it was made from),
 * so one refusal - someone changed it meanwhile, already theirs - leaves the others assigned.
 */
export function useAssignWorkOrders(
  callbacks?: MutationCallbacks<BulkAssignResult, BulkAssignInput>,
) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<BulkAssignInput, BulkAssignResult>(
    {
      mutationFn: async ({ workOrders, assigneeId }) => {
        const moves = workOrders.map((w) => moveWorkOrder(w, 'assigned', { assigneeId }));
        workOrders.forEach((w, i) => patchCached(qc, w.id, moves[i]!.patch));
        const outcomes = await Promise.allSettled(
          moves.map((m) => queueWrite(m.write, { userId: me, invalidate: SETTLED })),
        );
        const result: BulkAssignResult = { assigned: 0, queued: 0, refused: [] };
        outcomes.forEach((o, i) => {
          if (o.status === 'fulfilled') {
            result.assigned += 1;
            if (o.value === 'queued') result.queued += 1;
          } else {
            result.refused.push({
              workOrder: workOrders[i]!,
              reason: errorMessage(o.reason, 'refused by the server'),
            });
          }
        });
        return result;
      },
      invalidate: SETTLED,
      invalidateOnError: true,
      done: (result, { assigneeName }) => {
        const message = bulkAssignMessage(result, assigneeName);
        if (result.refused.length > 0) notify.error(message);
        else if (result.queued > 0) notify.info(message);
        else notify.success(message);
      },
      failed: 'Failed to assign',
    },
    callbacks,
  );
}

export type WorkOrderEdit = Partial<
  Pick<
    WorkOrder,
    | 'priority'
    | 'blocking'
    | 'due_at'
    | 'labour_minutes'
    | 'parts_cost'
    | 'labour_cost'
    | 'external_cost'
    | 'resolution_notes'
  >
>;

export function useUpdateWorkOrder() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ workOrder: WorkOrder; changes: WorkOrderEdit }, WriteResult>({
    mutationFn: async ({ workOrder: w, changes }) => {
      patchCached(qc, w.id, edit(changes));
      return queueWrites([updateRow('work_orders', w.id, changes, `${w.title}: edit`)], {
        userId: me,
        invalidate: SETTLED,
      });
    },
    invalidate: SETTLED,
    invalidateOnError: true,
    done: (result) => notifySaved(result, 'Work order saved'),
    failed: 'Failed to save the work order',
  });
}

export function useAddComment() {
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ workOrderId: string; body: string }, WriteResult>({
    mutationFn: async ({ workOrderId, body }) =>
      queueWrites(
        [
          insertRow(
            'work_order_comments',
            { id: crypto.randomUUID(), work_order_id: workOrderId, body: body.trim() },
            'Work order comment',
          ),
        ],
        { userId: me, invalidate: [workOrderKeys.detail(workOrderId)] },
      ),
    invalidate: (_, { workOrderId }) => [workOrderKeys.detail(workOrderId)],
    done: (result) => notifySaved(result, 'Comment added'),
    failed: 'Failed to add the comment',
  });
}
