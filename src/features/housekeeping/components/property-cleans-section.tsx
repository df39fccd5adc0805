// The property detail page's cleans (docs/housekeeping.md "Property detail"): the villa's
// guest-ready state with the reason and the due time of the clean that holds it, then its upcoming
// and recent cleans (type, status, window, same-day, late, assignees), each linking to the board on
// its day. Loaded lazily as its own chunk (../area.ts); reads through
// usePropertyCleans, which answers from this device's copy when the server cannot be reached.
import { Link } from 'react-router';
import { AlertTriangle, CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { formatDateTime } from '@/lib/company-time';
import { errorMessage } from '@/lib/errors';
import { useAuth } from '@/lib/auth/use-auth';
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
import { guestsArriving, isLate, OPEN, STATUS_LABELS, todayInCompany } from '../board-logic';
import { CleanProgress, InspectionState } from './task-card';

const READINESS = 'Cleaning before the next arrival';
const boardLink = (day: string) => `${paths.housekeeping.path}?day=${day}`;

function Readiness({ readiness, tasks }: { readiness: PropertyReadiness; tasks: BoardTask[] }) {
  const reasonLabel = useReasonLabel();
  if (readiness.guest_ready) {
    return (
      <p role="group" aria-label={READINESS} className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
        Guest-ready: nothing to clean before the next arrival.
      </p>
    );
  }
  const holding = tasks.find((t) => t.id === readiness.turnover_task_id);
  return (
    <div role="group" aria-label={READINESS} className="space-y-1 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <CircleAlert aria-hidden="true" className="text-destructive size-4" />
        Not ready
      </p>
      <ul className="text-muted-foreground list-disc pl-6">
        {readiness.not_ready_reasons.map((r) => (
          <li key={r}>{reasonLabel(r)}</li>
        ))}
      </ul>
      {readiness.not_ready_due_at ? (
        <p>
          Due by {formatDateTime(readiness.not_ready_due_at)}
          {holding ? (
            <>
              {' · '}
              <Link to={boardLink(holding.day)} className="underline">
                See this clean on the board
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

function CleanRow({ task, names }: { task: BoardTask; names: Record<string, string> }) {
  const type = task.type?.name ?? 'Clean';
  const who = task.assignees.map((a) => names[a.user_id] ?? 'A colleague');
  return (
    <li
      aria-label={`${type}, ${task.day}`}
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
      style={{ borderLeft: `4px solid ${task.type?.color ?? '#2563eb'}` }}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{type}</span>
          <Badge variant="outline">{STATUS_LABELS[task.status]}</Badge>
          {task.same_day ? <Badge variant="secondary">Same day</Badge> : null}
          {isLate(task) ? <Badge variant="destructive">Late</Badge> : null}
        </p>
        <p className="text-muted-foreground">
          {formatDateTime(task.window_start)} → {formatDateTime(task.due_at)}
          {task.guests_arriving ? ` · ${guestsArriving(task.guests_arriving)}` : ''}
        </p>
        <p>{who.length > 0 ? who.join(', ') : 'Unassigned'}</p>
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
        On the board<span className="sr-only"> ({task.day})</span>
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
  const { permissions } = useAuth();
  if (!hasPermission(permissions, 'housekeeping.view')) {
    return <p className="text-muted-foreground text-sm">You do not see this villa's cleans.</p>;
  }
  return <PropertyCleans {...props} />;
}

function PropertyCleans({ propertyId, ready, reasons }: PropertySectionProps) {
  const cleans = usePropertyCleans(propertyId);
  if (cleans.isPending) {
    return <p className="text-muted-foreground text-sm">Loading the villa's cleans…</p>;
  }
  if (cleans.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Could not load the villa's cleans. {errorMessage(cleans.error, 'Please try again.')}
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
      {freshness.source === 'device' ? <DeviceCopyNote what="villa's cleans" /> : null}
      <Readiness readiness={readiness} tasks={tasks} />
      <CleanList
        title="Upcoming cleans"
        tasks={upcoming}
        names={names}
        empty={`No cleans planned in the next ${UPCOMING_DAYS} days.`}
      />
      <CleanList
        title="Recent cleans"
        tasks={recent}
        names={names}
        empty={`No cleans in the last ${RECENT_DAYS} days.`}
      />
      <Link to={paths.housekeeping.path} className="text-sm underline">
        Open the housekeeping board
      </Link>
    </div>
  );
}
