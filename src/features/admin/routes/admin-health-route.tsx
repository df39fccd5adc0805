// /admin/health: live figures, refreshed every 15 s with the time of the last answer. The
// database round trip is timed here; everything else comes from admin_health() (SQL, so it works
// on hosted Supabase too), and realtime from this backend's presence. docs/admin.md
import { useSyncExternalStore } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { onlinePresence, subscribeOnlinePresence } from '@/lib/online-presence';
import { supabase } from '@/lib/supabase';
import { useT } from '@/lib/i18n/catalog';
import { appVersion, useBuildTime } from '../build-info';
import { useHealth } from '../api/get-health';
import { AdminNav } from '../components/admin-nav';
import { formatBytes, formatDecimal, formatWhen } from '../format';
import { messages } from '../messages';
import { COMPANY_TIME_ZONE, formatTimeSeconds } from '@/lib/company-time';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { healthQuery } from '../api/get-health';

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-lg font-semibold break-words">{value}</dd>
    </div>
  );
}

/** Who is connected to realtime right now: every signed-in app joins the `online` presence. */
function useRealtimePresence() {
  return useSyncExternalStore(subscribeOnlinePresence, onlinePresence);
}

/** Prefetches the figures as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, healthQuery());

export function AdminHealthRoute() {
  const health = useHealth();
  const presence = useRealtimePresence();
  const buildTime = useBuildTime();
  const h = health.data;
  const t = useT(messages);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('health.title')}
        description={t('health.description')}
        actions={
          <Button
            variant="outline"
            onClick={() => void health.refetch()}
            aria-busy={health.isFetching}
          >
            {t(health.isFetching ? 'health.refreshing' : 'health.refresh')}
          </Button>
        }
      />
      <AdminNav />
      {h ? (
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {t('health.updated')}{' '}
          <time dateTime={h.fetchedAt} data-testid="health-updated">
            {formatTimeSeconds(h.fetchedAt)}
          </time>{' '}
          <span data-testid="health-zone">{t('health.zone', { zone: COMPANY_TIME_ZONE })}</span>
        </p>
      ) : null}
      {health.isPending ? (
        <Skeleton className="h-60" />
      ) : health.isError ? (
        <p role="alert">{t('health.loadFailed', { error: health.error.message })}</p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('health.database')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure
                  label={t('health.roundTrip')}
                  value={
                    <span data-testid="health-rtt">
                      {t('health.ms', { value: Math.round(h!.roundTripMs) })}
                    </span>
                  }
                />
                <Figure label={t('health.databaseSize')} value={formatBytes(h!.database_bytes)} />
                <Figure label={t('health.migrations')} value={h!.migrations_applied ?? '—'} />
                <Figure
                  label={t('health.latestMigration')}
                  value={<span className="text-sm">{h!.latest_migration ?? '—'}</span>}
                />
                <Figure label={t('health.version')} value={appVersion} />
                <Figure
                  label={t('health.built')}
                  value={<span className="text-sm">{formatWhen(buildTime.data)}</span>}
                />
                <Figure
                  label={t('health.realtimeConnections')}
                  value={
                    presence
                      ? t('health.connections', {
                          connections: presence.connections,
                          users: presence.users,
                        })
                      : '…'
                  }
                />
                <Figure
                  label={t('health.realtimeSubscriptions')}
                  value={
                    h!.realtime_subscriptions ??
                    t('health.onThisPage', { count: supabase.getChannels().length })
                  }
                />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('health.last24')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure label={t('health.signIns')} value={h!.sign_ins_24h ?? '—'} />
                <Figure label={t('health.failedSignIns')} value={h!.sign_in_failures_24h} />
                <Figure label={t('health.syncRecords')} value={h!.sync_records_24h} />
                <Figure label={t('health.refusedWrites')} value={h!.refused_writes_24h} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('health.storage')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y text-sm">
                {h!.storage.map((b) => (
                  <li key={b.bucket} className="flex justify-between gap-2 py-2">
                    <span>{b.bucket}</span>
                    <span>
                      {t('health.files', { count: b.objects, size: formatBytes(b.bytes) })}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('health.vitals')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {h!.web_vitals.length === 0 ? (
                <p className="text-muted-foreground text-sm">{t('health.noReports')}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="text-left">
                        <th scope="col" className="p-1">
                          {t('health.page')}
                        </th>
                        <th scope="col" className="p-1">
                          {t('health.metric')}
                        </th>
                        <th scope="col" className="p-1">
                          {t('health.p75')}
                        </th>
                        <th scope="col" className="p-1">
                          {t('health.samples')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {h!.web_vitals.map((v) => (
                        <tr key={`${v.page}-${v.name}`} className="border-t">
                          <td className="p-1 break-all">{v.page}</td>
                          <td className="p-1">{v.name}</td>
                          <td className="p-1">
                            {v.name === 'CLS'
                              ? formatDecimal(v.p75, 3)
                              : t('health.ms', { value: Math.round(v.p75) })}
                          </td>
                          <td className="p-1">{v.samples}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
