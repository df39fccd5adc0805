// GET roles and user_roles: every role (system roles first) with how many accounts hold it. Online
// only: the admin area keeps no copy on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { adminKeys } from './keys';
import type { Role } from './types';

/** Every role, system roles first, then by name (the matrix and the roles page). */
export const fetchRoles = () =>
  fetchOrThrow(
    supabase.from('roles').select('*').order('is_system', { ascending: false }).order('name'),
  );

export type RoleWithHolders = Role & { holders: number };

/** The roles and their holders as a resource that keeps no device copy (docs/offline.md). */
export const roleList = listResource<RoleWithHolders, null>({
  source: 'roles',
  fetch: async () => {
    const [roles, links] = await Promise.all([
      fetchRoles(),
      fetchOrThrow(supabase.from('user_roles').select('role_id')),
    ]);
    const holders = new Map<string, number>();
    for (const l of links) holders.set(l.role_id, (holders.get(l.role_id) ?? 0) + 1);
    return roles.map((r) => ({ ...r, holders: holders.get(r.id) ?? 0 }));
  },
  copy: noDeviceCopy,
});

export const getRoles = async (): Promise<RoleWithHolders[]> =>
  (await readList(roleList, null)).rows;

export const rolesQuery = () => queryOptions({ queryKey: adminKeys.roles(), queryFn: getRoles });

export const useRoles = () => useQuery(rolesQuery());
