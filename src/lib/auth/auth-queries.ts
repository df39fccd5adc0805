// The signed-in user's profile, roles and resolved permission keys (docs/areas.md, spec §4, §7): query
// keys and queryOptions. The permission set comes from public.my_permissions(), the same SQL
// resolution RLS uses, and is cached for 5 minutes.
import { queryOptions } from '@tanstack/react-query';
import { fetchOrThrow } from '../errors';
import { getSupabase } from '../supabase-client';
import type { Profile } from '../supabase';
import { withOfflineCopy } from './offline-auth';

export const PERMISSIONS_STALE_MS = 5 * 60 * 1000;

export const authKeys = {
  all: ['auth'] as const,
  user: (userId: string) => ['auth', userId] as const,
  profile: (userId: string) => ['auth', userId, 'profile'] as const,
  roles: (userId: string) => ['auth', userId, 'roles'] as const,
  permissions: (userId: string) => ['auth', userId, 'permissions'] as const,
};

/** The profile as last read, with this user's own queued edits on top until they are sent. */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: async () => {
      const profile = await withOfflineCopy(userId, 'profile', async () => {
        const supabase = await getSupabase();
        return fetchOrThrow<Profile>(
          supabase.from('profiles').select('*').eq('id', userId).single(),
        );
      });
      // Loaded on demand: the device copy's code stays out of the first screen's bundle.
      const [{ queuedChanges }, { overlayRow }] = await Promise.all([
        import('@/offline/read'),
        import('@/offline/overlay'),
      ]);
      const edits = await queuedChanges('profiles');
      return edits.length === 0 ? profile : (overlayRow(profile, edits, userId) ?? profile);
    },
  });
}

interface UserRoleRow {
  role_id: string;
  roles: { name: string } | null;
}

export function rolesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.roles(userId),
    queryFn: () =>
      withOfflineCopy(userId, 'roles', async () => {
        const supabase = await getSupabase();
        const rows = await fetchOrThrow<UserRoleRow[]>(
          supabase.from('user_roles').select('role_id, roles(name)').eq('user_id', userId),
        );
        return rows.flatMap((r) => (r.roles ? [r.roles.name] : [])).sort();
      }),
  });
}

export function permissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.permissions(userId),
    queryFn: () =>
      withOfflineCopy(userId, 'permissions', async () => {
        const supabase = await getSupabase();
        return [...(await fetchOrThrow(supabase.rpc('my_permissions')))].sort();
      }),
    staleTime: PERMISSIONS_STALE_MS,
  });
}
