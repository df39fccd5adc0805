// Keeping the queue and the mirrored rows on the device (docs/offline.md: storage can be evicted unless
// navigator.storage.persist() is granted; installed home-screen apps keep their data). Asked once
// per page session, when signed in or running installed; the outcome is remembered so the
// settings page can say it and offer to ask again.
import { queryOptions } from '@tanstack/react-query';

export interface StorageStatus {
  /** Bytes used by this origin, when the browser says. */
  usage: number | null;
  /** Bytes this origin may use, when the browser says. */
  quota: number | null;
  /** The browser promised not to evict this origin's data. */
  persisted: boolean;
  /** The browser can be asked at all (not every one has navigator.storage). */
  supported: boolean;
}

let asked: Promise<boolean> | null = null;

function storageManager(): StorageManager | null {
  return typeof navigator !== 'undefined' && 'storage' in navigator ? navigator.storage : null;
}

/** Running as an installed app (home screen, desktop window). */
export function isRunningInstalled(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches
  );
}

async function persist(): Promise<boolean> {
  const storage = storageManager();
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/**
 * Asks once per page session; later calls get the same answer. `again` asks anew (the settings
 * button: the user's gesture may change the browser's mind).
 */
export function requestPersistentStorage(again = false): Promise<boolean> {
  if (!asked || again) asked = persist();
  return asked;
}

export async function storageEstimate(): Promise<StorageEstimate | null> {
  const storage = storageManager();
  if (!storage?.estimate) return null;
  try {
    return await storage.estimate();
  } catch {
    return null;
  }
}

async function storageStatus(): Promise<StorageStatus> {
  const storage = storageManager();
  const [estimate, persisted] = await Promise.all([
    storageEstimate(),
    storage?.persisted ? storage.persisted().catch(() => false) : Promise.resolve(false),
  ]);
  return {
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted,
    supported: storage !== null,
  };
}

export const storageKeys = {
  all: ['device-storage'] as const,
  status: () => [...storageKeys.all, 'status'] as const,
};

export function storageStatusQueryOptions() {
  return queryOptions({
    queryKey: storageKeys.status(),
    queryFn: storageStatus,
    // Local and cheap; the figure changes as the app caches, so read it afresh on each visit.
    staleTime: 0,
    networkMode: 'always',
  });
}

/** "12.3 MB" */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 100 ? Math.round(mb).toString() : mb.toFixed(1)} MB`;
}
