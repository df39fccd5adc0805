// A comment on a work order: a row insert (its id made on the device) through the one sync queue
// (docs/offline.md).
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrites, type WriteResult } from '@/offline/write';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { messages } from '../messages';

export function useAddComment() {
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ workOrderId: string; body: string }, WriteResult>({
    mutationFn: async ({ workOrderId, body }) =>
      queueWrites(
        [
          insertRow(
            'work_order_comments',
            { id: crypto.randomUUID(), work_order_id: workOrderId, body: body.trim() },
            messages.t('write.commentLabel'),
          ),
        ],
        { userId: me, invalidate: [workOrderKeys.detail(workOrderId)] },
      ),
    invalidate: (_, { workOrderId }) => [workOrderKeys.detail(workOrderId)],
    done: (result) => notifySaved(result, messages.t('write.commentAdded')),
    failed: messages.t('write.commentFailed'),
  });
}
