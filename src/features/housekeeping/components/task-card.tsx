import { AlertTriangle, Clock, Users } from 'lucide-react';
import type { DragEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { formatDateTime, formatTime } from '@/lib/company-time';
import type { BoardTask, StaffMember } from '../api/get-board';
import { isLate, STATUS_LABELS } from '../board-logic';

/** The next step a manager takes from the board, if any. */
function nextStep(t: BoardTask): { to: BoardTask['status']; label: string } | null {
  if (t.status === 'scheduled') return { to: 'in_progress', label: 'Start' };
  if (t.status === 'in_progress') return { to: 'done', label: 'Mark done' };
  if (t.status === 'done' && t.inspection_required)
    return { to: 'inspected', label: 'Pass inspection' };
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
  const late = isLate(task);
  const step = nextStep(task);
  const title = task.property?.name ?? 'Villa';
  const assigned = task.assignees[0]?.user_id ?? '';
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData('text/x-clean', task.id);
    e.dataTransfer.effectAllowed = 'move';
  };
  return (
    <article
      draggable
      onDragStart={onDragStart}
      aria-label={`${title}, ${task.type?.name ?? 'clean'}`}
      data-testid="clean-card"
      className="bg-card space-y-2 rounded-md border p-3 text-sm shadow-xs"
      style={{ borderLeft: `4px solid ${task.type?.color ?? '#2563eb'}` }}
    >
      <div className="flex items-start justify-between gap-2">
        <label className="flex min-w-0 items-start gap-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${title}`}
          />
          <span className="min-w-0">
            <span className="block truncate font-medium">{title}</span>
            <span className="text-muted-foreground block text-xs">
              {task.type?.name} · {task.property?.area}
            </span>
          </span>
        </label>
        <Badge
          variant={task.status === 'done' || task.status === 'inspected' ? 'secondary' : 'outline'}
        >
          {STATUS_LABELS[task.status]}
        </Badge>
      </div>
      <p className="flex items-center gap-1 text-xs">
        <Clock aria-hidden="true" className="size-3" />
        <span>
          {formatTime(task.window_start)} →{' '}
          {compact ? formatTime(task.due_at) : formatDateTime(task.due_at)}
          {' · '}
          {task.estimated_minutes} min
        </span>
      </p>
      <div className="flex flex-wrap gap-1">
        {late ? (
          <Badge variant="destructive" className="gap-1">
            <AlertTriangle aria-hidden="true" />
            Late
          </Badge>
        ) : null}
        {task.same_day ? <Badge variant="default">Same-day</Badge> : null}
        {task.guests_arriving ? (
          <Badge variant="outline" className="gap-1">
            <Users aria-hidden="true" />
            {task.guests_arriving} arriving
          </Badge>
        ) : null}
        {task.flagged ? (
          <Badge variant="destructive" title={task.flag_reason ?? undefined}>
            Flagged: {task.flag_reason}
          </Badge>
        ) : null}
      </div>
      {compact ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <NativeSelect
            size="sm"
            aria-label={`Assign ${title}`}
            value={assigned}
            onChange={(e) => onAssign(e.target.value || null)}
          >
            <NativeSelectOption value="">Unassigned</NativeSelectOption>
            {housekeepers.map((h) => (
              <NativeSelectOption key={h.id} value={h.id}>
                {h.full_name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          {step ? (
            <Button size="sm" variant="outline" onClick={() => onStatus(step.to)}>
              {step.label}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
