// The dashboard's work-order cards (docs/maintenance.md "Dashboard"; contributed by ../area.ts,
// each loaded as the dashboard shows it): managers see the open work
// orders that are urgent or overdue, technicians their own open ones; each card gives the count
// and the most urgent few, each linking to the work order beside the maintenance list.
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { isOverdue, priorityLabel, statusLabel } from '@/domain/work-orders/labels';
import {
  SHOWN,
  useMyWorkOrders,
  useUrgentWorkOrders,
  type CardWorkOrder,
  type WorkOrderCardData,
} from '../api/get-work-orders-today';
import { messages } from '../messages';

const workOrderHref = (id: string) => `${paths.maintenance.path}?wo=${encodeURIComponent(id)}`;

function WorkOrderItem({ w }: { w: CardWorkOrder }) {
  const t = useT(messages);
  const overdue = isOverdue(w);
  return (
    <li className="space-y-0.5">
      <Link to={workOrderHref(w.id)} className="font-medium underline-offset-4 hover:underline">
        {w.title}
      </Link>{' '}
      <span className="text-muted-foreground">— {w.property?.name ?? t('villa')}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs">
        <Badge variant={w.priority === 'urgent' ? 'destructive' : 'secondary'}>
          {priorityLabel(w.priority)}
        </Badge>
        <Badge variant="outline">{statusLabel(w.status)}</Badge>
        {w.blocking ? (
          <Badge variant="destructive">
            <AlertTriangle aria-hidden="true" className="size-3" /> {t('blocking')}
          </Badge>
        ) : null}
        {w.due_at ? (
          <span className={overdue ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
            {t(overdue ? 'overdue' : 'due', { when: formatDateTime(w.due_at) })}
          </span>
        ) : null}
      </span>
    </li>
  );
}

function WorkOrdersCard({
  title,
  query,
  more,
  empty,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; data?: WorkOrderCardData | undefined };
  more: { to: string; label: string };
  empty: string;
}) {
  const t = useT(messages);
  const count = query.data?.count;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>
            {title}
            {count !== undefined ? ` (${count})` : ''}
          </h2>
        </CardTitle>
        <CardDescription>
          <Link to={more.to} className="underline-offset-4 hover:underline">
            {more.label}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {query.isPending ? (
          <p className="text-muted-foreground text-sm">{t('cards.loading')}</p>
        ) : query.isError || !query.data ? (
          <p className="text-destructive text-sm">{t('cards.failed')}</p>
        ) : (
          <>
            {query.data.fromDevice ? <DeviceCopyNote what={t('deviceCopy.workOrders')} /> : null}
            {query.data.shown.length === 0 ? (
              <p className="text-muted-foreground text-sm">{empty}</p>
            ) : (
              <ul aria-label={title} className="space-y-2 text-sm">
                {query.data.shown.map((w) => (
                  <WorkOrderItem key={w.id} w={w} />
                ))}
              </ul>
            )}
            {query.data.count > SHOWN ? (
              <p className="text-muted-foreground text-xs">
                {t('cards.mostUrgent', { shown: SHOWN, count: query.data.count })}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Managers: open work orders that are urgent or past due, most urgent first. */
export function UrgentWorkOrdersCard() {
  const t = useT(messages);
  const query = useUrgentWorkOrders();
  return (
    <WorkOrdersCard
      title={t('cards.urgentTitle')}
      query={query}
      more={{ to: `${paths.maintenance.path}?view=list`, label: t('cards.urgentMore') }}
      empty={t('cards.urgentEmpty')}
    />
  );
}

/** Technicians: my open work orders, most urgent first. */
export function MyWorkOrdersCard() {
  const me = useAuth().user?.id ?? '';
  const t = useT(messages);
  const query = useMyWorkOrders(me);
  return (
    <WorkOrdersCard
      title={t('cards.mineTitle')}
      query={query}
      more={{ to: `${paths.maintenance.path}?view=mine`, label: t('cards.mineMore') }}
      empty={t('cards.mineEmpty')}
    />
  );
}
