// Queued function calls laid over reads (docs/offline.md "Function calls"): a status move is a call
// of a database function (transition_work_order, transition_cleaning_task) that the server applies
// exactly once. A transition is declared once - the function, which row it moves, and `apply`, its
// effect on a row as read - and that one `apply` makes both the optimistic patch of the screen's
// cache when the write is made (`callWrite`) and the overlay on every read while the call waits in
// the queue (`overlayCalls`, used by src/offline/resource.ts), from the server or the device.
import type { QueueEntry } from './queue-entry';
import { callFunction, type Write } from './write';

/**
 * One database function that moves a row. `Base` is the least a row must have for `apply` (a
 * work order's status and version): every read whose rows have it can lay the call over them.
 */
export interface Transition<Base extends object, Args extends object> {
  /** The database function (RPC) the call goes to. */
  fn: string;
  /** The id of the row the call moves, from its arguments. */
  rowId(args: Args): string;
  /** The rows' key column (default `id`). */
  key?: string;
  /**
   * The call's effect on a row as read: what the server will have made of it once the call is
   * applied. `at` is when the call was made (ms since epoch).
   */
  apply<R extends Base>(row: R, args: Args, at: number): R;
}

/** Declares a transition (an identity: it only checks the declaration's types). */
export const transition = <Base extends object, Args extends object>(t: Transition<Base, Args>) =>
  t;

/** A transition as a read lays it over its rows (the arguments are the queued entry's values). */
// (`never`: a read accepts any transition whose `Base` its rows have, whatever its arguments.)
export type CallOverlay<Row extends object> = Transition<Row, never>;

export interface CallWrite<Base extends object> {
  /** The queued write: the request body and the entry's values are the call's arguments. */
  write: Write;
  /**
   * The optimistic patch: the same `apply` the reads lay over their rows, for the row the call
   * moves (any other row is returned as it is).
   */
  patch<R extends Base>(row: R): R;
}

const keyOf = (t: { key?: string }) => t.key ?? 'id';
const idOf = (row: object, key: string) => String((row as Record<string, unknown>)[key]);

/** A call of a declared transition, as one queued write and the patch of the rows it moves. */
export function callWrite<Base extends object, Args extends object>(
  t: Transition<Base, Args>,
  args: Args,
  label: string,
): CallWrite<Base> {
  const rowId = t.rowId(args);
  const at = Date.now();
  return {
    write: callFunction(t.fn, Object.fromEntries(Object.entries(args)), label, rowId),
    patch: (row) => (idOf(row, keyOf(t)) === rowId ? t.apply(row, args, at) : row),
  };
}

/** The queued calls of `t` that move this row, oldest first. */
function callsOn(t: Transition<object, never>, entries: QueueEntry[], id: string): QueueEntry[] {
  return entries.filter(
    (e) =>
      e.target.kind === 'rpc' &&
      e.target.name === t.fn &&
      e.values !== undefined &&
      t.rowId(e.values as never) === id,
  );
}

/**
 * Lays queued calls over rows read from the server or the device, oldest first: each call of a
 * declared transition moves the row it names with the transition's `apply` (as the optimistic
 * patch did; a moved row is not marked `pendingSync`, the patch does not mark it either).
 * `entries` are the user's queued entries (refused ones left out by the caller).
 */
export function overlayCalls<Row extends object>(
  rows: Row[],
  transitions: CallOverlay<Row>[],
  entries: QueueEntry[],
): Row[] {
  if (transitions.length === 0 || entries.length === 0) return rows;
  return rows.map((row) => {
    let out = row;
    for (const t of transitions) {
      for (const e of callsOn(t, entries, idOf(row, keyOf(t)))) {
        out = t.apply(out, e.values as never, e.timestamp);
      }
    }
    return out;
  });
}
