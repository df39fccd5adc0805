// Auth state (docs/areas.md, spec §4): starts loading; every auth event (the initial session check
// included) stores session and user; with a user, profile and roles load (then the permission set,
// when there is at least one role); without one, everything is cleared. The session is persisted
// in local storage and refreshed automatically by supabase-js.
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Session } from '@supabase/supabase-js';
import { loadedQueryClient, loadQueryClient, subscribeQueryClient } from '../query-client-loader';
import { getSupabase, mayHaveSession, whenSupabaseRequested } from '../supabase-client';
import {
  assertPermission,
  assertPermissions,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  hasRole,
} from '../permissions';
import type { AccessState } from './access-queries';
import { AuthContext, type AuthState } from './auth-context';
import { forgetOfflineCopy, storedSession } from './offline-auth';

// Profile, roles and permissions are read through TanStack Query, in a chunk that loads with the
// QueryClient once someone is signed in (the sign-in screen carries neither).
const AccessQueries = lazy(async () => ({
  default: (await import('./access-queries')).AccessQueries,
}));

interface SessionState {
  ready: boolean;
  session: Session | null;
  recovery: boolean;
}

const NO_ROLES: string[] = [];
const PENDING: AccessState = {
  userId: '',
  profile: null,
  roles: NO_ROLES,
  permissions: NO_ROLES,
  loading: true,
};

function startAccessReads(userId: string): void {
  void Promise.all([loadQueryClient(), import('./auth-queries')])
    .then(([client, { prefetchAccess }]) => prefetchAccess(client, userId))
    .catch(() => undefined);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useSyncExternalStore(subscribeQueryClient, loadedQueryClient);
  // With no stored session and no auth answer in the URL there is no user: say so at once, and
  // load supabase-js only when something needs it (the visitor starts on the sign-in form, a
  // sign-in in another tab): /auth loads none of it while the visitor only looks.
  const [sessionPossible] = useState(mayHaveSession);
  const [state, setState] = useState<SessionState>({
    ready: !sessionPossible,
    session: null,
    recovery: false,
  });
  const [signOutRequested, setSignOutRequested] = useState(false);
  // What AccessQueries last reported, for this user only (a previous user's never shows).
  const [reported, setReported] = useState<AccessState>(PENDING);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    (sessionPossible ? Promise.resolve() : whenSupabaseRequested()).then(getSupabase).then(
      (supabase) => {
        if (!active) return;
        // INITIAL_SESSION (the initial session check) arrives first, then every later change.
        const { data } = supabase.auth.onAuthStateChange((event, reported) => {
          // Offline with an expired access token supabase-js reports no session but keeps it
          // stored: the user is still signed in here, and it is refreshed once back online.
          const session = reported ?? (event === 'INITIAL_SESSION' ? storedSession() : null);
          setState((prev) => ({
            ready: true,
            session,
            recovery:
              event === 'PASSWORD_RECOVERY' ? true : event === 'SIGNED_OUT' ? false : prev.recovery,
          }));
          // Nothing of the previous user stays in the cache (shared phones).
          if (event === 'SIGNED_OUT') {
            loadedQueryClient()?.clear();
            setReported(PENDING);
            forgetOfflineCopy();
            // A shared phone forgets the villas the last user saw (never the sync queue).
            void import('@/offline/read').then((m) => m.clearMirrors()).catch(() => undefined);
          }
          if (event === 'SIGNED_IN') setSignOutRequested(false);
          // The access reads start now, in parallel, not after the next render has mounted
          // AccessQueries (the guards and the first screen wait for them).
          if (session && (event === 'INITIAL_SESSION' || event === 'SIGNED_IN'))
            startAccessReads(session.user.id);
        });
        // Back online: getSession() refreshes a session kept through an offline start.
        const recover = () => void supabase.auth.getSession();
        window.addEventListener('online', recover);
        unsubscribe = () => {
          data.subscription.unsubscribe();
          window.removeEventListener('online', recover);
        };
      },
      (e: unknown) => {
        console.error('The auth client could not load', e);
        if (active) setState({ ready: true, session: null, recovery: false });
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [sessionPossible]);

  const user = state.session?.user ?? null;
  const userId = user?.id ?? '';

  // Signed in: the QueryClient and the access reads load (at once, in parallel with supabase-js,
  // for a stored session).
  useEffect(() => {
    if (sessionPossible || userId !== '') void loadQueryClient();
  }, [sessionPossible, userId]);
  const access = user && reported.userId === userId ? reported : PENDING;
  const profile = user ? access.profile : null;
  const roles = user ? access.roles : NO_ROLES;
  const permissions = user ? access.permissions : NO_ROLES;
  const loading = !state.ready || (user !== null && access.loading);

  const value = useMemo<AuthState>(
    () => ({
      session: state.session,
      user,
      profile,
      roles,
      permissions,
      loading,
      isPasswordRecovery: state.recovery,
      hasRole: (role) => hasRole(roles, role),
      hasPermission: (key) => hasPermission(permissions, key),
      hasAllPermissions: (keys) => hasAllPermissions(permissions, keys),
      hasAnyPermission: (keys) => hasAnyPermission(permissions, keys),
      assertPermission: (key) => assertPermission(permissions, key),
      assertPermissions: (keys) => assertPermissions(permissions, keys),
      refresh: async () => {
        const supabase = await getSupabase();
        const { error } = await supabase.auth.refreshSession();
        if (error) throw error;
        const [client, { authKeys }] = await Promise.all([
          loadQueryClient(),
          import('./auth-queries'),
        ]);
        await client.invalidateQueries({ queryKey: authKeys.all });
      },
      signOut: async () => {
        setSignOutRequested(true);
        const supabase = await getSupabase();
        const { error } = await supabase.auth.signOut();
        if (error) {
          setSignOutRequested(false);
          throw error;
        }
      },
      signedOutByUser: signOutRequested && user === null,
    }),
    [state.session, state.recovery, user, profile, roles, permissions, loading, signOutRequested],
  );

  return (
    <AuthContext.Provider value={value}>
      {userId !== '' && queryClient ? (
        <Suspense fallback={null}>
          <AccessQueries key={userId} userId={userId} onChange={setReported} />
        </Suspense>
      ) : null}
      {children}
    </AuthContext.Provider>
  );
}
