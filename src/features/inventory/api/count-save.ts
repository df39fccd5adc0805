// "Save count" (docs/inventory.md "Count mode"): one inventory_count call per counted item, queued
// together through the sync queue (each its own X-Mutation-Id, so a replay counts once), with
// `occurred_at` the moment each item was counted on the device. The items' cached stock shows the
// counted quantities at once (the count's `apply`), queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, type WriteResult } from '@/offline/write';
import { count } from '@/domain/inventory/count';
import { inventoryKeys } from '@/domain/inventory/keys';
import type { InventoryItem } from '@/domain/inventory/types';
import { messages } from '../messages';
import { patchStockCaches } from './stock-cache';

export interface CountLine {
  item: Pick<InventoryItem, 'id' | 'name'>;
  counted: number;
  /** When it was counted on this device (ISO). */
  countedAt: string;
}

export interface CountInput {
  locationId: string;
  lines: CountLine[];
}

export function useSaveCount(callbacks?: MutationCallbacks<WriteResult, CountInput>) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<CountInput, WriteResult>(
    {
      mutationFn: async ({ locationId, lines }) => {
        const calls = lines.map((l) =>
          count(l.item, {
            item_id: l.item.id,
            location_id: locationId,
            counted_quantity: l.counted,
            reason: messages.t('count.reason'),
            occurred_at: l.countedAt,
          }),
        );
        patchStockCaches(
          qc,
          calls.map((c) => c.write),
        );
        return queueWrites(
          calls.map((c) => c.write),
          { userId: me, invalidate: [inventoryKeys.all] },
        );
      },
      invalidate: [inventoryKeys.all],
      rollback: () => void qc.invalidateQueries({ queryKey: inventoryKeys.items() }),
      done: (result, { lines }) =>
        notifySaved(result, messages.t('count.saved', { count: lines.length })),
      failed: messages.t('count.failed'),
    },
    callbacks,
  );
}
