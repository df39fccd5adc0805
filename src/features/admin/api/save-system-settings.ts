// PATCH system_settings: the company's settings; the saved row replaces the cached one at once.
import { useQueryClient } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { adminKeys } from './keys';
import type { SystemSettings, SystemSettingsUpdate } from './types';

export const saveSystemSettings = (s: SystemSettingsUpdate): Promise<SystemSettings> =>
  fetchOrThrow(supabase.from('system_settings').update(s).eq('id', true).select().single());

export function useSaveSettings(
  callbacks?: MutationCallbacks<SystemSettings, SystemSettingsUpdate>,
) {
  const qc = useQueryClient();
  return useAppMutation(
    {
      mutationFn: saveSystemSettings,
      invalidate: [adminKeys.all],
      invalidateOnError: true,
      done: (row) => {
        qc.setQueryData(adminKeys.settings(), row);
        notify.success(messages.t('toast.settingsSaved'));
      },
      failed: messages.t('toast.settingsFailed'),
    },
    callbacks,
  );
}
