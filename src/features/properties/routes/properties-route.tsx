// /properties: the villa list (search, filters, sort, server-side pages) for every signed-in user;
// managers also get "New property".
import { useDeferredValue } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/routes';
import { hasPermission, meetsRole } from '@/lib/permissions';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { prefetchOnLoad } from '@/lib/route-loader';
import { useKeepScreen } from '@/lib/kept-screen';
import { useT } from '@/lib/i18n/catalog';
import {
  getPropertiesQueryOptions,
  keptPropertiesQueryOptions,
  useProperties,
} from '../api/get-properties';
import { PropertyFilters } from '../components/property-filters';
import { PropertyList } from '../components/property-list';
import { PropertiesCalendar } from '../components/properties-calendar';
import { PAGE_SIZE, parseListParams } from '../list-params';
import { messages } from '../messages';

// The server's page and this device's copy of it are both read as the route loads (the copy is
// drawn first when the server is slower: docs/offline.md "Drawn first"). Offline the server's
// read answers from the copy itself.
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const params = parseListParams(new URL(request.url).searchParams);
    if (navigator.onLine !== false) prefetchOnLoad(queryClient, keptPropertiesQueryOptions(params));
    return prefetchOnLoad(queryClient, getPropertiesQueryOptions(params));
  };

export function PropertiesRoute() {
  const t = useT(messages);
  const { user, roles, permissions } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const list = useProperties(params);
  // The rows are drawn in a deferred render, in slices: the page they arrive with (TanStack
  // Query's answer renders at once, in one task) then only says how many there are, and the
  // cards follow without blocking the page (bench/README.md, issue 17 second pass).
  const rows = useDeferredValue(list.data?.rows);
  // The server's page, drawn, is kept for the next start's first paint (lib/kept-screen.ts).
  const fromServer = list.data && !list.isPlaceholderData && !list.data.fromDevice;
  useKeepScreen(user?.id, fromServer && rows === list.data?.rows ? rows : undefined);
  const canCreate = meetsRole(roles, 'manager') && hasPermission(permissions, 'properties.manage');
  // Guest stays are office data: field staff (no reservations.view) get the list only.
  const canSeeCalendar = hasPermission(permissions, 'reservations.view');
  const calendar = canSeeCalendar && searchParams.get('view') === 'calendar';

  const update = (changes: Record<string, string | null>) => {
    // From the address bar, not the render's searchParams: the search box calls this after a
    // pause, and a filter changed meanwhile must not be undone.
    setSearchParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        if (!('page' in changes) && !('view' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (params.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, params.page * PAGE_SIZE);

  return (
    <div className="space-y-6">
      <PageHeader
        title={paths.properties.title}
        description={paths.properties.description}
        actions={
          canCreate ? (
            <Button asChild>
              <Link to={paths.propertyNew.path}>
                <Plus aria-hidden="true" />
                {t('list.new')}
              </Link>
            </Button>
          ) : null
        }
      />
      {canSeeCalendar ? (
        <div
          className="bg-muted inline-flex rounded-lg p-1"
          role="group"
          aria-label={t('list.view')}
        >
          <Button
            size="sm"
            variant={calendar ? 'ghost' : 'secondary'}
            aria-pressed={!calendar}
            onClick={() => update({ view: null })}
          >
            {t('list.viewList')}
          </Button>
          <Button
            size="sm"
            variant={calendar ? 'secondary' : 'ghost'}
            aria-pressed={calendar}
            onClick={() => update({ view: 'calendar' })}
          >
            {t('list.viewCalendar')}
          </Button>
        </div>
      ) : null}
      <PropertyFilters params={params} onChange={update} />
      <p className="text-muted-foreground text-sm" role="status" aria-live="polite">
        {list.isPending
          ? t('list.loading')
          : total === 0
            ? t('list.none')
            : t('list.showing', { first, last, total })}
      </p>
      {list.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t('list.loadFailed')}</AlertTitle>
          <AlertDescription>{errorMessage(list.error, t('list.tryAgain'))}</AlertDescription>
        </Alert>
      ) : list.isPending || !rows ? (
        <div className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60' : undefined} data-kept-rows="">
          {/* The device's copy drawn while the server answers is not a lost connection. */}
          {list.data.fromDevice && !list.isPlaceholderData ? (
            <DeviceCopyNote what={t('list.deviceCopy')} />
          ) : null}
          {calendar ? <PropertiesCalendar rows={rows} /> : <PropertyList rows={rows} />}
        </div>
      )}
      {pages > 1 ? (
        <nav className="flex items-center justify-between gap-2" aria-label={t('list.pages')}>
          <Button
            variant="outline"
            size="sm"
            disabled={params.page <= 1}
            onClick={() => update({ page: params.page - 1 > 1 ? String(params.page - 1) : null })}
          >
            {t('list.previous')}
          </Button>
          <span className="text-sm">{t('list.pageOf', { page: params.page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={params.page >= pages}
            onClick={() => update({ page: String(params.page + 1) })}
          >
            {t('list.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
