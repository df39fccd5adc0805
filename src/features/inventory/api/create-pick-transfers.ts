// "Create transfers" from the pick list (docs/inventory.md "The pick list on the screens"): every
// line to bring as one inventory_transfer_batch call (inventory.adjust), through the sync queue
// with one X-Mutation-Id, so a replay transfers once. The server takes at most 500 transfers a
// call: a longer list is split into calls of 500, queued in order, each its own mutation (a
// refused one leaves the ones before it made; the list, refreshed, then shows only what is left).
//
// A batch moves many items, so no single row is "the" row of the call (src/offline/calls.ts): its
// legs (a transfer's pair per line, src/domain/inventory/transitions.ts) are laid on every cached
// read of stock when it is queued, and the queue entry names the first item moved. The reads do
// not overlay a batch that waits offline (the pick list is read online only).
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { callWrite, transition } from '@/offline/calls';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, type WriteResult } from '@/offline/write';
import { inventoryKeys } from '@/domain/inventory/keys';
import { legsOf, stockedWith } from '@/domain/inventory/transitions';
import type { StockLevel } from '@/domain/inventory/types';
import { messages } from '../messages';
import { batchesOf, type PickTransfer } from '../pick-list';
import { patchStockCaches } from './stock-cache';

export interface TransferBatchArgs {
  transfers: PickTransfer[];
  reason: string;
}

type Stocked = { id: string; stock: StockLevel[] };

export const transferBatchCall = transition<Stocked, TransferBatchArgs>({
  fn: 'inventory_transfer_batch',
  rowId: (a) => a.transfers[0]?.item_id ?? '',
  apply: (row, a) => stockedWith(row, legsOf('inventory_transfer_batch', { ...a })),
});

export interface PickTransfersInput {
  transfers: PickTransfer[];
  /** How many villas they go to (the toast says it). */
  villas: number;
  /** The ledger's reason of every movement ("Pick list 30 Nov 2026"). */
  reason: string;
}

export function useCreatePickTransfers(
  callbacks?: MutationCallbacks<WriteResult, PickTransfersInput>,
) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<PickTransfersInput, WriteResult>(
    {
      mutationFn: async ({ transfers, villas, reason }) => {
        const batches = batchesOf(transfers).map((batch) =>
          callWrite(
            transferBatchCall,
            { transfers: batch, reason },
            messages.t('pickList.queue', { count: batch.length, villas }),
          ),
        );
        patchStockCaches(
          qc,
          batches.map((b) => b.write),
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
