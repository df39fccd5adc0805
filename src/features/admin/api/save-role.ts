// PATCH / POST roles: rename or describe a role, or create one (the database checks the name).
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { adminKeys } from './keys';

export interface RoleInput {
  id?: string;
  name: string;
  description: string;
}

export const saveRole = (r: RoleInput) =>
  r.id
    ? fetchOrThrow(
        supabase
          .from('roles')
          .update({ name: r.name, description: r.description })
          .eq('id', r.id)
          .select(),
      )
    : fetchOrThrow(
        supabase.from('roles').insert({ name: r.name, description: r.description }).select(),
      );

export const useSaveRole = (
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof saveRole>>, RoleInput>,
) =>
  useAppMutation(
    {
      mutationFn: saveRole,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      done: (_, r) => notify.success(messages.t(r.id ? 'toast.roleSaved' : 'toast.roleCreated')),
      failed: messages.t('toast.roleSaveFailed'),
    },
    callbacks,
  );
