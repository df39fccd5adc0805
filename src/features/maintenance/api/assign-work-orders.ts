// Assigning several work orders to one person (the list's bulk bar): each its own
// transition_work_order call through the one sync queue (docs/offline.md, docs/maintenance.md).
// Each shows at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { localizeServerMessage } from '@/lib/server-messages/localize';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { queueWrite } from '@/offline/write';
import { moveWorkOrder } from '@/domain/work-orders/transitions';
import type { WorkOrder } from '@/domain/work-orders/types';
import { messages } from '../messages';
import { patchCached, SETTLED } from './work-order-cache';

export interface BulkAssignResult {
  assigned: number;
  /** How many of those wait on this device for the connection (queued, not yet sent). */
  queued: number;
  refused: { workOrder: WorkOrder; reason: string }[];
}

/** "3 work orders assigned to Kostas Petrou", or what was refused and why. */
export function bulkAssignMessage(r: BulkAssignResult, assignee: string): string {
  let done =
    r.assigned > 0
      ? messages.t('bulk.assigned', { count: r.assigned, name: assignee })
      : messages.t('bulk.noneAssigned');
  if (r.queued > 0) done = messages.t('bulk.queued', { done, count: r.queued });
  if (r.refused.length === 0) return done;
  let why = r.refused
    .slice(0, 3)
    .map((f) =>
      // The server's refusal in the user's language (docs/i18n.md "Server messages").
      messages.t('bulk.reason', {
        title: f.workOrder.title,
        reason: localizeServerMessage(f.reason),
      }),
    )
    .join('; ');
  if (r.refused.length > 3) why = messages.t('bulk.more', { why, count: r.refused.length - 3 });
  return messages.t('bulk.refused', { done, count: r.refused.length, why });
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
              reason: errorMessage(o.reason, messages.t('bulk.refusedByServer')),
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
      failed: messages.t('bulk.failed'),
    },
    callbacks,
  );
}
