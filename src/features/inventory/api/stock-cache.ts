// What the inventory writes share (docs/adding-an-area.md "one small file beside them"): one
// queued call of the ledger (src/domain/inventory/writes.ts), its patch laid on the cached items
// and item detail so the change shows at once, and the keys a settled call refreshes. A refusal
// comes back to the caller's onError (a form shows it under its field) or the default toast.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import type { CallWrite } from '@/offline/calls';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, type WriteResult } from '@/offline/write';
import { inventoryKeys } from '@/domain/inventory/keys';
import type { ItemDetail } from '@/domain/inventory/reads';
import type { InventoryItem, StockLevel } from '@/domain/inventory/types';

const SETTLED = [inventoryKeys.all];

type Stocked = { stock: StockLevel[] };

/** A call about one item: its name (the queue's label, the toast) and the function's arguments. */
export interface StockCallInput<Args extends { item_id: string }> {
  item: { name: string };
  args: Args;
}

export function useStockCall<Args extends { item_id: string }>(
  build: (item: { name: string }, args: Args) => CallWrite<Stocked>,
  texts: { done: (item: string) => string; failed: string },
  callbacks?: MutationCallbacks<WriteResult, StockCallInput<Args>>,
) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<StockCallInput<Args>, WriteResult>(
    {
      mutationFn: async ({ item, args }) => {
        const call = build(item, args);
        qc.setQueryData<{ rows: InventoryItem[]; fromDevice: boolean }>(
          inventoryKeys.items(),
          (d) => (d ? { ...d, rows: d.rows.map(call.patch) } : d),
        );
        qc.setQueryData<{ row: ItemDetail | null; fromDevice: boolean }>(
          inventoryKeys.item(args.item_id),
          (d) => (d?.row ? { ...d, row: call.patch(d.row) } : d),
        );
        return queueWrite(call.write, { userId: me, invalidate: SETTLED });
      },
      invalidate: SETTLED,
      invalidateOnError: true,
      done: (result, { item }) => notifySaved(result, texts.done(item.name)),
      failed: texts.failed,
    },
    callbacks,
  );
}
