// What signing out needs of this device's offline state (docs/offline.md rule 9), for src/lib/auth
// to call: the layer exposes it here and never imports src/lib/auth back (no cycle; lint refuses
// one, eslint.config.js).
import { listEntries } from './queue';

/** How many of this user's writes still wait in the sync queue (0 without a local database). */
export async function waitingWritesOf(userId: string): Promise<number> {
  try {
    return (await listEntries()).filter((e) => e.userId === userId).length;
  } catch {
    // No local database (private mode, blocked): there is nothing queued on this device to warn of.
    return 0;
  }
}

/** Forgets every device copy of rows (a shared phone, signed out); never the sync queue. */
export { clearMirrors as forgetDeviceCopies } from './read';
