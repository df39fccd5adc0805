// POST / DELETE custom_permissions: an override grants (true) or revokes (false) one key for one
// account; null inherits (deletes the override).
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { adminKeys } from './keys';

export interface Override {
  userId: string;
  key: string;
  granted: boolean | null;
}

export async function setPermissionOverride(a: Override): Promise<void> {
  if (a.granted === null) {
    await fetchOrThrow(
      supabase
        .from('custom_permissions')
        .delete()
        .eq('user_id', a.userId)
        .eq('permission_key', a.key)
        .select(),
    );
  } else {
    await fetchOrThrow(
      supabase
        .from('custom_permissions')
        .upsert({ user_id: a.userId, permission_key: a.key, granted: a.granted })
        .select(),
    );
  }
}

export const useSetOverride = (callbacks?: MutationCallbacks<void, Override>) =>
  useAppMutation(
    {
      mutationFn: setPermissionOverride,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      failed: messages.t('toast.overrideFailed'),
    },
    callbacks,
  );
