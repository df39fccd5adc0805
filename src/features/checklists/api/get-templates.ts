// GET checklist_templates with each one's current version's content: the templates page's list,
// archived ones last. Managers edit templates at a desk, online (docs/housekeeping.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { ChecklistContent } from '../content';
import { checklistKeys } from './keys';

export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  current_version: number;
  content: ChecklistContent;
}

export async function getTemplates(): Promise<TemplateSummary[]> {
  const rows = await fetchOrThrow(() =>
    supabase
      .from('checklist_templates')
      .select(
        'id,name,description,archived,current_version,current:checklist_template_versions!checklist_templates_current_version_fkey(content)',
      )
      .order('archived')
      .order('name')
      // A version's content is jsonb, checked by the database to be a checklist
      // (private.checklist_content_problem): its shape, said to the generated row type.
      .overrideTypes<{ current: { content: ChecklistContent } | null }[]>(),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    archived: r.archived,
    current_version: r.current_version,
    content: r.current?.content ?? { sections: [] },
  }));
}

export const getTemplatesQueryOptions = () =>
  queryOptions({ queryKey: checklistKeys.all, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(getTemplatesQueryOptions());
}
