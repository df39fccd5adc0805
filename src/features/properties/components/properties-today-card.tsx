// The dashboard's properties card (contributed by ../area.ts): villas not guest-ready with why, and
// the arrivals and departures still to come today.
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/company-time';
import { hrefs, paths } from '@/lib/routes';
import { useReasonLabel } from '@/lib/areas';
import { usePropertiesToday, type TodayVilla } from '../api/get-properties-today';

function VillaList({
  title,
  villas,
  empty,
  detail,
  more,
}: {
  title: string;
  villas: TodayVilla[];
  empty: string;
  detail: (v: TodayVilla) => string;
  /** Where the whole list is, when only the first villas are shown. */
  more?: { to: string; label: string } | null;
}) {
  return (
    <section aria-label={title} className="space-y-1">
      <h3 className="text-sm font-medium">{title}</h3>
      {villas.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {villas.map((v) => (
            <li key={v.id}>
              <Link to={hrefs.property(v.id)} className="underline-offset-4 hover:underline">
                {v.name}
              </Link>{' '}
              <span className="text-muted-foreground">{detail(v)}</span>
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <Link to={more.to} className="text-sm font-medium underline underline-offset-4">
          {more.label}
        </Link>
      ) : null}
    </section>
  );
}

/** Villas not guest-ready, and the arrivals and departures still to come today. */
export function PropertiesTodayCard() {
  const today = usePropertiesToday(true);
  const reasonLabel = useReasonLabel();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Properties today</h2>
        </CardTitle>
        <CardDescription>
          <Link to={paths.properties.path} className="underline-offset-4 hover:underline">
            All properties
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {today.isPending ? (
          <p className="text-muted-foreground text-sm">Loading...</p>
        ) : today.isError ? (
          <p className="text-destructive text-sm">Could not load today&apos;s properties.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            <VillaList
              title={`Not guest-ready (${today.data.notReadyCount})`}
              villas={today.data.notReady}
              empty="Every villa is guest-ready."
              more={
                today.data.notReadyCount > today.data.notReady.length
                  ? {
                      to: `${paths.properties.path}?ready=not_ready`,
                      label: `See all ${today.data.notReadyCount} not guest-ready`,
                    }
                  : null
              }
              detail={(v) =>
                `— ${v.reasons.map(reasonLabel).join(', ')}${v.dueAt ? ` (due ${formatDateTime(v.dueAt)})` : ''}`
              }
            />
            <VillaList
              title="Still arriving today"
              villas={today.data.arrivals}
              empty="No more check-ins today."
              detail={(v) => formatDateTime(v.at)}
            />
            <VillaList
              title="Still leaving today"
              villas={today.data.departures}
              empty="No more check-outs today."
              detail={(v) => formatDateTime(v.at)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
