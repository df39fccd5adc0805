// Queued changes laid over what was read (docs/offline.md rule 7): inserts appear, edits merge,
// deletes hide, each marked as waiting to sync.
import { describe, expect, it } from 'vitest';
import type { QueueEntry } from './queue-entry';
import { overlayRow, overlayRows } from './overlay';

const change = (
  op: 'insert' | 'update' | 'upsert' | 'delete',
  rowId: string,
  values?: Record<string, unknown>,
): QueueEntry => ({
  method: op === 'delete' ? 'DELETE' : op === 'update' ? 'PATCH' : 'POST',
  url: 'http://api.test/rest/v1/properties',
  timestamp: 0,
  mutationId: `m-${op}-${rowId}`,
  userId: 'u1',
  target: { kind: 'table', name: 'properties', rowId, op },
  headers: {},
  body: null,
  label: op,
  ...(values ? { values } : {}),
  attempts: 0,
  nextAttemptAt: 0,
  status: 'pending',
  lastError: null,
});

const rows = [
  { id: 'a', name: 'Aegean' },
  { id: 'b', name: 'Blue' },
];

describe('overlayRows', () => {
  it('adds inserts, merges edits and removes deletes, in queue order', () => {
    const out = overlayRows(rows, [
      change('insert', 'c', { id: 'c', name: 'Cyclades' }),
      change('update', 'a', { name: 'Aegean Renamed' }),
      change('delete', 'b'),
      change('update', 'c', { name: 'Cyclades II' }),
    ]);
    expect(out).toEqual([
      { id: 'a', name: 'Aegean Renamed', pendingSync: true },
      { id: 'c', name: 'Cyclades II', pendingSync: true },
    ]);
    expect(rows[0]).toEqual({ id: 'a', name: 'Aegean' });
  });

  it('keeps only inserts the read would include', () => {
    const out = overlayRows(rows, [change('insert', 'z', { id: 'z', name: 'Zephyr' })], {
      include: (r) => r.name.startsWith('A'),
    });
    expect(out.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('ignores an edit of a row this read does not hold', () => {
    expect(overlayRows(rows, [change('update', 'q', { name: 'x' })])).toEqual(rows);
  });
});

describe('overlayRow', () => {
  it('builds a row created offline and hides one deleted offline', () => {
    expect(
      overlayRow(null, [change('insert', 'n', { id: 'n', name: 'New' })], 'n', (v) => ({
        id: String(v.id),
        name: String(v.name),
      })),
    ).toEqual({ id: 'n', name: 'New', pendingSync: true });
    expect(overlayRow(rows[0]!, [change('delete', 'a')], 'a')).toBeNull();
  });
});
