// POST property_cleaning_overrides (upsert by villa and cleaning type): a villa's own minutes,
// template or inspection rule for one cleaning type.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { cleaningSettingsKeys } from './keys';
import type { Override } from './types';

export type OverrideInput = Pick<
  Override,
  'property_id' | 'cleaning_type_id' | 'minutes' | 'template_id' | 'inspection_required'
>;

export async function saveOverride(o: OverrideInput): Promise<void> {
  await fetchOrThrow(() =>
    supabase
      .from('property_cleaning_overrides')
      .upsert(o, { onConflict: 'property_id,cleaning_type_id' })
      .select('id'),
  );
}

export const useSaveOverride = (callbacks?: MutationCallbacks<void, OverrideInput>) =>
  useAppMutation(
    {
      mutationFn: saveOverride,
      invalidate: [cleaningSettingsKeys.all],
      done: () => notify.success(messages.t('toast.overrideSaved')),
      failed: messages.t('toast.overrideFailed'),
    },
    callbacks,
  );
