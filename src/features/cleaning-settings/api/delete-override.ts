// DELETE property_cleaning_overrides by id: the villa follows the cleaning type again.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { cleaningSettingsKeys } from './keys';

export async function deleteOverride(id: string): Promise<void> {
  await fetchOrThrow(() =>
    supabase.from('property_cleaning_overrides').delete().eq('id', id).select('id'),
  );
}

export const useDeleteOverride = (callbacks?: MutationCallbacks<void, string>) =>
  useAppMutation(
    {
      mutationFn: deleteOverride,
      invalidate: [cleaningSettingsKeys.all],
      done: () => notify.success(messages.t('toast.overrideRemoved')),
      failed: messages.t('toast.overrideRemoveFailed'),
    },
    callbacks,
  );
