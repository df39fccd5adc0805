// GET roles and user_roles: every role (system roles first) with how many accounts hold it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** Every role, system roles first, then by name (the matrix and the roles page). */
export const fetchRoles = () =>
  fetchOrThrow(
    supabase.from('roles').select('*').order('is_system', { ascending: false }).order('name'),
  );

export async function getRoles() {
  const [roles, links] = await Promise.all([
    fetchRoles(),
    fetchOrThrow(supabase.from('user_roles').select('role_id')),
  ]);
  const holders = new Map<string, number>();
  for (const l of links) holders.set(l.role_id, (holders.get(l.role_id) ?? 0) + 1);
  return roles.map((r) => ({ ...r, holders: holders.get(r.id) ?? 0 }));
}

export const rolesQuery = () => queryOptions({ queryKey: adminKeys.roles(), queryFn: getRoles });

export const useRoles = () => useQuery(rolesQuery());
