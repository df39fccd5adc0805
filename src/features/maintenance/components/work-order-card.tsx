import { AlertTriangle, Clock } from 'lucide-react';
import { PendingSyncBadge } from '@/components/pending-sync-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { isOverdue, priorityLabel, statusLabel } from '@/domain/work-orders/labels';
import { type WorkOrder } from '@/domain/work-orders/types';
import { messages } from '../messages';

const PRIORITY_CLASS: Record<WorkOrder['priority'], string> = {
  urgent: 'border-l-red-600',
  high: 'border-l-orange-500',
  medium: 'border-l-sky-600',
  low: 'border-l-slate-400',
};

/**
 * One work order in the list, the board and the technician's queue: opens its detail. In the
 * manager's list it also has a checkbox, for assigning several at once; an unassigned one has
 * "Take" for whoever may take it (docs/maintenance.md "Taking a work order").
 */
export function WorkOrderCard({
  workOrder: w,
  assignee,
  onOpen,
  selection,
  onTake,
  taking = false,
}: {
  workOrder: WorkOrder;
  assignee: string | null;
  onOpen: () => void;
  selection?: { selected: boolean; onSelect: (checked: boolean) => void } | undefined;
  /** Offered on an open, unassigned work order to someone who may take it. */
  onTake?: (() => void) | undefined;
  taking?: boolean;
}) {
  const t = useT(messages);
  const overdue = isOverdue(w);
  return (
    <article
      aria-label={w.title}
      data-testid="work-order-card"
      className={`bg-card space-y-1.5 rounded-md border border-l-4 p-3 text-sm shadow-xs ${PRIORITY_CLASS[w.priority]}`}
    >
      <div className="flex items-start gap-2">
        {selection ? (
          <input
            type="checkbox"
            className="mt-1"
            checked={selection.selected}
            onChange={(e) => selection.onSelect(e.target.checked)}
            aria-label={t('card.select', { title: w.title })}
          />
        ) : null}
        {/* One line on a phone (the whole title is its name, and its panel's heading): a title
            wrapping over two lines was the largest text the technician's first screen drew,
            after its data (docs/maintenance.md "How the screen reads"). */}
        <button
          type="button"
          onClick={onOpen}
          title={w.title}
          className="max-w-64 truncate text-left font-medium underline-offset-2 hover:underline focus-visible:underline sm:max-w-none sm:overflow-visible sm:whitespace-normal"
        >
          {w.title}
        </button>
      </div>
      <p className="text-muted-foreground text-xs">
        {w.property?.name ?? t('villa')}
        {w.location ? ` · ${w.location}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="outline">{statusLabel(w.status)}</Badge>
        <Badge variant={w.priority === 'urgent' ? 'destructive' : 'secondary'}>
          {priorityLabel(w.priority)}
        </Badge>
        {w.blocking && w.status !== 'resolved' && w.status !== 'closed' ? (
          <Badge variant="destructive">
            <AlertTriangle aria-hidden className="size-3" /> {t('blocking')}
          </Badge>
        ) : null}
        {w.pendingSync ? <PendingSyncBadge /> : null}
        {onTake && w.status === 'open' && w.assignee_id === null ? (
          <Button
            size="sm"
            variant="secondary"
            className="ml-auto"
            disabled={taking}
            onClick={onTake}
          >
            {t('card.take')}
          </Button>
        ) : null}
      </div>
      <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
        <span>{assignee ?? t('unassigned')}</span>
        {w.due_at ? (
          <span className={overdue ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
            <Clock aria-hidden className="mr-1 inline size-3" />
            {t(overdue ? 'overdue' : 'due', { when: formatDateTime(w.due_at) })}
          </span>
        ) : null}
      </p>
    </article>
  );
}
