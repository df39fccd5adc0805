// Reads that keep working offline (docs/offline.md rule 7): what the server answered is mirrored in the
// local database with `lastSynced`; when the server cannot be reached the read answers from the
// mirror instead; either way the user's own queued changes are laid on top, so a villa created or
// edited offline shows as the user left it.
import { openOfflineDb, type MirroredRecord, type MirrorStore } from './db';
import { listEntries } from './queue';
import type { QueueEntry } from './queue-entry';
import { storedSession } from '@/lib/stored-session';
import { isNetworkError } from './network-error';
import { nextTask } from '@/lib/idle';

/** Where a read's data came from: the server now, or this device's copy from `lastSynced`. */
export interface Freshness {
  source: 'server' | 'device';
  lastSynced: number | null;
}

export async function mirrorPut(store: MirrorStore, records: MirroredRecord[]): Promise<void> {
  if (records.length === 0) return;
  try {
    const db = await openOfflineDb();
    const tx = db.transaction(store, 'readwrite');
    for (const r of records) {
      // Merge: the list and the detail screen each keep their own part of a villa.
      const old = await tx.store.get(r.id);
      await tx.store.put({ ...old, ...r } as never);
    }
    await tx.done;
  } catch (e) {
    // A full or unavailable disk must not break the online screen.
    console.warn('[offline] could not keep a copy on this device', e);
  }
}

export async function mirrorGet(
  store: MirrorStore,
  id: string,
): Promise<MirroredRecord | undefined> {
  const db = await openOfflineDb();
  return db.get(store, id);
}

export async function mirrorAll(store: MirrorStore): Promise<MirroredRecord[]> {
  const db = await openOfflineDb();
  return db.getAll(store);
}

export async function mirrorDelete(store: MirrorStore, id: string): Promise<void> {
  const db = await openOfflineDb();
  await db.delete(store, id);
}

/** The records of one villa in the `tasks` store (its `propertyId` index). */
export async function mirrorOfVilla(propertyId: string): Promise<MirroredRecord[]> {
  const db = await openOfflineDb();
  return db.getAllFromIndex('tasks', 'propertyId', propertyId);
}

/** Forgets records the server no longer returns (src/offline/resource.ts pruning). */
export async function mirrorDeleteAll(store: MirrorStore, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await openOfflineDb();
  const tx = db.transaction(store, 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Forgets every mirrored row (sign-out on a shared phone). The sync queue is kept (rule 9). */
export async function clearMirrors(): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(['properties', 'tasks', 'inventory'], 'readwrite');
  await Promise.all([
    tx.objectStore('properties').clear(),
    tx.objectStore('tasks').clear(),
    tx.objectStore('inventory').clear(),
    tx.done,
  ]);
}

/** Runs the online read; on a network failure answers from the device instead. */
export async function readWithFallback<T>(
  online: () => Promise<T>,
  offline: () => Promise<T | undefined>,
): Promise<{ data: T; freshness: Freshness }> {
  try {
    // Known to be offline: answer from the device now, without a request bound to fail.
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new TypeError('Failed to fetch (offline)');
    // Each read's request is made in a task of its own: the reads a screen starts together were
    // one task of ~20-25 ms as the app started (bench/README.md, issue 17).
    await nextTask();
    return { data: await online(), freshness: { source: 'server', lastSynced: Date.now() } };
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const copy = await offline().catch(() => undefined);
    if (copy === undefined) throw e;
    return { data: copy, freshness: { source: 'device', lastSynced: null } };
  }
}

/** The signed-in user's queued (not refused) writes to one target, oldest first. */
async function queuedFor(kind: QueueEntry['target']['kind'], name: string): Promise<QueueEntry[]> {
  const userId = storedSession()?.user.id ?? null;
  const entries = await listEntries().catch(() => [] as QueueEntry[]);
  return entries.filter(
    (e) =>
      e.target.kind === kind &&
      e.target.name === name &&
      e.status !== 'rejected' &&
      e.userId === userId,
  );
}

/** The signed-in user's queued (not refused) changes to one table, oldest first. */
export const queuedChanges = (table: string) => queuedFor('table', table);

/**
 * The signed-in user's queued (not refused) calls of one database function, oldest first: a
 * status move made offline (transition_cleaning_task, transition_work_order), for the areas'
 * reads to lay on top as they do row changes.
 */
export const queuedCalls = (fn: string) => queuedFor('rpc', fn);

/**
 * The rows some write still waiting on this device is about (any user's, refused ones too): the
 * row it writes, and the rows its values name (`task_id` of an assignee row or a status move): a
 * device copy never forgets them, whatever the server answers (src/offline/resource.ts pruning).
 */
export async function rowsWithQueuedWrites(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const e of await listEntries()) {
    if (e.target.rowId !== undefined) ids.add(e.target.rowId);
    for (const [field, value] of Object.entries(e.values ?? {})) {
      if (typeof value === 'string' && (field === 'id' || field.endsWith('_id'))) ids.add(value);
    }
  }
  return ids;
}

/** A row this user created on this device that has not reached the server yet. */
export async function madeOnDevice(table: string, id: string): Promise<boolean> {
  return (await queuedChanges(table)).some(
    (c) => c.target.op === 'insert' && c.target.rowId === id,
  );
}
