// POST checklist_template_versions: a template's next version (the database numbers it and makes
// it current). Used by the save and the duplicate.
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { ChecklistContent } from '../content';

export async function publishVersion(templateId: string, content: ChecklistContent) {
  await fetchOrThrow(() =>
    supabase
      .from('checklist_template_versions')
      .insert({ template_id: templateId, content })
      .select('id'),
  );
}
