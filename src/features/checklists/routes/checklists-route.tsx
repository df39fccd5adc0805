// /checklists (manager, checklists.manage): templates with sections and items; editing publishes a
// new version, cleans keep theirs (docs/housekeeping.md).
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useArchiveTemplate } from '../api/archive-template';
import { useDeleteTemplate } from '../api/delete-template';
import { useDuplicateTemplate } from '../api/duplicate-template';
import { useTemplates, type TemplateSummary } from '../api/get-templates';
import { useSaveTemplate } from '../api/save-template';
import { TemplateEditor } from '../components/template-editor';
import { newItem, newSection } from '../content';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { getTemplatesQueryOptions } from '../api/get-templates';

type Editing = { template: TemplateSummary | null } | null;

/** Prefetches the templates as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, getTemplatesQueryOptions());

export function ChecklistsRoute() {
  const templates = useTemplates();
  const [editing, setEditing] = useState<Editing>(null);
  const save = useSaveTemplate({ onSuccess: () => setEditing(null) });
  const duplicate = useDuplicateTemplate();
  const archive = useArchiveTemplate();
  const remove = useDeleteTemplate();

  if (editing) {
    const t = editing.template;
    return (
      <div className="space-y-4">
        <PageHeader
          title="Checklists"
          description={
            t ? `Editing ${t.name} (version ${t.current_version})` : 'New checklist template'
          }
        />
        <TemplateEditor
          isNew={!t}
          saving={save.isPending}
          initial={{
            name: t?.name ?? '',
            description: t?.description ?? '',
            content: t?.content ?? { sections: [{ ...newSection('Kitchen'), items: [newItem()] }] },
          }}
          onCancel={() => setEditing(null)}
          onSave={(v, contentChanged) => save.mutate({ id: t?.id ?? null, ...v, contentChanged })}
        />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Checklists"
        description="Templates per cleaning type. Editing publishes a new version; cleans keep the version they were made from."
        actions={<Button onClick={() => setEditing({ template: null })}>New template</Button>}
      />
      {templates.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          Loading templates…
        </p>
      ) : templates.isError ? (
        <p role="alert" className="text-destructive text-sm">
          The templates could not be loaded.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {templates.data.map((t) => {
            const items = t.content.sections.reduce((n, s) => n + s.items.length, 0);
            return (
              <li key={t.id} className="min-w-0 space-y-2 rounded-md border p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words">{t.name}</h2>
                    <p className="text-muted-foreground text-sm">{t.description}</p>
                  </div>
                  <div className="flex gap-1">
                    <Badge variant="outline">v{t.current_version}</Badge>
                    {t.archived ? <Badge variant="secondary">Archived</Badge> : null}
                  </div>
                </div>
                <p className="text-sm">
                  {t.content.sections.length} sections, {items} items
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing({ template: t })}>
                    Edit <span className="sr-only">{t.name}</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => duplicate.mutate(t)}>
                    Duplicate <span className="sr-only">{t.name}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => archive.mutate({ id: t.id, archived: !t.archived })}
                  >
                    {t.archived ? 'Restore' : 'Archive'} <span className="sr-only">{t.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => remove.mutate(t.id)}>
                    Delete <span className="sr-only">{t.name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
