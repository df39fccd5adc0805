// The sync-queue store: add, read, change and remove entries. Used by the page and the service
// worker alike; every change is announced on the sync BroadcastChannel so panels, badges and reads
// in every tab follow it.
import type { IDBPObjectStore } from 'idb';
import { openOfflineDb, type AriviaOpsDB } from './db';
import { SYNC_CHANNEL, type QueueEntry, type QueuedRequest, type SyncMessage } from './queue-entry';

type QueueStore = IDBPObjectStore<AriviaOpsDB, ['sync-queue'], 'sync-queue', 'readwrite'>;

let channel: BroadcastChannel | null = null;

function syncChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(SYNC_CHANNEL);
  return channel;
}

const localListeners = new Set<(m: SyncMessage) => void>();

/** Tells this context and every other one (tabs, worker). */
export function announce(message: SyncMessage): void {
  for (const l of localListeners) l(message);
  syncChannel()?.postMessage(message);
}

/** Hears what any context announces, this one included. */
export function onSyncMessage(listener: (m: SyncMessage) => void): () => void {
  const ch = syncChannel();
  const fromOthers = (e: MessageEvent<SyncMessage>) => listener(e.data);
  ch?.addEventListener('message', fromOthers);
  localListeners.add(listener);
  return () => {
    ch?.removeEventListener('message', fromOthers);
    localListeners.delete(listener);
  };
}

export async function addEntry(entry: Omit<QueueEntry, 'id'>): Promise<QueueEntry> {
  const db = await openOfflineDb();
  const id = await db.add('sync-queue', entry as QueueEntry);
  announce({ type: 'queue-changed' });
  return { ...entry, id };
}

/** Every entry, oldest first (the store's auto-increment key is the order of the changes). */
export async function listEntries(): Promise<QueueEntry[]> {
  const db = await openOfflineDb();
  return db.getAll('sync-queue');
}

export async function getEntry(id: number): Promise<QueueEntry | undefined> {
  const db = await openOfflineDb();
  return db.get('sync-queue', id);
}

export async function findEntry(mutationId: string): Promise<QueueEntry | undefined> {
  return (await listEntries()).find((e) => e.mutationId === mutationId);
}

export async function putEntry(entry: QueueEntry): Promise<void> {
  const db = await openOfflineDb();
  await db.put('sync-queue', entry);
  announce({ type: 'queue-changed' });
}

/** Removes an entry: after a 2xx, or when the user discards a rejected one - never otherwise. */
export async function removeEntry(id: number): Promise<void> {
  const db = await openOfflineDb();
  await db.delete('sync-queue', id);
  announce({ type: 'queue-changed' });
}

/** Entries still to be delivered (waiting, rejected or needing a sign-in): nothing is dropped. */
export async function queueSize(): Promise<number> {
  const db = await openOfflineDb();
  return db.count('sync-queue');
}

/** The spec's view of the queue (§3, §7 GET_QUEUE_REQUESTS): method, url and timestamp. */
export function toQueuedRequest(e: QueueEntry): QueuedRequest {
  return { method: e.method, url: e.url, timestamp: e.timestamp };
}

/**
 * Runs `change` on an entry and on every entry that depends on it (`after`, transitively), in one
 * transaction: what the user does to a photo's upload also happens to its gallery row.
 */
async function withDependents(
  id: number,
  change: (store: QueueStore, entry: QueueEntry & { id: number }) => Promise<unknown>,
): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction('sync-queue', 'readwrite');
  const all = await tx.store.getAll();
  const first = all.find((e) => e.id === id);
  if (first) {
    const chain = new Set([first.mutationId]);
    for (const e of all) if (e.after && chain.has(e.after)) chain.add(e.mutationId);
    for (const e of all) {
      if (e.id !== undefined && chain.has(e.mutationId)) await change(tx.store, { ...e, id: e.id });
    }
  }
  await tx.done;
  if (first) announce({ type: 'queue-changed' });
}

/** Discards an entry the user gave up on, with every entry that depended on it. */
export function discardEntry(id: number): Promise<void> {
  return withDependents(id, (store, e) => store.delete(e.id));
}

/** Puts a rejected or needs-login entry (and those waiting on it) back in line to be sent now. */
export function retryEntry(id: number): Promise<void> {
  return withDependents(id, async (store, e) => {
    if (e.status !== 'pending') {
      await store.put({ ...e, status: 'pending', attempts: 0, nextAttemptAt: 0 });
    }
  });
}
