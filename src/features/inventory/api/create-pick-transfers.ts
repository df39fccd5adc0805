// "Create transfers" from the pick list (docs/inventory.md "The pick list on the screens"): every
// line to bring as one inventory_transfer_batch call (inventory.adjust), through the sync queue
// with one X-Mutation-Id, so a replay transfers once. The server takes at most 500 transfers a
// call: a longer list is split into calls of 500, queued in order, each its own mutation (a
// refused one leaves the ones before it made; the list, refreshed, then shows only what is left).
//
// A batch moves many items, so no single row is "the" row of the call (src/offline/calls.ts): its
// `apply` lays the batch's lines of one item on that item (the single transfer's own `apply`), the
// hook lays it on every cached item, and the queue entry names the first item moved. The items
// read does not overlay a batch that waits offline (the pick list is read online only).
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { callWrite, transition } from '@/offline/calls';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, type WriteResult } from '@/offline/write';
import { inventoryKeys } from '@/domain/inventory/keys';
import { transferCall } from '@/domain/inventory/transitions';
import type { InventoryItem, StockLevel } from '@/domain/inventory/types';
import { messages } from '../messages';
import { batchesOf, type PickTransfer } from '../pick-list';

export interface TransferBatchArgs {
  transfers: PickTransfer[];
  reason: string;
}

type Stocked = { id: string; stock: StockLevel[] };

export const transferBatchCall = transition<Stocked, TransferBatchArgs>({
  fn: 'inventory_transfer_batch',
  rowId: (a) => a.transfers[0]?.item_id ?? '',
  apply: (row, a, at) =>
    a.transfers.reduce((r, t) => (t.item_id === r.id ? transferCall.apply(r, t, at) : r), row),
});

export interface PickTransfersInput {
  transfers: PickTransfer[];
  /** How many villas they go to (the toast says it). */
  villas: number;
  /** The ledger's reason of every movement ("Pick list 30 Nov 2026"). */
  reason: string;
}

type ItemsAnswer = { rows: InventoryItem[]; fromDevice: boolean };

export function useCreatePickTransfers(
  callbacks?: MutationCallbacks<WriteResult, PickTransfersInput>,
) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<PickTransfersInput, WriteResult>(
    {
      mutationFn: async ({ transfers, villas, reason }) => {
        const at = Date.now();
        const batches = batchesOf(transfers).map((batch) =>
          callWrite(
            transferBatchCall,
            { transfers: batch, reason },
            messages.t('pickList.queue', { count: batch.length, villas }),
          ),
        );
        qc.setQueryData<ItemsAnswer>(inventoryKeys.items(), (d) =>
          d
            ? {
                ...d,
                rows: d.rows.map((r) => transferBatchCall.apply(r, { transfers, reason }, at)),
              }
            : d,
        );
        return queueWrites(
          batches.map((b) => b.write),
          { userId: me, invalidate: [inventoryKeys.all] },
        );
      },
      invalidate: [inventoryKeys.all],
      invalidateOnError: true,
      done: (result, { transfers, villas }) =>
        notifySaved(result, messages.t('pickList.done', { count: transfers.length, villas })),
      failed: messages.t('pickList.failed'),
    },
    callbacks,
  );
}
