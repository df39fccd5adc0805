// DELETE roles by id: refused by the database while anyone holds the role or it is a system role.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { adminKeys } from './keys';

export const deleteRole = (id: string) =>
  fetchOrThrow(supabase.from('roles').delete().eq('id', id).select());

export const useDeleteRole = (
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof deleteRole>>, string>,
) =>
  useAppMutation(
    {
      mutationFn: deleteRole,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      done: () => notify.success(messages.t('toast.roleDeleted')),
      failed: messages.t('toast.roleDeleteFailed'),
    },
    callbacks,
  );
