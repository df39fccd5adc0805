// A working day offline outlives the 1-hour access token. supabase-js keeps the stored session
// when a refresh fails for want of a network, but reports no session at start-up; and the
// profile, roles and permissions cannot be fetched. So the last ones seen are kept per user and
// used while the server is out of reach - for the screens only: every write is queued and sent
// with a fresh token, and the server's RLS decides when it arrives.
import type { DeviceCopy } from '@/offline/resource';
// The keys from the start-up contract, not from the modules that write them: those are the
// signed-in screens', and importing one would put it in the entry the sign-in page downloads.
import { FIRST_PAINT_TEXTS_KEY, KEPT_SCREEN_KEY } from '../startup-contract';

export const OFFLINE_AUTH_KEY = 'arivia-ops-offline-auth';

type Snapshot = Record<string, Record<string, unknown>>;

function readAll(): Snapshot {
  try {
    return JSON.parse(localStorage.getItem(OFFLINE_AUTH_KEY) ?? '{}') as Snapshot;
  } catch {
    return {};
  }
}

/**
 * The signed-in user's own copy of one part of their access data (profile, roles, permissions),
 * as an offline resource's device copy (docs/offline.md "Declaring a resource"); keyed by user id.
 * Kept in localStorage, not the local database: the app needs it before the database opens.
 */
export function userCopy<T>(part: string): DeviceCopy<T, string> {
  return {
    save: (userId, value) => {
      try {
        // Only this user's copy is kept: a shared phone forgets the previous one.
        const all = readAll();
        localStorage.setItem(
          OFFLINE_AUTH_KEY,
          JSON.stringify({ [userId]: { ...all[userId], [part]: value } }),
        );
      } catch {
        // Storage full or blocked: the online screen still works.
      }
    },
    load: async (userId) => readAll()[userId]?.[part] as T | undefined,
  };
}

/**
 * Signed out: this user's access copy, kept screens (lib/kept-screen.ts) and first-paint words
 * (lib/first-paint-texts.ts) are forgotten.
 */
export function forgetOfflineCopy(): void {
  try {
    localStorage.removeItem(OFFLINE_AUTH_KEY);
    localStorage.removeItem(KEPT_SCREEN_KEY);
    localStorage.removeItem(FIRST_PAINT_TEXTS_KEY);
  } catch {
    // Nothing kept.
  }
}

// The session kept in storage lives in a leaf module the offline layer reads too (no cycle).
export { storedSession } from '../stored-session';
