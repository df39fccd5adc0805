// The dashboard's properties card (contributed by ../area.ts): villas not guest-ready with why, and
// the arrivals and departures still to come today.
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/company-time';
import { hrefs, paths } from '@/lib/routes';
import { useReasonLabel } from '@/lib/areas';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
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
  const t = useT(messages);
  const reasonLabel = useReasonLabel();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('today.title')}</h2>
        </CardTitle>
        <CardDescription>
          <Link to={paths.properties.path} className="underline-offset-4 hover:underline">
            {t('today.all')}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {today.isPending ? (
          <p className="text-muted-foreground text-sm">{t('today.loading')}</p>
        ) : today.isError ? (
          <p className="text-destructive text-sm">{t('today.loadFailed')}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            <VillaList
              title={t('today.notReady', { count: today.data.notReadyCount })}
              villas={today.data.notReady}
              empty={t('today.allReady')}
              more={
                today.data.notReadyCount > today.data.notReady.length
                  ? {
                      to: `${paths.properties.path}?ready=not_ready`,
                      label: t('today.seeAll', { count: today.data.notReadyCount }),
                    }
                  : null
              }
              detail={(v) =>
                `— ${v.reasons.map(reasonLabel).join(', ')}${v.dueAt ? ` ${t('today.due', { when: formatDateTime(v.dueAt) })}` : ''}`
              }
            />
            <VillaList
              title={t('today.arriving')}
              villas={today.data.arrivals}
              empty={t('today.noArrivals')}
              detail={(v) => formatDateTime(v.at)}
            />
            <VillaList
              title={t('today.leaving')}
              villas={today.data.departures}
              empty={t('today.noDepartures')}
              detail={(v) => formatDateTime(v.at)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
