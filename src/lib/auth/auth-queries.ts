// The signed-in user's profile, roles and resolved permission keys (docs/areas.md, spec §4, §7): query
// keys and queryOptions. The permission set comes from public.my_permissions(), the same SQL
// resolution RLS uses, and is cached for 5 minutes. All three are read again every 5 minutes and
// when the window regains focus, so an admin's change (a role, a matrix cell, a deactivation)
// reaches a user who stays on one page within 5 minutes (docs/admin.md).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchOrThrow } from '../errors';
import { getSupabase } from '../supabase-client';
import type { Profile } from '../supabase';
import type { RowResource } from '@/offline/resource';
import { OFFLINE_AUTH_KEY, userCopy } from './offline-auth';

export const PERMISSIONS_STALE_MS = 5 * 60 * 1000;
// Offline the read answers from the device's copy (readOne), so a refetch never fails for it.
const accessRefresh = {
  refetchInterval: PERMISSIONS_STALE_MS,
  refetchOnWindowFocus: true,
} as const;

export const authKeys = {
  all: ['auth'] as const,
  user: (userId: string) => ['auth', userId] as const,
  profile: (userId: string) => ['auth', userId, 'profile'] as const,
  roles: (userId: string) => ['auth', userId, 'roles'] as const,
  permissions: (userId: string) => ['auth', userId, 'permissions'] as const,
};

// The user's profile, roles and permissions as offline resources (docs/offline.md "Declaring a
// resource"): the last ones seen are kept per user (`userCopy`) and answer while the server is out
// of reach - for the screens only: every write is queued and sent with a fresh token, and the
// server's RLS decides when it arrives. The layer is loaded on demand: its code (and the local
// database's) stays out of the first screen's bundle.
const readOne = async <Row extends object>(resource: RowResource<Row>, userId: string) => {
  const { row } = await (await import('@/offline/resource')).readOne(resource, userId);
  if (!row) throw new Error(`No ${resource.source} for this user`);
  return row;
};

/** The profile as last read, with this user's own queued edits on top until they are sent. */
const profile: RowResource<Profile> = {
  source: 'profiles',
  table: 'profiles',
  fetch: async (userId) => {
    const supabase = await getSupabase();
    return fetchOrThrow<Profile>(supabase.from('profiles').select('*').eq('id', userId).single());
  },
  copy: userCopy('profile'),
};

interface UserRoleRow {
  role_id: string;
  roles: { name: string } | null;
}

/** The user's role names, sorted. */
const roles: RowResource<string[]> = {
  source: 'user_roles',
  fetch: async (userId) => {
    const supabase = await getSupabase();
    const rows = await fetchOrThrow<UserRoleRow[]>(
      supabase.from('user_roles').select('role_id, roles(name)').eq('user_id', userId),
    );
    return rows.flatMap((r) => (r.roles ? [r.roles.name] : [])).sort();
  },
  copy: userCopy('roles'),
};

/** The user's permission keys from public.my_permissions() (the resolution RLS uses), sorted. */
const permissions: RowResource<string[]> = {
  source: 'my_permissions',
  fetch: async () => {
    const supabase = await getSupabase();
    return [...(await fetchOrThrow(supabase.rpc('my_permissions')))].sort();
  },
  copy: userCopy('permissions'),
};

/**
 * The profile and roles count as fresh this long: the reads started as the session is known
 * (prefetchAccess) are not repeated when AccessQueries mounts a moment later. `refresh()`
 * invalidates them, which ignores it.
 */
const ACCESS_FRESH_MS = 10_000;

/**
 * A returning user's profile, roles and permissions as this device last read them stand in while
 * they are read again (placeholder data, never cached as an answer): the guards and the first
 * screen do not wait for three round trips at every start (bench/README.md, issue 17 second pass).
 * The screens only: the server's RLS decides every read and write, and the fresh answer replaces
 * the kept one when it arrives (a role removed meanwhile takes effect then).
 */
const kept =
  <T>(part: string, userId: string) =>
  (): T | undefined => {
    // What `userCopy(part).load` answers, read at once (placeholder data is not awaited); here
    // rather than in offline-auth.ts, which the sign-in screen's bundle carries.
    try {
      const all = JSON.parse(localStorage.getItem(OFFLINE_AUTH_KEY) ?? '{}') as Record<
        string,
        Record<string, unknown> | undefined
      >;
      return all[userId]?.[part] as T | undefined;
    } catch {
      return undefined;
    }
  };

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: (): Promise<Profile> => readOne(profile, userId),
    placeholderData: kept<Profile>('profile', userId),
    staleTime: ACCESS_FRESH_MS,
    ...accessRefresh,
  });
}

export function rolesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.roles(userId),
    queryFn: (): Promise<string[]> => readOne(roles, userId),
    placeholderData: kept<string[]>('roles', userId),
    staleTime: ACCESS_FRESH_MS,
    ...accessRefresh,
  });
}

export function permissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.permissions(userId),
    queryFn: (): Promise<string[]> => readOne(permissions, userId),
    placeholderData: kept<string[]>('permissions', userId),
    staleTime: PERMISSIONS_STALE_MS,
    ...accessRefresh,
  });
}

/**
 * Starts the three access reads at once, in parallel, as soon as the session is known (from the
 * auth state's handler), instead of after the next render mounts AccessQueries' chunk; the
 * queries there take them over (same keys).
 */
export function prefetchAccess(queryClient: QueryClient, userId: string): void {
  void queryClient.prefetchQuery(profileQueryOptions(userId));
  void queryClient.prefetchQuery(rolesQueryOptions(userId));
  void queryClient.prefetchQuery(permissionsQueryOptions(userId));
}
