// The ledger's calls as the screens see them while they wait (docs/inventory.md, docs/offline.md
// "Function calls"): a receive, a transfer, a count or a use changes an item's stock, so each is declared once with
// `apply`, its effect on an item as read (its `stock` per location). That one `apply` is the
// optimistic patch when the call is queued and the overlay on every read of items while it waits;
// the server's answer (on_hand kept by private.inventory_record) replaces it once applied.
import type { Database } from '@/lib/database.types';
import { transition } from '@/offline/calls';
import type { StockLevel } from './types';

type Fns = Database['public']['Functions'];
export type ReceiveArgs = Fns['inventory_receive']['Args'];
export type TransferArgs = Fns['inventory_transfer']['Args'];
export type SetParArgs = Fns['inventory_set_par']['Args'];
export type CountArgs = Fns['inventory_count']['Args'];
export type ConsumeArgs = Fns['inventory_consume']['Args'];

interface Stocked {
  stock: StockLevel[];
}

const EMPTY = { on_hand: 0, par_level: 0, reorder_threshold: 0, negative: false };

/** The item's stock with `change` made to its row at `location` (a row made when it has none). */
function atLocation<R extends Stocked>(
  row: R,
  location: string,
  change: (s: StockLevel) => StockLevel,
): R {
  const has = row.stock.some((s) => s.location_id === location);
  const stock = has
    ? row.stock.map((s) => (s.location_id === location ? change(s) : s))
    : [...row.stock, change({ ...EMPTY, location_id: location })];
  return { ...row, stock };
}

export const receiveCall = transition<Stocked, ReceiveArgs>({
  fn: 'inventory_receive',
  rowId: (a) => a.item_id,
  apply: (row, a) =>
    atLocation(row, a.location_id, (s) => ({ ...s, on_hand: s.on_hand + a.quantity })),
});

export const transferCall = transition<Stocked, TransferArgs>({
  fn: 'inventory_transfer',
  rowId: (a) => a.item_id,
  apply: (row, a) =>
    atLocation(
      atLocation(row, a.from_location_id, (s) => ({ ...s, on_hand: s.on_hand - a.quantity })),
      a.to_location_id,
      (s) => ({ ...s, on_hand: s.on_hand + a.quantity }),
    ),
});

export const setParCall = transition<Stocked, SetParArgs>({
  fn: 'inventory_set_par',
  rowId: (a) => a.item_id,
  apply: (row, a) =>
    atLocation(row, a.location_id, (s) => ({
      ...s,
      par_level: a.par_level,
      reorder_threshold: a.reorder_threshold,
    })),
});

/** A count: what is there now (the server counts it as of when it was counted, docs/inventory.md). */
export const countCall = transition<Stocked, CountArgs>({
  fn: 'inventory_count',
  rowId: (a) => a.item_id,
  apply: (row, a) => atLocation(row, a.location_id, (s) => ({ ...s, on_hand: a.counted_quantity })),
});

/** Stock used (a clean's or a work order's). */
export const consumeCall = transition<Stocked, ConsumeArgs>({
  fn: 'inventory_consume',
  rowId: (a) => a.item_id,
  apply: (row, a) =>
    atLocation(row, a.location_id, (s) => ({ ...s, on_hand: s.on_hand - a.quantity })),
});

/** Every call laid over a read of items. */
export const STOCK_CALLS = [receiveCall, transferCall, setParCall, countCall, consumeCall];
