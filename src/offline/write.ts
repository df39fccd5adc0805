// Every write of the app goes through here (docs/offline.md rules 1, 2 and 8): it is put in the
// sync-queue first, with a fresh mutation id, and then sent by replay - at once when online. A
// caller waits a few seconds for the answer: applied, or still queued (offline, retrying), or
// refused - then the error goes back to the form and the entry leaves the queue, since the form
// still holds what the user typed. Areas describe a write with the builders below; the engine
// is the same for tables, RPCs and storage uploads.
import type { QueryKey } from '@tanstack/react-query';
import { env } from '@/lib/app-env';
import { QueryError } from '@/lib/errors';
import { addEntry, findEntry, listEntries } from './queue';
import { messages } from './messages';
import type { QueueEntry, QueueError, QueueTarget } from './queue-entry';
import { queueErrorText } from './queue-error';
import { awaitWrite, releaseWrite, requestReplay } from './sync-engine';

export interface Write {
  target: QueueTarget;
  label: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  /** Path and query under the backend's URL, e.g. `/rest/v1/properties?id=eq.…`. */
  path: string;
  headers: Record<string, string>;
  body: string | Blob | null;
  values?: Record<string, unknown>;
  expectRow?: boolean;
  baseVersion?: string;
  /**
   * The idempotency key when the write itself has one (a clean's use of an item is recorded once,
   * however often it is asked: ../domain/inventory/consume.ts); otherwise a fresh one. A write whose
   * key is already in the queue is not queued again.
   */
  mutationId?: string;
}

export interface WriteOptions {
  userId: string;
  /** Queries to refresh once the server took the write (from any tab). */
  invalidate?: QueryKey[];
  /** How long a caller waits for the answer before reporting 'queued'. */
  waitMs?: number;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

function restPath(table: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return `/rest/v1/${encodeURIComponent(table)}${q ? `?${q}` : ''}`;
}

/** A new row with its client-made id: a replay of it is skipped by the server. */
export function insertRow(
  table: string,
  row: Record<string, unknown> & { id: string },
  label: string,
): Write {
  return {
    target: { kind: 'table', name: table, rowId: row.id, op: 'insert' },
    label,
    method: 'POST',
    path: restPath(table, {}),
    headers: { ...JSON_HEADERS, Prefer: 'return=minimal' },
    body: JSON.stringify(row),
    values: row,
  };
}

/** Insert or merge on a unique key (one row per villa and so on). */
export function upsertRow(
  table: string,
  row: Record<string, unknown>,
  onConflict: string,
  label: string,
): Write {
  return {
    target: { kind: 'table', name: table, rowId: String(row[onConflict]), op: 'upsert' },
    label,
    method: 'POST',
    path: restPath(table, { on_conflict: onConflict }),
    headers: { ...JSON_HEADERS, Prefer: 'resolution=merge-duplicates,return=minimal' },
    body: JSON.stringify(row),
    values: row,
  };
}

/**
 * Changes fields of one row. Field edits are last-write-wins; a state transition passes the
 * version (updated_at) it was made from, and a row that moved on is reported as a conflict.
 */
export function updateRow(
  table: string,
  id: string,
  changes: Record<string, unknown>,
  label: string,
  baseVersion?: string,
): Write {
  const params: Record<string, string> = { id: `eq.${id}`, select: 'id' };
  if (baseVersion) params.updated_at = `eq.${baseVersion}`;
  return {
    target: { kind: 'table', name: table, rowId: id, op: 'update' },
    label,
    method: 'PATCH',
    path: restPath(table, params),
    headers: { ...JSON_HEADERS, Prefer: 'return=representation' },
    body: JSON.stringify(changes),
    values: changes,
    expectRow: true,
    ...(baseVersion ? { baseVersion } : {}),
  };
}

export function deleteRow(table: string, id: string, label: string): Write {
  return {
    target: { kind: 'table', name: table, rowId: id, op: 'delete' },
    label,
    method: 'DELETE',
    path: restPath(table, { id: `eq.${id}`, select: 'id' }),
    headers: { Prefer: 'return=representation' },
    body: null,
    expectRow: true,
  };
}

/** A file kept as a blob until it is uploaded to its deterministic path, overwriting a partial one. */
export function uploadObject(bucket: string, objectPath: string, file: Blob, label: string): Write {
  const encoded = objectPath.split('/').map(encodeURIComponent).join('/');
  return {
    target: { kind: 'storage', name: bucket, rowId: objectPath, op: 'upsert' },
    label,
    method: 'POST',
    path: `/storage/v1/object/${encodeURIComponent(bucket)}/${encoded}`,
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      'x-upsert': 'true',
      'cache-control': 'max-age=3600',
    },
    body: file,
  };
}

