// POST / PATCH checklist_templates: a new template with version 1, or a changed one: its details,
// and a new version when the content changed (cleans keep the version they were made from).
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { messages } from '../messages';
import type { Translations } from '@/components/translations/translations';
import type { ChecklistContent } from '../content';
import { checklistKeys } from './keys';
import { publishVersion } from './publish-version';

export interface SaveTemplateInput {
  id: string | null;
  name: string;
  name_i18n: Translations;
  description: string;
  content: ChecklistContent;
  contentChanged: boolean;
}

/** Saves the template; answers what the user is told. */
export async function saveTemplate(t: SaveTemplateInput): Promise<string> {
  const id = t.id ?? crypto.randomUUID();
  if (t.id) {
    await fetchOrThrow(() =>
      supabase
        .from('checklist_templates')
        .update({ name: t.name, name_i18n: t.name_i18n, description: t.description })
        .eq('id', id)
        .select('id'),
    );
  } else {
    await fetchOrThrow(() =>
      supabase
        .from('checklist_templates')
        .insert({ id, name: t.name, name_i18n: t.name_i18n, description: t.description })
        .select('id'),
    );
  }
  if (!t.id || t.contentChanged) {
    await publishVersion(id, t.content);
    return messages.t(t.id ? 'toast.published' : 'toast.created');
  }
  return messages.t('toast.saved');
}

export const useSaveTemplate = (callbacks?: MutationCallbacks<string, SaveTemplateInput>) =>
  useAppMutation(
    {
      mutationFn: saveTemplate,
      invalidate: [checklistKeys.all],
      done: (message) => notify.success(message),
      failed: messages.t('toast.saveFailed'),
    },
    callbacks,
  );
