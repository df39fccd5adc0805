// Signing out (docs/areas.md, spec §7, §8 toasts). Sign-out never clears the sync queue (docs/offline.md rule
// 9): entries stay on this device and are sent the next time their user signs in here. When this
// user's changes are still waiting, the app frame's "Changes waiting to sync" dialog asks first.
import { useSyncExternalStore } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { waitingWritesOf } from '@/offline/session';
import { useAuth } from './use-auth';
import { getSupabase } from '../supabase-client';
import { messages } from '../messages';
import { notify } from '../toast';
import { paths } from '../routes';

export interface SignOutWarning {
  /** This user's entries still in the queue. */
  count: number;
  /** Signs out anyway. */
  proceed: () => void;
}

let warning: SignOutWarning | null = null;
const listeners = new Set<() => void>();

function setWarning(next: SignOutWarning | null) {
  warning = next;
  for (const l of listeners) l();
}

export function dismissSignOutWarning(): void {
  setWarning(null);
}

/** The warning waiting for an answer, for the dialog the app frame mounts once. */
export function useSignOutWarning(): SignOutWarning | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => warning,
    () => null,
  );
}

async function waitingFor(userId: string | undefined): Promise<number> {
  return userId ? waitingWritesOf(userId) : 0;
}

export function useSignOut() {
  const navigate = useNavigate();
  const { user, signOut } = useAuth();
  const mutation = useMutation({
    // Local work only when offline: TanStack's default would pause it until the network returns.
    networkMode: 'always',
    mutationFn: async () => {
      if (!navigator.onLine) {
        // The default global scope revokes every session on the server and fails with no network,
        // so offline this device's session is removed locally instead. The access token already
        // issued and the refresh token stay valid on the server until they expire (access tokens
        // after an hour); nothing on this device keeps them.
        const supabase = await getSupabase();
        const { error } = await supabase.auth.signOut({ scope: 'local' });
        const { data } = await supabase.auth.getSession();
        if (error && data.session) throw error;
      }
      // Online: the global sign-out. Offline the session is gone by now, so this only marks the
      // sign-out as deliberate without a request.
      await signOut();
    },
    onSuccess: () => {
      notify.success(messages.t('toast.signedOut'));
      void navigate(paths.auth.path, { replace: true });
    },
    onError: () => notify.error(messages.t('toast.signOutFailed')),
  });
  const signOutNow = () => mutation.mutate();
  return {
    isPending: mutation.isPending,
    /** Signs out, first asking when this user's changes are still waiting to sync. */
    mutate: () => {
      void waitingFor(user?.id).then((count) => {
        if (count > 0) setWarning({ count, proceed: signOutNow });
        else signOutNow();
      });
    },
    /** Signs out without asking: for "sign in again to send", where signing out is the point. */
    signOutNow,
  };
}
