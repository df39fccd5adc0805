// DELETE checklist_templates by id; refused by the database once a clean used the template
// (23503): then it is archived instead.
import { fetchOrThrow, QueryError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { checklistKeys } from './keys';

/** Deletes (or archives) the template; answers what the user is told. */
export async function deleteTemplate(id: string): Promise<string> {
  try {
    await fetchOrThrow(() =>
      supabase.from('checklist_templates').delete().eq('id', id).select('id'),
    );
    return messages.t('toast.deleted');
  } catch (e) {
    if (e instanceof QueryError && e.code === '23503') {
      await fetchOrThrow(() =>
        supabase.from('checklist_templates').update({ archived: true }).eq('id', id).select('id'),
      );
      return messages.t('toast.deletedArchived');
    }
    throw e;
  }
}

export const useDeleteTemplate = (callbacks?: MutationCallbacks<string, string>) =>
  useAppMutation(
    {
      mutationFn: deleteTemplate,
      invalidate: [checklistKeys.all],
      done: (message) => notify.success(message),
      failed: messages.t('toast.deleteFailed'),
    },
    callbacks,
  );
