import { AlertTriangle, Camera, Clock, Users } from 'lucide-react';
import type { DragEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { cleanStatusLabel, cleaningTypeName } from '@/domain/cleans/labels';
import { formatDateTime, formatTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import type { BoardTask, StaffMember } from '../api/get-board';
import { isLate } from '../board-logic';
import { messages } from '../messages';

/** The next step a manager takes from the board, if any (an inspection is made on its view). */
function nextStep(
  t: BoardTask,
): { to: BoardTask['status']; label: 'card.start' | 'card.markDone' } | null {
  if (t.status === 'scheduled') return { to: 'in_progress', label: 'card.start' };
  if (t.status === 'in_progress') return { to: 'done', label: 'card.markDone' };
  return null;
}

/** The clean's checklist view, where a done clean is inspected (passed or sent back). */
const cleanPath = (taskId: string) => `${paths.housekeeping.path}/cleans/${taskId}`;

const SHOWS_PROGRESS: readonly BoardTask['status'][] = ['in_progress', 'done', 'inspected'];

/** Done and waiting for its inspection (the villa is not guest-ready until it passes). */
const awaitsInspection = (t: BoardTask) => t.status === 'done' && t.inspection_required;

/**
 * "12/34 items · 3 photos" and a bar, for a clean under way or finished with a checklist. The
 * figures are the database's (kept as the housekeeper's answers and photos arrive), so they move
 * live as her queue drains: the board refreshes on every change to the clean.
 */
export function CleanProgress({ task, name }: { task: BoardTask; name: string }) {
  const t = useT(messages);
  const total = task.items_total ?? 0;
  if (total === 0 || !SHOWS_PROGRESS.includes(task.status)) return null;
  const done = Math.min(task.items_done ?? 0, total);
  const photos = task.photos_count ?? 0;
  const percent = Math.round((done / total) * 100);
  return (
    <div className="space-y-1" data-testid="clean-progress">
      <p className="text-muted-foreground flex items-center justify-between gap-2 text-xs">
        <span>{t('card.items', { done, total })}</span>
        <span className="flex items-center gap-1">
          <Camera aria-hidden="true" className="size-3" />
          {t('photos', { count: photos })}
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={t('card.checklistOf', { name })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('card.progressText', { done, total, photos })}
        className="bg-muted h-1.5 overflow-hidden rounded-full"
      >
        <div
          className={`h-full rounded-full ${done === total ? 'bg-emerald-600' : 'bg-primary'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/**
 * A done clean waiting for its inspection says so, with the way to inspect it; one sent back
 * shows the inspector's note.
 */
export function InspectionState({ task, name }: { task: BoardTask; name: string }) {
  const t = useT(messages);
  if (awaitsInspection(task)) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-xs">
        {/* Wraps in a narrow week column rather than pushing it sideways. */}
        <Badge
          variant="outline"
          className="max-w-full border-amber-600 text-left whitespace-normal text-amber-800 dark:text-amber-200"
        >
          {t('card.awaitingInspection')}
        </Badge>
        <Link to={cleanPath(task.id)} className="font-medium underline">
          {t('card.inspect')}
          <span className="sr-only"> {name}</span>
        </Link>
      </p>
    );
  }
  if (task.status === 'in_progress' && task.inspection_note) {
    return (
      <p className="text-xs text-amber-800 dark:text-amber-200">
        {t('card.sentBack', { note: task.inspection_note })}
      </p>
    );
  }
  return null;
}

export function TaskCard({
  task,
  housekeepers,
  selected,
  onSelect,
  onAssign,
  onStatus,
  compact = false,
}: {
  task: BoardTask;
  housekeepers: StaffMember[];
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onAssign: (userId: string | null) => void;
  onStatus: (to: BoardTask['status']) => void;
  compact?: boolean;
}) {
  const t = useT(messages);
  const late = isLate(task);
  const step = nextStep(task);
  const title = task.property?.name ?? t('villa');
  const assigned = task.assignees[0]?.user_id ?? '';
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData('text/x-clean', task.id);
    e.dataTransfer.effectAllowed = 'move';
  };
  return (
    <article
      draggable
      onDragStart={onDragStart}
      aria-label={`${title}, ${task.type ? cleaningTypeName(task.type) : t('cleanLower')}`}
      data-testid="clean-card"
      className={`bg-card space-y-2 rounded-md border text-sm shadow-xs ${compact ? 'p-2' : 'p-3'}`}
      style={{ borderLeft: `4px solid ${task.type?.color ?? '#2563eb'}` }}
    >
      <div className={`flex items-start justify-between gap-2 ${compact ? 'flex-wrap' : ''}`}>
        <label className="flex min-w-0 items-start gap-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('card.select', { name: title })}
          />
          <span className="min-w-0">
            <span className="block truncate font-medium">{title}</span>
            <span className="text-muted-foreground block text-xs">
              {task.type ? cleaningTypeName(task.type) : null} · {task.property?.area}
            </span>
          </span>
        </label>
        <Badge
          variant={task.status === 'done' || task.status === 'inspected' ? 'secondary' : 'outline'}
        >
          {cleanStatusLabel(task.status)}
        </Badge>
      </div>
      <p className="flex items-center gap-1 text-xs">
        <Clock aria-hidden="true" className="size-3" />
        <span>
          {formatTime(task.window_start)} →{' '}
          {compact ? formatTime(task.due_at) : formatDateTime(task.due_at)}
          {' · '}
          {t('card.minutes', { minutes: task.estimated_minutes })}
        </span>
      </p>
      <div className="flex flex-wrap gap-1">
        {late ? (
          <Badge variant="destructive" className="gap-1">
            <AlertTriangle aria-hidden="true" />
            {t('late')}
          </Badge>
        ) : null}
        {task.same_day ? <Badge variant="default">{t('sameDay')}</Badge> : null}
        {task.guests_arriving ? (
          <Badge variant="outline" className="gap-1">
            <Users aria-hidden="true" />
            {t('card.arriving', { count: task.guests_arriving })}
          </Badge>
        ) : null}
        {task.flagged ? (
          <Badge variant="destructive" title={task.flag_reason ?? undefined}>
            {t('card.flagged', { reason: task.flag_reason })}
          </Badge>
        ) : null}
      </div>
      <CleanProgress task={task} name={title} />
      <InspectionState task={task} name={title} />
      {compact ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <NativeSelect
            size="sm"
            aria-label={t('card.assign', { name: title })}
            value={assigned}
            onChange={(e) => onAssign(e.target.value || null)}
          >
            <NativeSelectOption value="">{t('unassigned')}</NativeSelectOption>
            {housekeepers.map((h) => (
              <NativeSelectOption key={h.id} value={h.id}>
                {h.full_name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          {step ? (
            <Button size="sm" variant="outline" onClick={() => onStatus(step.to)}>
              {t(step.label)}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
