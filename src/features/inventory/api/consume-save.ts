// Stock used, recorded through the sync queue (docs/inventory.md "Consumption"): one
// inventory_consume per item (each its own X-Mutation-Id), for a clean (clean_id) or a work order
// (work_order_id). The items' cached stock shows it at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, type WriteResult } from '@/offline/write';
import { cleanUseKey, consume } from '@/domain/inventory/consume';
import { inventoryKeys } from '@/domain/inventory/keys';
import { messages } from '../messages';
import { patchStockCaches } from './stock-cache';

export interface ConsumeInput {
  locationId: string;
  lines: { item: { id: string; name: string }; quantity: number }[];
  cleanId?: string;
  workOrderId?: string;
}

export function useConsume(
  invalidate: readonly (readonly unknown[])[] = [],
  callbacks?: MutationCallbacks<WriteResult, ConsumeInput>,
) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  const keys = [inventoryKeys.all, ...invalidate];
  return useAppMutation<ConsumeInput, WriteResult>(
    {
      mutationFn: async ({ locationId, lines, cleanId, workOrderId }) => {
        const at = new Date().toISOString();
        // A clean's use of an item is recorded once, however often it is asked (cleanUseKey).
        const ids = await Promise.all(
          lines.map((l) => (cleanId ? cleanUseKey(cleanId, l.item.id) : undefined)),
        );
        const calls = lines.map((l, i) =>
          consume(
            l.item,
            {
              item_id: l.item.id,
              location_id: locationId,
              quantity: l.quantity,
              reason: '',
              ...(cleanId ? { clean_id: cleanId } : {}),
              ...(workOrderId ? { work_order_id: workOrderId } : {}),
              occurred_at: at,
            },
            ids[i],
          ),
        );
        patchStockCaches(
          qc,
          calls.map((c) => c.write),
        );
        return queueWrites(
          calls.map((c) => c.write),
          { userId: me, invalidate: keys },
        );
      },
      invalidate: keys,
      done: (result, { lines }) =>
        notifySaved(result, messages.t('consume.saved', { count: lines.length })),
      failed: messages.t('consume.failed'),
    },
    callbacks,
  );
}
