// One queued write (docs/offline.md rule 1): the spec's method, url and timestamp - what the Sync Queue
// panel and the worker's GET_QUEUE_REQUESTS show - plus what replay needs to send it exactly once.
// Never an Authorization header: it is built at send time from the current session.

export type QueueStatus = 'pending' | 'rejected' | 'needs-login';

export interface QueueTarget {
  /** REST table, RPC function or storage bucket. */
  kind: 'table' | 'rpc' | 'storage';
  name: string;
  /** The row (or object path) the write is about, for showing queued changes on top of reads. */
  rowId?: string;
  /** Which operation on a table: the overlay applies it to what was last read. */
  op?: 'insert' | 'update' | 'upsert' | 'delete';
}

export interface QueueError {
  /** HTTP status, absent for a network failure. */
  status?: number;
  /** PostgREST / Storage / GoTrue error code when the answer carried one. */
  code?: string;
  /** In English, as stored: the page shows it through queueErrorText (./queue-error.ts). */
  message: string;
  /** What the message names (the refused change's label, the network failure), for its text. */
  about?: string;
}

export interface QueueEntry {
  /** Auto-incrementing key of the sync-queue store: the replay order. */
  id?: number;
  method: string;
  url: string;
  /** When the change was made, ms since epoch. */
  timestamp: number;
  /** The idempotency key (UUID), sent as X-Mutation-Id. */
  mutationId: string;
  /** Whose change it is: replay sends it only with that user's session. */
  userId: string;
  target: QueueTarget;
  /** Request headers other than Authorization / apikey (Content-Type, Prefer, x-upsert…). */
  headers: Record<string, string>;
  body: string | Blob | null;
  /** For people: what the change is ("Edit villa KAL-01"). */
  label: string;
  /** The row values the change writes, for showing it on top of reads while it waits. */
  values?: Record<string, unknown>;
  /**
   * The write must change a row. An empty answer then means either that it was applied before
   * (its mutation id is recorded on the server) or that it was refused as a conflict or gone.
   */
  expectRow?: boolean;
  /**
   * The mutation id of an earlier entry this one needs (a photo row needs its upload): while that
   * one is refused this one is held as refused too, and discarding it discards this one.
   */
  after?: string;
  /** For a state transition: the version (updated_at) the change was made from. */
  baseVersion?: string;
  attempts: number;
  nextAttemptAt: number;
  status: QueueStatus;
  lastError: QueueError | null;
  /** Query keys (JSON) to refresh once it reached the server. */
  invalidate?: string[];
}

/** What the worker answers to GET_QUEUE_REQUESTS (docs/areas.md, spec §3 "Queued request"). */
export interface QueuedRequest {
  method: string;
  url: string;
  timestamp: number;
}

/** The name of the Web Lock replay runs under, shared by the page and the worker (rule 3). */
export const SYNC_LOCK = 'arivia-ops-sync';

/** Resolves once no replay holds SYNC_LOCK (at once where Web Locks are missing). */
export async function whenNoReplay(): Promise<void> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return;
  await navigator.locks.request(SYNC_LOCK, () => undefined);
}
/** BroadcastChannel on which every context says the queue changed or an entry was settled. */
export const SYNC_CHANNEL = 'arivia-ops-sync';
/** Background Sync tag. */
export const SYNC_TAG = 'arivia-ops-sync';
/**
 * Periodic Background Sync tag: the worker asks open pages to read the field day again
 * (`REFRESH_DAY`; docs/housekeeping.md "Field app"), where the browser offers periodic sync.
 */
export const DAY_REFRESH_TAG = 'arivia-ops-day';

export type SyncMessage =
  | { type: 'queue-changed' }
  | {
      type: 'settled';
      mutationId: string;
      outcome: 'applied' | 'rejected' | 'needs-login';
      error?: QueueError;
      invalidate?: string[];
    };
