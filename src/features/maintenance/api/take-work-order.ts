// Taking an unassigned work order (docs/maintenance.md "Taking a work order"): take_work_order
// (declared once in src/domain/work-orders/transitions.ts) through the one sync queue
// (docs/offline.md). It shows at once as mine, queued or not; the server refuses it once someone
// else has it ("Already taken by <name>": the toast says so and the list refreshes; a take replayed
// from the queue after that is refused in the Sync Queue).
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, type WriteResult } from '@/offline/write';
import { takeWorkOrder } from '@/domain/work-orders/transitions';
import type { WorkOrder } from '@/domain/work-orders/types';
import { messages } from '../messages';
import { patchCached, SETTLED } from './work-order-cache';

export interface TakeInput {
  workOrder: Pick<WorkOrder, 'id' | 'title' | 'version'>;
}

export function useTakeWorkOrder(callbacks?: MutationCallbacks<WriteResult, TakeInput>) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<TakeInput, WriteResult>(
    {
      mutationFn: async ({ workOrder: w }) => {
        const take = takeWorkOrder(w, me);
        patchCached(qc, w.id, take.patch);
        return queueWrite(take.write, { userId: me, invalidate: SETTLED });
      },
      invalidate: SETTLED,
      invalidateOnError: true,
      done: (result, { workOrder }) =>
        notifySaved(result, messages.t('write.tookIt', { title: workOrder.title })),
      failed: messages.t('write.takeFailed'),
    },
    callbacks,
  );
}
