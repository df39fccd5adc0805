// The property detail page's work orders (docs/maintenance.md "A villa's work orders"): the villa's
// open work orders, most urgent first (status, priority, blocking, assignee, due or overdue), then
// the last few resolved or closed, each opening beside the maintenance list (`?wo=<id>`), and
// "Report a problem" with the villa filled in. Loaded lazily as its own chunk
// (../area.ts); reads through usePropertyWorkOrders, which answers from this
// device's copy when the server cannot be reached.
import { Link } from 'react-router';
import { AlertTriangle, Clock } from 'lucide-react';
import { DeviceCopyNote, PendingSyncBadge } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDateTime } from '@/lib/company-time';
import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/catalog';
import { hasAnyPermission } from '@/lib/permissions';
import type { PropertySectionProps } from '@/lib/areas';
import { paths } from '@/lib/routes';
import { usePropertyWorkOrders } from '../api/get-property-work-orders';
import { ReportProblemLink } from './report-problem-link';
import { isOverdue, priorityLabel, statusLabel } from '@/domain/work-orders/labels';
import { type WorkOrder } from '@/domain/work-orders/types';
import { messages } from '../messages';

const workOrderLink = (id: string) => `${paths.maintenance.path}?wo=${encodeURIComponent(id)}`;

function WorkOrderRow({
  workOrder: w,
  names,
}: {
  workOrder: WorkOrder;
  names: Record<string, string>;
}) {
  const t = useT(messages);
  const finished = w.status === 'resolved' || w.status === 'closed';
  const overdue = isOverdue(w);
  return (
    <li
      aria-label={w.title}
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={workOrderLink(w.id)} className="font-medium underline-offset-2 hover:underline">
            {w.title}
          </Link>
          <Badge variant="outline">{statusLabel(w.status)}</Badge>
          <Badge variant={w.priority === 'urgent' ? 'destructive' : 'secondary'}>
            {priorityLabel(w.priority)}
          </Badge>
          {w.blocking && !finished ? (
            <Badge variant="destructive">
              <AlertTriangle aria-hidden="true" className="size-3" /> {t('blocking')}
            </Badge>
          ) : null}
          {w.pendingSync ? <PendingSyncBadge /> : null}
        </p>
        <p className="text-muted-foreground flex flex-wrap gap-x-3">
          <span>
            {w.assignee_id ? (names[w.assignee_id] ?? t('villa.colleague')) : t('unassigned')}
          </span>
          {w.location ? <span>{w.location}</span> : null}
          {w.due_at && !finished ? (
            <span className={overdue ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
              <Clock aria-hidden="true" className="mr-1 inline size-3" />
              {t(overdue ? 'overdue' : 'due', { when: formatDateTime(w.due_at) })}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

function WorkOrderList({
  title,
  rows,
  names,
  empty,
}: {
  title: string;
  rows: WorkOrder[];
  names: Record<string, string>;
  empty: string;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((w) => (
            <WorkOrderRow key={w.id} workOrder={w} names={names} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function PropertyWorkOrdersSection(props: PropertySectionProps) {
  const { permissions } = useAuth();
  if (!hasAnyPermission(permissions, ['maintenance.view', 'maintenance.manage'])) return null;
  return <PropertyWorkOrders {...props} />;
}

function PropertyWorkOrders({ propertyId }: PropertySectionProps) {
  const t = useT(messages);
  const workOrders = usePropertyWorkOrders(propertyId);
  if (workOrders.isPending) {
    return <p className="text-muted-foreground text-sm">{t('area.sectionLoading')}</p>;
  }
  if (workOrders.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {t('villa.failed')} {errorMessage(workOrders.error, t('villa.tryAgain'))}
      </p>
    );
  }
  const { open, recent, names, freshness } = workOrders.data;
  return (
    <div className="space-y-4">
      {freshness.source === 'device' ? (
        <DeviceCopyNote what={t('deviceCopy.villaWorkOrders')} />
      ) : null}
      <WorkOrderList
        title={t('villa.open')}
        rows={open}
        names={names}
        empty={t('villa.openEmpty')}
      />
      <WorkOrderList
        title={t('villa.recent')}
        rows={recent}
        names={names}
        empty={t('villa.recentEmpty')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <ReportProblemLink propertyId={propertyId} />
        <Link
          to={`${paths.maintenance.path}?view=list&villa=${encodeURIComponent(propertyId)}`}
          className="text-sm underline"
        >
          {t('villa.all')}
        </Link>
      </div>
    </div>
  );
}
