// "Sent the next time this account signs in here" (OFFLINE.md rule 9): entries that waited for a
// sign-in (needs-login - replay marks a signed-out user's entries so) go back in line once their
// user is signed in again in this frame.
import { useEffect } from 'react';
import { listEntries, retryEntry } from '@/offline/queue';
import { requestReplay } from '@/offline/sync-engine';

export function useResumeAfterSignIn(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    void (async () => {
      const waiting = (await listEntries()).filter(
        (e) => e.userId === userId && e.status === 'needs-login' && e.id !== undefined,
      );
      if (waiting.length === 0) return;
      for (const e of waiting) await retryEntry(e.id!);
      await requestReplay();
    })().catch((e: unknown) => console.error('Queued changes could not be resumed', e));
  }, [userId]);
}
