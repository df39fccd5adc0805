// A work order's status change: transition_work_order (declared once in
// src/domain/work-orders/transitions.ts) through the one sync queue (docs/offline.md,
// docs/maintenance.md) with the version it was made from (a stale one is a conflict, shown in the
// Sync Queue panel); resolving also queues the labour time and the after photos. It shows at once,
// queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, updateRow, type Write, type WriteResult } from '@/offline/write';
import { workOrderPhotoWrites } from '@/domain/work-orders/writes';
import { moveWorkOrder } from '@/domain/work-orders/transitions';
import type { WorkOrder, WorkOrderStatus } from '@/domain/work-orders/types';
import { messages } from '../messages';
import { patchCached, SETTLED } from './work-order-cache';

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
            messages.t('write.labourLabel', { title: w.title }),
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
        assigneeId && to === 'assigned'
          ? messages.t('write.assigned')
          : messages.t('write.statusChanged'),
      ),
    failed: messages.t('write.statusFailed'),
  });
}
