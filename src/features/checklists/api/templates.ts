// Checklist templates (docs/housekeeping.md): the list with each template's current version, and
// the writes - create, publish a new version (the database numbers it), duplicate, archive, and
// delete (refused by the database once a clean used the template: then it is archived instead).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchOrThrow, QueryError } from '@/lib/errors';
import { errorToastUnlessHandled } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import type { ChecklistContent } from '../content';

export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  current_version: number;
  content: ChecklistContent;
}

const keys = { all: ['checklists'] as const };

export function useTemplates() {
  return useQuery({
    queryKey: keys.all,
    queryFn: async (): Promise<TemplateSummary[]> => {
      const rows = await fetchOrThrow(() =>
        supabase
          .from('checklist_templates')
          .select(
            'id,name,description,archived,current_version,current:checklist_template_versions!checklist_templates_current_version_fkey(content)',
          )
          .order('archived')
          .order('name'),
      );
      return (rows ?? []).map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        archived: r.archived,
        current_version: r.current_version,
        content: (r.current?.content as unknown as ChecklistContent | undefined) ?? {
          sections: [],
        },
      }));
    },
  });
}

function useTemplateMutation<T>(run: (input: T) => Promise<string>, failed: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (message) => {
      if (message) notify.success(message);
      await qc.invalidateQueries({ queryKey: keys.all });
    },
    onError: errorToastUnlessHandled(undefined, failed),
  });
}

async function publish(templateId: string, content: ChecklistContent) {
  await fetchOrThrow(() =>
    supabase
      .from('checklist_template_versions')
      .insert({ template_id: templateId, content: content as never })
      .select('id'),
  );
}

export interface SaveTemplateInput {
  id: string | null;
  name: string;
  description: string;
  content: ChecklistContent;
}

/** New template with version 1, or a changed one: its details, and a new version when the content changed. */
export function useSaveTemplate() {
  return useTemplateMutation(async (t: SaveTemplateInput & { contentChanged: boolean }) => {
    const id = t.id ?? crypto.randomUUID();
    if (t.id) {
      await fetchOrThrow(() =>
        supabase
          .from('checklist_templates')
          .update({ name: t.name, description: t.description })
          .eq('id', id)
          .select('id'),
      );
    } else {
      await fetchOrThrow(() =>
        supabase
          .from('checklist_templates')
          .insert({ id, name: t.name, description: t.description })
          .select('id'),
      );
    }
    if (!t.id || t.contentChanged) {
      await publish(id, t.content);
      return t.id ? 'New version published' : 'Template created';
    }
    return 'Template saved';
  }, 'Failed to save the template');
}

export function useDuplicateTemplate() {
  return useTemplateMutation(async (t: TemplateSummary) => {
    const id = crypto.randomUUID();
    await fetchOrThrow(() =>
      supabase
        .from('checklist_templates')
        .insert({ id, name: `Copy of ${t.name}`.slice(0, 120), description: t.description })
        .select('id'),
    );
    await publish(id, t.content);
    return 'Template duplicated';
  }, 'Failed to duplicate the template');
}

export function useArchiveTemplate() {
  return useTemplateMutation(async ({ id, archived }: { id: string; archived: boolean }) => {
    await fetchOrThrow(() =>
      supabase.from('checklist_templates').update({ archived }).eq('id', id).select('id'),
    );
    return archived ? 'Template archived' : 'Template restored';
  }, 'Failed to archive the template');
}

export function useDeleteTemplate() {
  return useTemplateMutation(async (id: string) => {
    try {
      await fetchOrThrow(() =>
        supabase.from('checklist_templates').delete().eq('id', id).select('id'),
      );
      return 'Template deleted';
    } catch (e) {
      if (e instanceof QueryError && e.code === '23503') {
        await fetchOrThrow(() =>
          supabase.from('checklist_templates').update({ archived: true }).eq('id', id).select('id'),
        );
        return 'Cleans used this template, so it was archived instead';
      }
      throw e;
    }
  }, 'Failed to delete the template');
}
