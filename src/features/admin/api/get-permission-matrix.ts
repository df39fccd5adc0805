// GET roles, permissions and role_permissions: the role x key matrix (docs/admin.md). Online only:
// the admin area keeps no copy on the device.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { fetchRoles } from './get-roles';
import { adminKeys } from './keys';
import type { Permission, Role, RolePermission } from './types';

export interface PermissionMatrix {
  roles: Role[];
  permissions: Permission[];
  cells: RolePermission[];
}

/** The matrix as a resource that keeps no device copy (docs/offline.md). */
export const permissionMatrix = rowResource<PermissionMatrix>({
  source: 'role_permissions',
  fetch: async () => {
    const [roles, permissions, cells] = await Promise.all([
      fetchRoles(),
      fetchOrThrow(supabase.from('permissions').select('*').order('area').order('key')),
      fetchOrThrow(supabase.from('role_permissions').select('*')),
    ]);
    return { roles, permissions, cells };
  },
  copy: noDeviceCopy,
});

export const getPermissionMatrix = async (): Promise<PermissionMatrix> =>
  (await readOne(permissionMatrix, 'all')).row!;

export const matrixQuery = () =>
  queryOptions({ queryKey: adminKeys.matrix(), queryFn: getPermissionMatrix });

export const useMatrix = () => useQuery(matrixQuery());
