// My route (docs/housekeeping.md "Field app"): what /housekeeping shows a housekeeper - her cleans of
// today in route order (due time, then area), each with its window, guests arriving, same-day,
// status, progress and one-tap directions, then tomorrow's preview and her open problem reports.
// Opening it with signal makes the day available offline ("Ready for offline: N cleans, updated
// HH:MM"); a cold start with no network shows the same from this device.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudDownload, Navigation, Wrench } from 'lucide-react';
import { Link, generatePath } from 'react-router';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cleanStatusLabel, cleaningTypeName } from '@/domain/cleans/labels';
import { useAfterFirstScreen } from '@/hooks/use-after-first-screen';
import { useAuth } from '@/lib/auth/use-auth';
import { formatTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { useOnlineStatus } from '@/offline/network-status';
import { DAY_REFRESH_TAG } from '@/offline/queue-entry';
import { addDays, guestsArriving, todayInCompany } from '../board-logic';
import { fieldKeys } from '../api/field-keys';
import {
  prepareOffline,
  useMyRoute,
  useMyWorkOrders,
  usePrepared,
  type RouteClean,
} from '../api/get-my-route';
import { ChecklistProgress } from '../components/checklist-progress';
import { directionsUrl } from '../field-logic';
import { messages } from '../messages';

const runPath = (id: string) => generatePath(paths.cleanRun.path, { id });

function clock(ms: number): string {
  return formatTime(new Date(ms).toISOString());
}

function CleanCard({ clean, preview = false }: { clean: RouteClean; preview?: boolean }) {
  const t = useT(messages);
  const villa = clean.property?.name ?? t('villa');
  const maps = clean.property ? directionsUrl(clean.property) : null;
  const sentBack = clean.status === 'in_progress' && clean.inspection_note;
  const action =
    clean.status === 'scheduled' ? 'start' : clean.status === 'in_progress' ? 'continue' : 'view';
  return (
    <li>
      <article
        aria-label={`${villa}, ${clean.type ? cleaningTypeName(clean.type) : t('clean')}`}
        className="space-y-2 rounded-lg border p-3"
      >
        <div className="flex items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold">{villa}</h3>
            <p className="text-muted-foreground text-xs">
              {clean.property?.area}
              {clean.type ? ` · ${cleaningTypeName(clean.type)}` : ''}
            </p>
          </div>
          <Badge variant={clean.status === 'in_progress' ? 'default' : 'secondary'}>
            {cleanStatusLabel(clean.status)}
          </Badge>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span>
            {formatTime(clean.window_start)}–{formatTime(clean.due_at)}
          </span>
          {clean.guests_arriving != null ? (
            <span>· {guestsArriving(clean.guests_arriving)}</span>
          ) : null}
          {clean.same_day ? <Badge variant="destructive">{t('sameDay')}</Badge> : null}
        </p>
        {sentBack ? (
          <p className="rounded-md border border-amber-500/60 p-2 text-sm">
            <span className="font-medium">{t('sentBack')}</span> {clean.inspection_note}
          </p>
        ) : null}
        {!preview && clean.progress.total > 0 ? (
          <ChecklistProgress label={t('progressOf', { name: villa })} {...clean.progress} compact />
        ) : null}
        <div className="flex flex-wrap gap-2">
          {!preview ? (
            <Button asChild size="sm">
              <Link to={runPath(clean.id)} aria-label={t('route.actionVilla', { action, villa })}>
                {t('route.action', { action })}
              </Link>
            </Button>
          ) : null}
          {maps ? (
            <Button asChild size="sm" variant="outline">
              <a
                href={maps}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('route.directionsTo', { villa })}
              >
                <Navigation aria-hidden="true" />
                {t('directions')}
              </a>
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * Makes the day available offline when there is signal: on opening and when it comes back. Not
 * before the screen is drawn with its cleans (useAfterFirstScreen): the runs and the reference
 * photos it downloads would compete with them on a phone's one bar of signal (bench/README.md
 * "Issue 29").
 */
function useReadyForOffline(userId: string, from: string, to: string) {
  const qc = useQueryClient();
  const counts = useAuth().hasPermission('inventory.adjust');
  const online = useOnlineStatus();
  const drawn = useAfterFirstScreen();
  const prepared = usePrepared(userId);
  const preparing = useQuery({
    queryKey: [...fieldKeys.all(), 'prepare', { userId, from, to, counts }],
    queryFn: async () => {
      const done = await prepareOffline({ userId, from, to }, { counts });
      await Promise.all([
        qc.invalidateQueries({ queryKey: fieldKeys.prepared(userId) }),
        qc.invalidateQueries({ queryKey: fieldKeys.route(userId, from, to) }),
      ]);
      return done;
    },
    enabled: drawn && online && userId !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const { refetch } = preparing;
  useEffect(() => {
    if (userId === '' || !('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === 'REFRESH_DAY') void refetch();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    void registerDayRefresh();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [userId, refetch]);
  return { prepared: prepared.data ?? null, busy: preparing.isFetching };
}

/** Periodic Background Sync is Chromium-only and not in TypeScript's DOM lib. */
type PeriodicSyncRegistration = ServiceWorkerRegistration & {
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
};

/**
 * Asks the browser to wake the worker now and then (at most every 6 hours; the browser decides,
 * and only for an installed app it has seen used), so the day is read again in the background
 * (src/sw.ts, DAY_REFRESH_TAG). Without the feature or the permission nothing changes: the day is
 * read on opening and when the signal returns.
 */
async function registerDayRefresh(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      PeriodicSyncRegistration | undefined;
    if (!registration?.periodicSync) return;
    const status = await navigator.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    });
    if (status.state !== 'granted') return;
    await registration.periodicSync.register(DAY_REFRESH_TAG, { minInterval: 6 * 60 * 60_000 });
  } catch {
    // Refused or not offered: the refresh on opening and on reconnecting still holds.
  }
}

export function MyRouteScreen() {
  const t = useT(messages);
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const today = todayInCompany();
  const tomorrow = addDays(today, 1);
  const route = useMyRoute({ userId, from: today, to: tomorrow });
  const workOrders = useMyWorkOrders(userId);
  const { prepared, busy } = useReadyForOffline(userId, today, tomorrow);
  const cleans = route.data?.cleans ?? [];
  const todays = cleans.filter((c) => c.day === today);
  const tomorrows = cleans.filter((c) => c.day === tomorrow);

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4">
      <PageHeader
        title={paths.housekeeping.titleWithout.title}
        description={paths.housekeeping.titleWithout.description}
      />
      {/* Two lines high on a phone, whichever of its texts it shows (one wraps at 360 px): the
          sections below do not move as it changes. */}
      <p
        role="status"
        className="text-muted-foreground flex min-h-10 items-start gap-2 text-sm sm:min-h-0"
      >
        <CloudDownload aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {busy && !prepared
          ? t('route.preparing')
          : prepared
            ? t('route.ready', { count: prepared.cleans, time: clock(prepared.at) })
            : t('route.notReady')}
      </p>
      {/* Nothing drawn moves when the route arrives: what depends on it (the device's note, the
          cleans, tomorrow, the problems) is drawn below what is already there, and the sections
          after today's wait for it (bench/README.md "Issue 29"). */}
      <section aria-labelledby="route-today" className="space-y-2">
        <h2 id="route-today" className="text-lg font-semibold">
          {t('today')}
        </h2>
        {route.data?.fromDevice ? <DeviceCopyNote what={t('route.deviceCopy')} /> : null}
        {route.isPending ? (
          // A loading state (data-loading): what waits for the first screen waits for this.
          <p role="status" data-loading="" className="text-muted-foreground text-sm">
            {t('route.loading')}
          </p>
        ) : route.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t('route.error')}
          </p>
        ) : todays.length === 0 ? (
          <p className="text-sm">{t('route.none')}</p>
        ) : (
          <ol className="space-y-2">
            {todays.map((c) => (
              <CleanCard key={c.id} clean={c} />
            ))}
          </ol>
        )}
      </section>

      {route.isPending ? null : (
        <section aria-labelledby="route-tomorrow" className="space-y-2">
          <h2 id="route-tomorrow" className="text-lg font-semibold">
            {t('route.tomorrow')}
          </h2>
          {route.isSuccess && tomorrows.length === 0 ? (
            <p className="text-sm">{t('route.noneTomorrow')}</p>
          ) : (
            <ol className="space-y-2">
              {tomorrows.map((c) => (
                <CleanCard key={c.id} clean={c} preview />
              ))}
            </ol>
          )}
        </section>
      )}

      {!route.isPending && (workOrders.data ?? []).length > 0 ? (
        <section aria-labelledby="route-problems" className="space-y-2">
          <h2 id="route-problems" className="text-lg font-semibold">
            {t('route.problems')}
          </h2>
          <ul className="space-y-1 text-sm">
            {workOrders.data!.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-2">
                <Wrench aria-hidden="true" className="size-4" />
                <Link className="underline" to={`${paths.maintenance.path}?wo=${w.id}`}>
                  {w.title}
                </Link>
                {w.blocking ? <Badge variant="destructive">{t('route.blocking')}</Badge> : null}
                {'pendingSync' in w && w.pendingSync ? (
                  <span className="text-xs text-amber-700 dark:text-amber-300">
                    {t('savedOnPhone')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
