// The ledger's calls as the screens see them while they wait (docs/inventory.md "Reads and the
// queue", docs/offline.md "Function calls"). Each call is declared once by its legs: which item at
// which place it changes and how (a quantity added, or levels set). Three reads show stock, in
// three shapes, and each lays the same legs over its rows while the call waits in the queue:
//   - an item with its stock per place (its detail): `STOCK_CALLS`;
//   - one place's stock rows, by item (the count, transfer, par and pick-list forms): `PLACE_CALLS`;
//   - an item's totals in the items list (on_hand summed by the server): `TOTAL_CALLS`, which can
//     add a quantity but not know what a count or a par level makes of the sum (the server's
//     answer does, once the call is applied).
// The optimistic patch of the cached reads when a call is queued uses the same legs
// (`patchedWith`, features/inventory/api/stock-cache.ts). The server's answer (on_hand kept by
// private.inventory_record) replaces it all once the call is applied.
import type { Database } from '@/lib/database.types';
import { transition, type Transition } from '@/offline/calls';
import type { StockLevel } from './types';

type Fns = Database['public']['Functions'];
export type ReceiveArgs = Fns['inventory_receive']['Args'];
export type TransferArgs = Fns['inventory_transfer']['Args'];
export type SetParArgs = Fns['inventory_set_par']['Args'];
export type CountArgs = Fns['inventory_count']['Args'];
export type ConsumeArgs = Fns['inventory_consume']['Args'];
export interface TransferBatchArgs {
  transfers: Pick<TransferArgs, 'item_id' | 'from_location_id' | 'to_location_id' | 'quantity'>[];
  reason: string;
}

/** What one call does to one item at one place: a quantity added, or levels set. */
export interface Leg {
  item_id: string;
  location_id: string;
  add?: number;
  set?: Partial<Pick<StockLevel, 'on_hand' | 'par_level' | 'reorder_threshold'>>;
}

const transferLegs = (a: TransferBatchArgs['transfers'][number]): Leg[] => [
  { item_id: a.item_id, location_id: a.from_location_id, add: -a.quantity },
  { item_id: a.item_id, location_id: a.to_location_id, add: a.quantity },
];

/** Every stock call's legs, by function. */
const LEGS: Record<string, (args: never) => Leg[]> = {
  inventory_receive: (a: ReceiveArgs) => [
    { item_id: a.item_id, location_id: a.location_id, add: a.quantity },
  ],
  inventory_transfer: (a: TransferArgs) => transferLegs(a),
  inventory_transfer_batch: (a: TransferBatchArgs) => a.transfers.flatMap(transferLegs),
  inventory_set_par: (a: SetParArgs) => [
    {
      item_id: a.item_id,
      location_id: a.location_id,
      set: { par_level: a.par_level, reorder_threshold: a.reorder_threshold },
    },
  ],
  /** A count: what is there now (the server counts it as of when it was counted). */
  inventory_count: (a: CountArgs) => [
    { item_id: a.item_id, location_id: a.location_id, set: { on_hand: a.counted_quantity } },
  ],
  /** Stock used (a clean's or a work order's). */
  inventory_consume: (a: ConsumeArgs) => [
    { item_id: a.item_id, location_id: a.location_id, add: -a.quantity },
  ],
};

/** The legs of a call of function `fn` (none when it is not a stock call). */
export const legsOf = (fn: string, args: Record<string, unknown> | undefined): Leg[] =>
  args && LEGS[fn] ? LEGS[fn](args as never) : [];

const EMPTY = { on_hand: 0, par_level: 0, reorder_threshold: 0, negative: false };

const moved = <S extends Omit<StockLevel, 'location_id'>>(s: S, leg: Leg): S => ({
  ...s,
  ...leg.set,
  on_hand: (leg.set?.on_hand ?? s.on_hand) + (leg.add ?? 0),
});

// ---- The three shapes ----------------------------------------------------------------------------

interface Stocked {
  id: string;
  stock: StockLevel[];
}

/** An item with its stock per place, the legs about it laid on (a row made where it has none). */
export function stockedWith<R extends Stocked>(row: R, legs: readonly Leg[]): R {
  let stock = row.stock;
  for (const leg of legs) {
    if (leg.item_id !== row.id) continue;
    stock = stock.some((s) => s.location_id === leg.location_id)
      ? stock.map((s) => (s.location_id === leg.location_id ? moved(s, leg) : s))
      : [...stock, moved({ ...EMPTY, location_id: leg.location_id }, leg)];
  }
  return stock === row.stock ? row : { ...row, stock };
}

/** One place's stock row of an item. */
export interface PlaceLevel extends StockLevel {
  item_id: string;
}

export function placeWith<R extends PlaceLevel>(row: R, legs: readonly Leg[]): R {
  return legs.reduce(
    (r, leg) =>
      leg.item_id === r.item_id && leg.location_id === r.location_id ? moved(r, leg) : r,
    row,
  );
}

/** An item's totals: what is added shows in the sum; what is set waits for the server. */
export interface Totalled {
  id: string;
  on_hand: number;
}

export function totalWith<R extends Totalled>(row: R, legs: readonly Leg[]): R {
  const add = legs.reduce((sum, l) => sum + (l.item_id === row.id ? (l.add ?? 0) : 0), 0);
  return add === 0 ? row : { ...row, on_hand: row.on_hand + add };
}

// ---- Declared per function, for the reads' overlays (src/offline/calls.ts) -----------------------

function declare<Row extends object, Args extends { item_id: string }>(
  fn: string,
  key: string,
  lay: (row: Row, legs: Leg[]) => Row,
): Transition<Row, Args> {
  return transition<Row, Args>({
    fn,
    key,
    rowId: (a) => a.item_id,
    apply: (row, a) => lay(row, legsOf(fn, a as unknown as Record<string, unknown>)) as typeof row,
  });
}

/** The single-item calls (a pick list's batch names many items: its refresh shows it). */
const ITEM_FNS = [
  'inventory_receive',
  'inventory_transfer',
  'inventory_set_par',
  'inventory_count',
  'inventory_consume',
] as const;

/** Every call laid over a read of an item with its stock per place (its detail). */
export const STOCK_CALLS = ITEM_FNS.map((fn) =>
  declare<Stocked, { item_id: string }>(fn, 'id', stockedWith),
);
/** Every call laid over a read of one place's stock (rows keyed by item). */
export const PLACE_CALLS = ITEM_FNS.map((fn) =>
  declare<PlaceLevel, { item_id: string }>(fn, 'item_id', placeWith),
);
/** Every call laid over the items list's totals. */
export const TOTAL_CALLS = ITEM_FNS.map((fn) =>
  declare<Totalled, { item_id: string }>(fn, 'id', totalWith),
);

// The single calls as the writes make them (./writes.ts, ./count.ts, ./consume.ts).
export const receiveCall = declare<Stocked, ReceiveArgs>('inventory_receive', 'id', stockedWith);
export const transferCall = declare<Stocked, TransferArgs>('inventory_transfer', 'id', stockedWith);
export const setParCall = declare<Stocked, SetParArgs>('inventory_set_par', 'id', stockedWith);
export const countCall = declare<Stocked, CountArgs>('inventory_count', 'id', stockedWith);
export const consumeCall = declare<Stocked, ConsumeArgs>('inventory_consume', 'id', stockedWith);
