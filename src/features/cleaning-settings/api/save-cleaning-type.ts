// POST / PATCH cleaning_types: a new cleaning type (placed after the others) or a changed one.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { cleaningSettingsKeys } from './keys';
import type { CleaningType } from './types';

export type TypeInput = Pick<
  CleaningType,
  | 'name'
  | 'name_i18n'
  | 'minutes_by_bedrooms'
  | 'default_template_id'
  | 'inspection_required'
  | 'color'
> & { id?: string };

export async function saveCleaningType(t: TypeInput): Promise<void> {
  const { id, ...values } = t;
  await fetchOrThrow(() =>
    id
      ? supabase.from('cleaning_types').update(values).eq('id', id).select('id')
      : supabase
          .from('cleaning_types')
          .insert({ ...values, position: 10 })
          .select('id'),
  );
}

export const useSaveType = (callbacks?: MutationCallbacks<void, TypeInput>) =>
  useAppMutation(
    {
      mutationFn: saveCleaningType,
      invalidate: [cleaningSettingsKeys.all],
      done: () => notify.success(messages.t('toast.typeSaved')),
      failed: messages.t('toast.typeFailed'),
    },
    callbacks,
  );
