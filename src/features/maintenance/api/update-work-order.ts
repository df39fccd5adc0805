// A work order's fields edited (priority, blocking, due, labour and costs, resolution notes): a
// plain row write through the one sync queue (docs/offline.md), the last write wins. It shows at
// once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, updateRow, type WriteResult } from '@/offline/write';
import type { WorkOrder } from '@/domain/work-orders/types';
import { messages } from '../messages';
import { patchCached, SETTLED } from './work-order-cache';

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

/** A field edit as a patch of the cached work order. */
const edit =
  (changes: Partial<WorkOrder>) =>
  <W extends WorkOrder>(w: W): W => ({ ...w, ...changes });

export function useUpdateWorkOrder() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ workOrder: WorkOrder; changes: WorkOrderEdit }, WriteResult>({
    mutationFn: async ({ workOrder: w, changes }) => {
      patchCached(qc, w.id, edit(changes));
      return queueWrites(
        [
          updateRow(
            'work_orders',
            w.id,
            changes,
            messages.t('write.editLabel', { title: w.title }),
          ),
        ],
        {
          userId: me,
          invalidate: SETTLED,
        },
      );
    },
    invalidate: SETTLED,
    invalidateOnError: true,
    done: (result) => notifySaved(result, messages.t('write.saved')),
    failed: messages.t('write.saveFailed'),
  });
}
