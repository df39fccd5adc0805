// The sync-queue store: add, read, change and remove entries. Used by the page and the service
// worker alike; every change is announced on the sync BroadcastChannel so panels, badges and reads
// in every tab follow it.
import { openOfflineDb } from './db';
import { SYNC_CHANNEL, type QueueEntry, type QueuedRequest, type SyncMessage } from './queue-entry';

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

/** Discards an entry the user gave up on, with every entry that depended on it. */
export async function discardEntry(id: number): Promise<void> {
  const db = await openOfflineDb();
  const all = await db.getAll('sync-queue');
  const gone = new Set<string>();
  const first = all.find((e) => e.id === id);
  if (!first) return;
  gone.add(first.mutationId);
  for (const e of all) if (e.after && gone.has(e.after)) gone.add(e.mutationId);
  const tx = db.transaction('sync-queue', 'readwrite');
  for (const e of all)
    if (gone.has(e.mutationId) && e.id !== undefined) await tx.store.delete(e.id);
  await tx.done;
  announce({ type: 'queue-changed' });
}

/** Puts a rejected or needs-login entry back in line to be sent now. */
export async function retryEntry(id: number): Promise<void> {
  const db = await openOfflineDb();
  const all = await db.getAll('sync-queue');
  const first = all.find((e) => e.id === id);
  if (!first) return;
  const again = new Set([first.mutationId]);
  for (const e of all) if (e.after && again.has(e.after)) again.add(e.mutationId);
  const tx = db.transaction('sync-queue', 'readwrite');
  for (const e of all) {
    if (again.has(e.mutationId) && e.status !== 'pending') {
      await tx.store.put({ ...e, status: 'pending', attempts: 0, nextAttemptAt: 0 });
    }
  }
  await tx.done;
  announce({ type: 'queue-changed' });
}
