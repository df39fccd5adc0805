// What the inventory writes share (docs/adding-an-area.md "one small file beside them"): one
// queued call of the ledger (src/domain/inventory/writes.ts), its legs laid on the cached reads
// that show stock so the change shows at once, and the keys a settled call refreshes. A refusal
// comes back to the caller's onError (a form shows it under its field) or the default toast.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import type { CallWrite } from '@/offline/calls';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, type Write, type WriteResult } from '@/offline/write';
import { inventoryKeys } from '@/domain/inventory/keys';
import type { ItemDetail } from '@/domain/inventory/reads';
import {
  legsOf,
  placeWith,
  stockedWith,
  totalWith,
  type Leg,
} from '@/domain/inventory/transitions';
import type { InventoryItem, PlaceStockRow } from '@/domain/inventory/types';

const SETTLED = [inventoryKeys.all];

type Rows<R> = { rows: R[]; fromDevice: boolean };

/**
 * The optimistic patch of queued stock calls (the same legs the reads lay over their rows while
 * the calls wait, src/domain/inventory/transitions.ts): the items list's totals, each item's
 * detail and each place's stock the calls name.
 */
export function patchStockCaches(qc: QueryClient, writes: readonly Write[]) {
  const legs: Leg[] = writes.flatMap((w) => legsOf(w.target.name, w.values));
  if (legs.length === 0) return;
  qc.setQueryData<Rows<InventoryItem>>(inventoryKeys.items(), (d) =>
    d ? { ...d, rows: d.rows.map((r) => totalWith(r, legs)) } : d,
  );
  for (const id of new Set(legs.map((l) => l.item_id))) {
    qc.setQueryData<{ row: ItemDetail | null; fromDevice: boolean }>(inventoryKeys.item(id), (d) =>
      d?.row ? { ...d, row: stockedWith(d.row, legs) } : d,
    );
  }
  for (const id of new Set(legs.map((l) => l.location_id))) {
    qc.setQueryData<Rows<PlaceStockRow>>(inventoryKeys.place(id), (d) =>
      d ? { ...d, rows: d.rows.map((r) => placeWith(r, legs)) } : d,
    );
  }
}

/** A call about one item: its name (the queue's label, the toast) and the function's arguments. */
export interface StockCallInput<Args extends { item_id: string }> {
  item: { name: string };
  args: Args;
}

export function useStockCall<Args extends { item_id: string }>(
  build: (item: { name: string }, args: Args) => CallWrite<object>,
  texts: { done: (item: string) => string; failed: string },
  callbacks?: MutationCallbacks<WriteResult, StockCallInput<Args>>,
) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<StockCallInput<Args>, WriteResult>(
    {
      mutationFn: async ({ item, args }) => {
        const call = build(item, args);
        patchStockCaches(qc, [call.write]);
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
