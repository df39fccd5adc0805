// Auth state (docs/areas.md, spec §4): starts loading; every auth event (the initial session check
// included) stores session and user; with a user, profile and roles load (then the permission set,
// when there is at least one role); without one, everything is cleared. The session is persisted
// in local storage and refreshed automatically by supabase-js.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { afterFirstScreen } from '../idle';
import { getSupabase, mayHaveSession } from '../supabase-client';
import {
  assertPermission,
  assertPermissions,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  hasRole,
} from '../permissions';
import { AuthContext, type AuthState } from './auth-context';
import { forgetOfflineCopy, storedSession } from './offline-auth';
import {
  authKeys,
  permissionsQueryOptions,
  profileQueryOptions,
  rolesQueryOptions,
} from './auth-queries';

interface SessionState {
  ready: boolean;
  session: Session | null;
  recovery: boolean;
}

const NO_ROLES: string[] = [];

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // With no stored session and no auth answer in the URL there is no user: say so at once, and
  // load supabase-js only once the first screen is up.
  const [sessionPossible] = useState(mayHaveSession);
  const [state, setState] = useState<SessionState>({
    ready: !sessionPossible,
    session: null,
    recovery: false,
  });
  const [signOutRequested, setSignOutRequested] = useState(false);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    (sessionPossible ? Promise.resolve() : afterFirstScreen()).then(getSupabase).then(
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
            queryClient.clear();
            forgetOfflineCopy();
            // A shared phone forgets the villas the last user saw (never the sync queue).
            void import('@/offline/read').then((m) => m.clearMirrors()).catch(() => undefined);
          }
          if (event === 'SIGNED_IN') setSignOutRequested(false);
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
  }, [queryClient, sessionPossible]);

  const user = state.session?.user ?? null;
  const userId = user?.id ?? '';

  const profileQuery = useQuery({ ...profileQueryOptions(userId), enabled: userId !== '' });
  const rolesQuery = useQuery({ ...rolesQueryOptions(userId), enabled: userId !== '' });
  const profile = user ? (profileQuery.data ?? null) : null;
  const roles = !user || profile?.active === false ? NO_ROLES : (rolesQuery.data ?? NO_ROLES);
  const permissionsEnabled = userId !== '' && roles.length > 0;
  const permissionsQuery = useQuery({
    ...permissionsQueryOptions(userId),
    enabled: permissionsEnabled,
  });
  const permissions = permissionsEnabled ? (permissionsQuery.data ?? NO_ROLES) : NO_ROLES;

  const loading =
    !state.ready ||
    (user !== null && (profileQuery.isPending || rolesQuery.isPending)) ||
    (permissionsEnabled && permissionsQuery.isPending);

  useEffect(() => {
    if (profileQuery.error) console.error('Failed to load the profile', profileQuery.error);
  }, [profileQuery.error]);
  // An admin deactivated this account (docs/admin.md): its refresh token is already revoked, but
  // the access token in hand stays valid until it expires, so the open session ends here.
  useEffect(() => {
    if (profile?.active !== false) return;
    void getSupabase().then((supabase) => supabase.auth.signOut({ scope: 'local' }));
  }, [profile?.active]);
  useEffect(() => {
    if (rolesQuery.error) console.error('Failed to load the roles', rolesQuery.error);
  }, [rolesQuery.error]);
  useEffect(() => {
    if (permissionsQuery.error)
      console.error('Failed to load the permissions', permissionsQuery.error);
  }, [permissionsQuery.error]);

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
        await queryClient.invalidateQueries({ queryKey: authKeys.all });
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
    [
      state.session,
      state.recovery,
      user,
      profile,
      roles,
      permissions,
      loading,
      queryClient,
      signOutRequested,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
