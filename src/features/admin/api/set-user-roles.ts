// POST / DELETE user_roles: an account's roles through the access tables (RLS: admins only; the
// database guards and audits).
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { adminKeys } from './keys';

export interface UserRoles {
  userId: string;
  roles: string[];
}

export async function setUserRoles(a: UserRoles): Promise<void> {
  const [roles, held] = await Promise.all([
    fetchOrThrow(supabase.from('roles').select('id, name')),
    fetchOrThrow(supabase.from('user_roles').select('role_id').eq('user_id', a.userId)),
  ]);
  const wanted = roles.filter((r) => a.roles.includes(r.name)).map((r) => r.id);
  const current = held.map((h) => h.role_id);
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (added.length)
    await fetchOrThrow(
      supabase
        .from('user_roles')
        .insert(added.map((role_id) => ({ user_id: a.userId, role_id })))
        .select(),
    );
  if (removed.length)
    await fetchOrThrow(
      supabase.from('user_roles').delete().eq('user_id', a.userId).in('role_id', removed).select(),
    );
}

export const useSetRoles = (callbacks?: MutationCallbacks<void, UserRoles>) =>
  useAppMutation(
    {
      mutationFn: setUserRoles,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      done: () => notify.success(messages.t('toast.rolesSaved')),
      failed: messages.t('toast.rolesFailed'),
    },
    callbacks,
  );
