// POST checklist_templates + its first version: a copy of a template ("Copy of ...").
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import type { TemplateSummary } from './get-templates';
import { checklistKeys } from './keys';
import { publishVersion } from './publish-version';

export async function duplicateTemplate(t: TemplateSummary): Promise<void> {
  const id = crypto.randomUUID();
  await fetchOrThrow(() =>
    supabase
      .from('checklist_templates')
      .insert({
        id,
        name: messages.t('copyName', { name: t.name }).slice(0, 120),
        description: t.description,
      })
      .select('id'),
  );
  await publishVersion(id, t.content);
}

export const useDuplicateTemplate = (callbacks?: MutationCallbacks<void, TemplateSummary>) =>
  useAppMutation(
    {
      mutationFn: duplicateTemplate,
      invalidate: [checklistKeys.all],
      done: () => notify.success(messages.t('toast.duplicated')),
      failed: messages.t('toast.duplicateFailed'),
    },
    callbacks,
  );
