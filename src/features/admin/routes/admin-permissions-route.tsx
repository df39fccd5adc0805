// /admin/permissions: the role × key matrix, grouped by area, each key with its description.
// Toggling a cell saves it. The admin role keeps every admin.* key (the database refuses
// otherwise). Users see a change within their 5-minute cache or at their next sign-in. docs/admin.md
import { Fragment, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/catalog';
import { useMatrix } from '../api/get-permission-matrix';
import { useSetCell, type Cell } from '../api/set-permission-cell';
import type { Permission } from '../api/types';
import { AdminNav } from '../components/admin-nav';
import { messages } from '../messages';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { matrixQuery } from '../api/get-permission-matrix';

/** Prefetches the matrix as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, matrixQuery());

function byArea(permissions: Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const p of permissions) groups.set(p.area, [...(groups.get(p.area) ?? []), p]);
  return [...groups];
}

export function AdminPermissionsRoute() {
  const matrix = useMatrix();
  const t = useT(messages);
  // The cells being saved, shown as clicked in the same render as the click: the matrix's own
  // optimistic update waits for in-flight reads to be cancelled first, so a controlled checkbox
  // would flip back for a moment (a second click during a refetch seemed to do nothing).
  const [saving, setSaving] = useState<ReadonlyMap<string, boolean>>(new Map());
  const settled = ({ roleId, key, granted }: Cell) =>
    setSaving((m) => {
      const next = new Map(m);
      // A later click on the same cell owns the entry now.
      if (next.get(`${roleId}:${key}`) === granted) next.delete(`${roleId}:${key}`);
      return next;
    });
  const setCell = useSetCell({
    onSuccess: (_, cell) => settled(cell),
    onError: (_, cell) => {
      settled(cell);
      return false;
    },
  });

  function toggle(roleId: string, key: string, granted: boolean) {
    setSaving((m) => new Map(m).set(`${roleId}:${key}`, granted));
    setCell.mutate({ roleId, key, granted });
  }

  return (
    <div className="space-y-6">
      <PageHeader title={t('matrix.title')} description={t('matrix.description')} />
      <AdminNav />
      {matrix.isPending ? (
        <Skeleton className="h-80" />
      ) : matrix.isError ? (
        <p role="alert">{matrix.error.message}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('matrix.caption')}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="bg-background sticky left-0 p-2 text-left">
                  {t('matrix.permission')}
                </th>
                {matrix.data.roles.map((r) => (
                  <th key={r.id} scope="col" className="p-2 text-center font-medium">
                    {r.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {byArea(matrix.data.permissions).map(([area, keys]) => (
                <Fragment key={area}>
                  <tr className="bg-muted/50">
                    <th
                      scope="rowgroup"
                      colSpan={matrix.data.roles.length + 1}
                      className="p-2 text-left capitalize"
                    >
                      {area}
                    </th>
                  </tr>
                  {keys.map((p) => (
                    <tr key={p.key} className="border-b">
                      <th
                        scope="row"
                        className="bg-background sticky left-0 max-w-56 p-2 text-left font-normal"
                      >
                        <div className="font-mono text-xs">{p.key}</div>
                        <div className="text-muted-foreground text-xs">{p.description}</div>
                      </th>
                      {matrix.data.roles.map((r) => {
                        const granted =
                          saving.get(`${r.id}:${p.key}`) ??
                          matrix.data.cells.some(
                            (c) => c.role_id === r.id && c.permission_key === p.key && c.granted,
                          );
                        const locked = r.name === 'admin' && p.area === 'admin';
                        return (
                          <td key={r.id} className="p-2 text-center">
                            <input
                              type="checkbox"
                              className="size-5"
                              aria-label={`${r.name}: ${p.key}`}
                              checked={granted}
                              disabled={locked}
                              title={locked ? t('matrix.locked') : undefined}
                              onChange={(e) => void toggle(r.id, p.key, e.target.checked)}
                            />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
