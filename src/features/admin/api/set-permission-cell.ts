// POST role_permissions: a matrix cell, shown at once (optimistic), saved, and put back if the
// database refuses (the admin role keeps every admin.* key).
import { useQueryClient } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import type { PermissionMatrix } from './get-permission-matrix';
import { adminKeys } from './keys';

export interface Cell {
  roleId: string;
  key: string;
  granted: boolean;
}

export const setPermissionCell = (a: Cell) =>
  fetchOrThrow(
    supabase
      .from('role_permissions')
      .upsert({ role_id: a.roleId, permission_key: a.key, granted: a.granted })
      .select(),
  );

export function useSetCell(callbacks?: MutationCallbacks<unknown, Cell>) {
  const qc = useQueryClient();
  return useAppMutation(
    {
      mutationFn: setPermissionCell,
      onMutate: async (a: Cell) => {
        await qc.cancelQueries({ queryKey: adminKeys.matrix() });
        const before = qc.getQueryData<PermissionMatrix>(adminKeys.matrix());
        if (before) {
          const same = (c: PermissionMatrix['cells'][number]) =>
            c.role_id === a.roleId && c.permission_key === a.key;
          const old = before.cells.find(same);
          qc.setQueryData<PermissionMatrix>(adminKeys.matrix(), {
            ...before,
            cells: [
              ...before.cells.filter((c) => !same(c)),
              {
                role_id: a.roleId,
                permission_key: a.key,
                granted: a.granted,
                created_at: old?.created_at ?? new Date().toISOString(),
                updated_at: new Date().toISOString(),
              },
            ],
          });
        }
        return { before };
      },
      rollback: (ctx) => {
        if (ctx?.before) qc.setQueryData(adminKeys.matrix(), ctx.before);
      },
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      failed: messages.t('toast.permissionFailed'),
    },
    callbacks,
  );
}
