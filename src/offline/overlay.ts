// Queued changes laid over rows that were read (docs/offline.md rule 7): the user's own creates, edits
// and deletes show on top of the server's answer or of this device's copy until they are sent.
import type { QueueEntry } from './queue-entry';

export type Pending<T> = T & { pendingSync?: boolean };

/**
 * Lays queued changes over rows read from the server or the device: inserts that match `include`
 * are added, updates merged, deletes removed. Rows touched are marked `pendingSync`.
 */
export function overlayRows<T extends object>(
  rows: T[],
  changes: QueueEntry[],
  options: {
    key?: string;
    include?: (row: T) => boolean;
    /** Turns a queued insert's values into a row of this read. */
    fromValues?: (values: Record<string, unknown>) => T;
  } = {},
): Pending<T>[] {
  const key = options.key ?? 'id';
  let out: Pending<T>[] = rows.map((r) => ({ ...r }));
  for (const c of changes) {
    const id = c.target.rowId;
    if (id === undefined) continue;
    const at = out.findIndex((r) => String((r as Record<string, unknown>)[key]) === id);
    const values = c.values ?? {};
    if (c.target.op === 'delete') {
      if (at >= 0) out = out.filter((_, i) => i !== at);
    } else if (at >= 0) {
      out[at] = { ...out[at], ...values, pendingSync: true } as Pending<T>;
    } else if (c.target.op === 'insert' || c.target.op === 'upsert') {
      const row = (options.fromValues ? options.fromValues(values) : values) as T;
      if (!options.include || options.include(row)) out.push({ ...row, pendingSync: true });
    }
  }
  return out;
}

/** One row with its queued changes on top; undefined when a queued delete removed it. */
export function overlayRow<T extends object>(
  row: T | null,
  changes: QueueEntry[],
  id: string,
  fromValues?: (values: Record<string, unknown>) => T,
): Pending<T> | null {
  const rows = overlayRows(
    row ? [row] : [],
    changes.filter((c) => c.target.rowId === id),
    {
      ...(fromValues ? { fromValues } : {}),
    },
  );
  return rows[0] ?? null;
}
