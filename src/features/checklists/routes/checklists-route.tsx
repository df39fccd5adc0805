// /checklists (manager, checklists.manage): templates with sections and items; editing publishes a
// new version, cleans keep theirs (docs/housekeeping.md).
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { localized } from '@/lib/i18n/localized';
import { useArchiveTemplate } from '../api/archive-template';
import { useDeleteTemplate } from '../api/delete-template';
import { useDuplicateTemplate } from '../api/duplicate-template';
import { useTemplates, type TemplateSummary } from '../api/get-templates';
import { useSaveTemplate } from '../api/save-template';
import { TemplateEditor } from '../components/template-editor';
import { newItem, newSection } from '../content';
import { messages } from '../messages';
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
  const tr = useT(messages);

  if (editing) {
    const t = editing.template;
    return (
      <div className="space-y-4">
        <PageHeader
          title={tr('list.title')}
          description={
            t
              ? tr('list.editing', { name: t.name, version: t.current_version })
              : tr('list.newTemplate')
          }
        />
        <TemplateEditor
          isNew={!t}
          saving={save.isPending}
          initial={{
            name: t?.name ?? '',
            name_i18n: t?.name_i18n ?? {},
            description: t?.description ?? '',
            content: t?.content ?? {
              sections: [{ ...newSection(tr('list.firstSection')), items: [newItem()] }],
            },
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
        title={tr('list.title')}
        description={tr('list.description')}
        actions={<Button onClick={() => setEditing({ template: null })}>{tr('list.new')}</Button>}
      />
      {templates.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          {tr('list.loading')}
        </p>
      ) : templates.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {tr('list.loadFailed')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {templates.data.map((t) => {
            const items = t.content.sections.reduce((n, s) => n + s.items.length, 0);
            return (
              <li key={t.id} className="min-w-0 space-y-2 rounded-md border p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words">{localized(t.name, t.name_i18n)}</h2>
                    <p className="text-muted-foreground text-sm">{t.description}</p>
                  </div>
                  <div className="flex gap-1">
                    <Badge variant="outline">
                      {tr('list.version', { version: t.current_version })}
                    </Badge>
                    {t.archived ? <Badge variant="secondary">{tr('list.archived')}</Badge> : null}
                  </div>
                </div>
                <p className="text-sm">
                  {tr('list.size', { sections: t.content.sections.length, items })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing({ template: t })}>
                    {tr('list.edit')} <span className="sr-only">{t.name}</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => duplicate.mutate(t)}>
                    {tr('list.duplicate')} <span className="sr-only">{t.name}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => archive.mutate({ id: t.id, archived: !t.archived })}
                  >
                    {tr(t.archived ? 'list.restore' : 'list.archive')}{' '}
                    <span className="sr-only">{t.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => remove.mutate(t.id)}>
                    {tr('list.delete')} <span className="sr-only">{t.name}</span>
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
