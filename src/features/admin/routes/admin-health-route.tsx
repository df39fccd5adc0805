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
import { appVersion, useBuildTime } from '../build-info';
import { useHealth } from '../api/get-health';
import { AdminNav } from '../components/admin-nav';
import { formatBytes, formatWhen } from '../format';
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
  return (
    <div className="space-y-6">
      <PageHeader
        title="System Health"
        description="Measured live; refreshes every 15 seconds."
        actions={
          <Button
            variant="outline"
            onClick={() => void health.refetch()}
            aria-busy={health.isFetching}
          >
            {health.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        }
      />
      <AdminNav />
      {h ? (
        <p className="text-muted-foreground text-sm" aria-live="polite">
          Updated{' '}
          <time dateTime={h.fetchedAt} data-testid="health-updated">
            {formatTimeSeconds(h.fetchedAt)}
          </time>{' '}
          <span data-testid="health-zone">({COMPANY_TIME_ZONE} time)</span>
        </p>
      ) : null}
      {health.isPending ? (
        <Skeleton className="h-60" />
      ) : health.isError ? (
        <p role="alert">Could not measure: {health.error.message}</p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Database and app</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure
                  label="Round trip"
                  value={<span data-testid="health-rtt">{`${Math.round(h!.roundTripMs)} ms`}</span>}
                />
                <Figure label="Database size" value={formatBytes(h!.database_bytes)} />
                <Figure label="Migrations applied" value={h!.migrations_applied ?? '—'} />
                <Figure
                  label="Latest migration"
                  value={<span className="text-sm">{h!.latest_migration ?? '—'}</span>}
                />
                <Figure label="Version" value={appVersion} />
                <Figure
                  label="Built"
                  value={<span className="text-sm">{formatWhen(buildTime.data)}</span>}
                />
                <Figure
                  label="Realtime connections"
                  value={presence ? `${presence.connections} (${presence.users} users)` : '…'}
                />
                <Figure
                  label="Realtime subscriptions"
                  value={
                    h!.realtime_subscriptions ?? `${supabase.getChannels().length} on this page`
                  }
                />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Last 24 hours</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure label="Sign-ins" value={h!.sign_ins_24h ?? '—'} />
                <Figure label="Failed sign-ins" value={h!.sign_in_failures_24h} />
                <Figure label="Sync records" value={h!.sync_records_24h} />
                <Figure label="Refused writes" value={h!.refused_writes_24h} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Storage</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y text-sm">
                {h!.storage.map((b) => (
                  <li key={b.bucket} className="flex justify-between gap-2 py-2">
                    <span>{b.bucket}</span>
                    <span>
                      {b.objects} files · {formatBytes(b.bytes)}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Web vitals (p75, 7 days)</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {h!.web_vitals.length === 0 ? (
                <p className="text-muted-foreground text-sm">No reports yet.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="text-left">
                        <th scope="col" className="p-1">
                          Page
                        </th>
                        <th scope="col" className="p-1">
                          Metric
                        </th>
                        <th scope="col" className="p-1">
                          p75
                        </th>
                        <th scope="col" className="p-1">
                          Samples
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {h!.web_vitals.map((v) => (
                        <tr key={`${v.page}-${v.name}`} className="border-t">
                          <td className="p-1 break-all">{v.page}</td>
                          <td className="p-1">{v.name}</td>
                          <td className="p-1">
                            {v.name === 'CLS' ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`}
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