/** A call of a SQL function the API exposes, about one row (`rowId`): the queued request. */
export function callFunction(
  fn: string,
  args: Record<string, unknown>,
  label: string,
  rowId: string,
): Write {
  return {
    target: { kind: 'rpc', name: fn, rowId },
    label,
    method: 'POST',
    path: `/rest/v1/rpc/${encodeURIComponent(fn)}`,
    headers: { ...JSON_HEADERS },
    body: JSON.stringify(args),
    values: args,
  };
}

export function removeObject(bucket: string, objectPath: string, label: string): Write {
  return {
    target: { kind: 'storage', name: bucket, rowId: objectPath, op: 'delete' },
    label,
    method: 'DELETE',
    path: `/storage/v1/object/${encodeURIComponent(bucket)}`,
    headers: { ...JSON_HEADERS },
    body: JSON.stringify({ prefixes: [objectPath] }),
  };
}

export type WriteResult = 'applied' | 'queued';

function entryOf(w: Write, o: WriteOptions): Omit<QueueEntry, 'id'> {
  return {
    method: w.method,
    url: `${env.supabaseUrl}${w.path}`,
    timestamp: Date.now(),
    mutationId: w.mutationId ?? crypto.randomUUID(),
    userId: o.userId,
    target: w.target,
    headers: w.headers,
    body: w.body,
    label: w.label,
    ...(w.values ? { values: w.values } : {}),
    ...(w.expectRow ? { expectRow: true } : {}),
    ...(w.baseVersion ? { baseVersion: w.baseVersion } : {}),
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    lastError: null,
    ...(o.invalidate ? { invalidate: o.invalidate.map((k) => JSON.stringify(k)) } : {}),
  };
}

/**
 * Queues writes in order (a photo's upload before its row, say) and waits for the last one.
 * A refusal of any of them throws a QueryError with the server's code and message.
 */
export async function queueWrites(writes: Write[], options: WriteOptions): Promise<WriteResult> {
  if (!options.userId)
    throw new QueryError(
      { code: 'NO_SESSION', message: messages.t('write.noSession') },
      new Date().toISOString(),
    );
  const entries: Omit<QueueEntry, 'id'>[] = [];
  for (const w of writes) {
    const previous = entries.at(-1);
    entries.push({ ...entryOf(w, options), ...(previous ? { after: previous.mutationId } : {}) });
  }
  const waits = entries.map((e) => awaitWrite(e.mutationId, options.waitMs));
  // Nobody is left waiting on a refusal that never gets read.
  for (const w of waits) w.catch(() => undefined);
  const queued = writes.some((w) => w.mutationId)
    ? new Set((await listEntries()).map((e) => e.mutationId))
    : new Set<string>();
  for (const e of entries) if (!queued.has(e.mutationId)) await addEntry(e);
  if (navigator.onLine === false) {
    for (const e of entries) releaseWrite(e.mutationId);
  } else {
    void requestReplay().then(async (report) => {
      // Still waiting after a replay of this page (held back by an earlier entry's back-off, or
      // retrying): it is kept on the device - say so now rather than after the timeout.
      if (!report?.ran) return;
      for (const e of entries) {
        const left = await findEntry(e.mutationId);
        if (left?.status === 'pending') releaseWrite(e.mutationId);
      }
    });
  }
  let result: WriteResult = 'applied';
  try {
    for (const w of waits) if ((await w) === 'queued') result = 'queued';
  } catch (e) {
    for (const later of entries) releaseWrite(later.mutationId);
    const err = e as QueueError;
    throw new QueryError(
      {
        code: err.code ?? 'REJECTED',
        message: err.message !== undefined ? queueErrorText(err) : messages.t('write.refused'),
      },
      new Date().toISOString(),
    );
  }
  return result;
}

export function queueWrite(write: Write, options: WriteOptions): Promise<WriteResult> {
  return queueWrites([write], options);
}
