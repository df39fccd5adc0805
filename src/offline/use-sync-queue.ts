// What the Sync Queue panel, the header's sync button, the settings page and the sign-out warning
// show: the size and requests the worker answers (docs/areas.md, spec §7) and the full entries with their
// status and last error (docs/offline.md rule 4), refreshed every 3 s while someone watches closely and
// at once whenever any tab or the worker says the queue changed.
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { listEntries, onSyncMessage } from './queue';
import type { QueueEntry, QueuedRequest } from './queue-entry';
import { askWorker } from './worker-messages';

/** docs/areas.md, spec §9: the queue panel refreshes every 3 seconds. */
export const SYNC_PANEL_REFRESH_MS = 3000;

export interface SyncQueueRow extends QueuedRequest {
  /** The stored entry this request is, when it is still in the store. */
  entry: QueueEntry | null;
}

export interface SyncQueueSnapshot {
  /** The worker's GET_QUEUE_SIZE answer. */
  size: number;
  /** The worker's GET_QUEUE_REQUESTS answer, each matched to its entry for the details. */
  rows: SyncQueueRow[];
  entries: QueueEntry[];
}

export const syncQueueKeys = {
  all: ['sync-queue'] as const,
  snapshot: () => [...syncQueueKeys.all, 'snapshot'] as const,
};

async function readSnapshot(): Promise<SyncQueueSnapshot> {
  const [{ size }, { requests }, entries] = await Promise.all([
    askWorker('GET_QUEUE_SIZE'),
    askWorker('GET_QUEUE_REQUESTS'),
    listEntries(),
  ]);
  const unmatched = [...entries];
  const rows = requests.map((request) => {
    const at = unmatched.findIndex(
      (e) => e.timestamp === request.timestamp && e.url === request.url,
    );
    const entry = at >= 0 ? unmatched.splice(at, 1)[0]! : null;
    return { ...request, entry };
  });
  return { size, rows, entries };
}

export function syncQueueQueryOptions() {
  return queryOptions({
    queryKey: syncQueueKeys.snapshot(),
    queryFn: readSnapshot,
    // The queue is on this device: reading it must work offline above all.
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

let listeners = 0;
let stopListening: (() => void) | null = null;

/** One subscription per page however many components watch, so one message is one read. */
function useQueueMessages(queryClient: QueryClient) {
  useEffect(() => {
    listeners += 1;
    stopListening ??= onSyncMessage(() => {
      void queryClient.invalidateQueries({ queryKey: syncQueueKeys.all });
    });
    return () => {
      listeners -= 1;
      if (listeners === 0) {
        stopListening?.();
        stopListening = null;
      }
    };
  }, [queryClient]);
}

const EMPTY: SyncQueueSnapshot = { size: 0, rows: [], entries: [] };

export function useSyncQueue({ poll = false }: { poll?: boolean } = {}) {
  const queryClient = useQueryClient();
  useQueueMessages(queryClient);
  const query = useQuery({
    ...syncQueueQueryOptions(),
    refetchInterval: poll ? SYNC_PANEL_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  return {
    ...(query.data ?? EMPTY),
    isFetching: query.isFetching,
    refresh: () => query.refetch(),
  };
}

/** Counts for one user's entries: waiting to be sent, refused, and waiting for a new sign-in. */
export function countEntries(entries: QueueEntry[], userId?: string | null) {
  const mine = userId ? entries.filter((e) => e.userId === userId) : entries;
  return {
    total: mine.length,
    pending: mine.filter((e) => e.status === 'pending').length,
    rejected: mine.filter((e) => e.status === 'rejected').length,
    needsLogin: mine.filter((e) => e.status === 'needs-login').length,
  };
}
