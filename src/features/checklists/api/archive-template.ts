// PATCH checklist_templates.archived: archive (no new cleans use it) or restore.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import { checklistKeys } from './keys';

export interface ArchiveTemplateInput {
  id: string;
  archived: boolean;
}

export async function archiveTemplate({ id, archived }: ArchiveTemplateInput): Promise<void> {
  await fetchOrThrow(() =>
    supabase.from('checklist_templates').update({ archived }).eq('id', id).select('id'),
  );
}

export const useArchiveTemplate = (callbacks?: MutationCallbacks<void, ArchiveTemplateInput>) =>
  useAppMutation(
    {
      mutationFn: archiveTemplate,
      invalidate: [checklistKeys.all],
      done: (_, { archived }) =>
        notify.success(messages.t(archived ? 'toast.archived' : 'toast.restored')),
      failed: messages.t('toast.archiveFailed'),
    },
    callbacks,
  );
