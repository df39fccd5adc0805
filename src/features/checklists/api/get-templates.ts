// GET checklist_templates with each one's current version's content: the templates page's list,
// archived ones last. Managers edit templates at a desk, online (docs/housekeeping.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import type { Translations } from '@/components/translations/translations';
import type { ChecklistContent } from '../content';
import { checklistKeys } from './keys';

export interface TemplateSummary {
  id: string;
  name: string;
  name_i18n: Translations;
  description: string;
  archived: boolean;
  current_version: number;
  content: ChecklistContent;
}

/**
 * The templates as a resource that keeps no device copy (docs/offline.md "Reads that keep no
 * copy"): offline the page shows its usual error.
 */
export const templateList = listResource<TemplateSummary, null>({
  source: 'checklist_templates',
  fetch: async () => {
    const rows = await fetchOrThrow(() =>
      supabase
        .from('checklist_templates')
        .select(
          'id,name,name_i18n,description,archived,current_version,current:checklist_template_versions!checklist_templates_current_version_fkey(content)',
        )
        .order('archived')
        .order('name')
        // A version's content is jsonb, checked by the database to be a checklist
        // (private.checklist_content_problem): its shape, said to the generated row type.
        .overrideTypes<
          { name_i18n: Translations; current: { content: ChecklistContent } | null }[]
        >(),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      name_i18n: r.name_i18n ?? {},
      description: r.description,
      archived: r.archived,
      current_version: r.current_version,
      content: r.current?.content ?? { sections: [] },
    }));
  },
  copy: noDeviceCopy,
});

export const getTemplates = async (): Promise<TemplateSummary[]> =>
  (await readList(templateList, null)).rows;

export const getTemplatesQueryOptions = () =>
  queryOptions({ queryKey: checklistKeys.all, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(getTemplatesQueryOptions());
}
