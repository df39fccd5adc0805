// The property detail page's cleans (docs/housekeeping.md "Property detail"): the villa's
// guest-ready state with the reason and the due time of the clean that holds it, then its upcoming
// and recent cleans (type, status, window, same-day, late, assignees), each linking to the board on
// its day. Loaded lazily as its own chunk (../area.ts); reads through
// usePropertyCleans, which answers from this device's copy when the server cannot be reached.
import { Link } from 'react-router';
import { AlertTriangle, CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { cleanStatusLabel, cleaningTypeName } from '@/domain/cleans/labels';
import { formatDateTime } from '@/lib/company-time';
import { errorMessage } from '@/lib/errors';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { useReasonLabel, type PropertySectionProps } from '@/lib/areas';
import { paths } from '@/lib/routes';
import {
  RECENT_DAYS,
  UPCOMING_DAYS,
  usePropertyCleans,
  type PropertyReadiness,
} from '../api/get-property-cleans';
import type { BoardTask } from '../api/get-board';
import { guestsArriving, isLate, OPEN, todayInCompany } from '../board-logic';
import { messages } from '../messages';
import { CleanProgress, InspectionState } from './task-card';

const boardLink = (day: string) => `${paths.housekeeping.path}?day=${day}`;

function Readiness({ readiness, tasks }: { readiness: PropertyReadiness; tasks: BoardTask[] }) {
  const t = useT(messages);
  const reasonLabel = useReasonLabel();
  if (readiness.guest_ready) {
    return (
      <p role="group" aria-label={t('villa.readiness')} className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
        {t('villa.guestReady')}
      </p>
    );
  }
  const holding = tasks.find((t) => t.id === readiness.turnover_task_id);
  return (
    <div role="group" aria-label={t('villa.readiness')} className="space-y-1 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <CircleAlert aria-hidden="true" className="text-destructive size-4" />
        {t('villa.notReady')}
      </p>
      <ul className="text-muted-foreground list-disc pl-6">
        {readiness.not_ready_reasons.map((r) => (
          <li key={r}>{reasonLabel(r)}</li>
        ))}
      </ul>
      {readiness.not_ready_due_at ? (
        <p>
          {t('villa.dueBy', { time: formatDateTime(readiness.not_ready_due_at) })}
          {holding ? (
            <>
              {' · '}
              <Link to={boardLink(holding.day)} className="underline">
                {t('villa.seeOnBoard')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

function CleanRow({ task, names }: { task: BoardTask; names: Record<string, string> }) {
  const t = useT(messages);
  const type = task.type ? cleaningTypeName(task.type) : t('clean');
  const who = task.assignees.map((a) => names[a.user_id] ?? t('villa.colleague'));
  return (
    <li
      aria-label={`${type}, ${task.day}`}
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
      style={{ borderLeft: `4px solid ${task.type?.color ?? '#2563eb'}` }}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{type}</span>
          <Badge variant="outline">{cleanStatusLabel(task.status)}</Badge>
          {task.same_day ? <Badge variant="secondary">{t('villa.sameDay')}</Badge> : null}
          {isLate(task) ? <Badge variant="destructive">{t('late')}</Badge> : null}
        </p>
        <p className="text-muted-foreground">
          {formatDateTime(task.window_start)} → {formatDateTime(task.due_at)}
          {task.guests_arriving ? ` · ${guestsArriving(task.guests_arriving)}` : ''}
        </p>
        <p>{who.length > 0 ? who.join(', ') : t('unassigned')}</p>
        <CleanProgress task={task} name={`${type}, ${task.day}`} />
        <InspectionState task={task} name={`${type}, ${task.day}`} />
        {task.flagged && task.flag_reason ? (
          <p className="flex items-center gap-1 text-amber-700 dark:text-amber-300">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {task.flag_reason}
          </p>
        ) : null}
      </div>
      <Link to={boardLink(task.day)} className="text-sm underline">
        {t('villa.onBoard')}
        <span className="sr-only"> ({task.day})</span>
      </Link>
    </li>
  );
}

function CleanList({
  title,
  tasks,
  names,
  empty,
}: {
  title: string;
  tasks: BoardTask[];
  names: Record<string, string>;
  empty: string;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {tasks.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {tasks.map((t) => (
            <CleanRow key={t.id} task={t} names={names} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function PropertyCleansSection(props: PropertySectionProps) {
  const t = useT(messages);
  const { permissions } = useAuth();
  if (!hasPermission(permissions, 'housekeeping.view')) {
    return <p className="text-muted-foreground text-sm">{t('villa.noAccess')}</p>;
  }
  return <PropertyCleans {...props} />;
}

function PropertyCleans({ propertyId, ready, reasons }: PropertySectionProps) {
  const t = useT(messages);
  const cleans = usePropertyCleans(propertyId);
  if (cleans.isPending) {
    return <p className="text-muted-foreground text-sm">{t('villa.loading')}</p>;
  }
  if (cleans.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {t('villa.error', { detail: errorMessage(cleans.error, t('villa.tryAgain')) })}
      </p>
    );
  }
  const { tasks, names, freshness } = cleans.data;
  // The page's own state (perhaps this device's copy) until this section has the villa's.
  const readiness = cleans.data.readiness ?? {
    guest_ready: ready,
    not_ready_reasons: reasons,
    not_ready_due_at: null,
    turnover_task_id: null,
  };
  const today = todayInCompany();
  const live = tasks.filter((t) => t.status !== 'cancelled');
  // Still to do (late ones included) or planned from today on; the rest is what happened.
  const upcoming = live.filter((t) => t.day >= today || OPEN.includes(t.status));
  const recent = live.filter((t) => !upcoming.includes(t)).reverse();
  return (
    <div className="space-y-4">
      {freshness.source === 'device' ? <DeviceCopyNote what={t('villa.deviceCopy')} /> : null}
      <Readiness readiness={readiness} tasks={tasks} />
      <CleanList
        title={t('villa.upcoming')}
        tasks={upcoming}
        names={names}
        empty={t('villa.noneUpcoming', { days: UPCOMING_DAYS })}
      />
      <CleanList
        title={t('villa.recent')}
        tasks={recent}
        names={names}
        empty={t('villa.noneRecent', { days: RECENT_DAYS })}
      />
      <Link to={paths.housekeeping.path} className="text-sm underline">
        {t('villa.openBoard')}
      </Link>
    </div>
  );
}
