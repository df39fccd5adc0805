// POST property_housekeeping (upsert by villa): the housekeeper new cleans of a villa go to.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { cleaningSettingsKeys } from './keys';

export interface DefaultHousekeeperInput {
  property_id: string;
  default_housekeeper_id: string | null;
}

export async function saveDefaultHousekeeper(v: DefaultHousekeeperInput): Promise<void> {
  await fetchOrThrow(() => supabase.from('property_housekeeping').upsert(v).select('property_id'));
}

export const useSaveDefaultHousekeeper = (
  callbacks?: MutationCallbacks<void, DefaultHousekeeperInput>,
) =>
  useAppMutation(
    {
      mutationFn: saveDefaultHousekeeper,
      invalidate: [cleaningSettingsKeys.all],
      done: () => notify.success(messages.t('toast.housekeeperSaved')),
      failed: messages.t('toast.housekeeperFailed'),
    },
    callbacks,
  );
