// Starts the sync engine once someone is signed in (a visitor of /auth loads none of it), and
// refreshes the reads a settled write touched - whichever tab or the worker sent it.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';

export function SyncEngineStarter() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    void import('@/offline/sync-engine').then(({ startSyncEngine }) =>
      startSyncEngine((keys) => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }),
    );
  }, [signedIn, queryClient]);
  return null;
}
