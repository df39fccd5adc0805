// GET roles, permissions and role_permissions: the role x key matrix (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { fetchRoles } from './get-roles';
import { adminKeys } from './keys';

export async function getPermissionMatrix() {
  const [roles, permissions, cells] = await Promise.all([
    fetchRoles(),
    fetchOrThrow(supabase.from('permissions').select('*').order('area').order('key')),
    fetchOrThrow(supabase.from('role_permissions').select('*')),
  ]);
  return { roles, permissions, cells };
}
export type PermissionMatrix = Awaited<ReturnType<typeof getPermissionMatrix>>;

export const matrixQuery = () =>
  queryOptions({ queryKey: adminKeys.matrix(), queryFn: getPermissionMatrix });

export const useMatrix = () => useQuery(matrixQuery());
