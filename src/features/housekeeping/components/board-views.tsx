import { useLayoutEffect, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { DateInput } from '@/components/form/date-input';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatDayWithWeekday } from '@/lib/company-time';
import type { BoardTask, StaffMember } from '../api/get-board';
import { addDays, isLate, minutesBy, STATUS_LABELS } from '../board-logic';
import { CleanProgress, InspectionState, TaskCard } from './task-card';

export interface CardActions {
  selected: Set<string>;
  onSelect: (id: string, checked: boolean) => void;
  onAssign: (task: BoardTask, userId: string | null) => void;
  onStatus: (task: BoardTask, to: BoardTask['status']) => void;
}

function DropColumn({
  label,
  onDropTask,
  children,
  footer,
  className = 'w-[17rem] shrink-0',
  ref,
  current,
}: {
  label: string;
  onDropTask: (taskId: string) => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Its width: 17rem by default (the day board, side by side and scrolled). */
  className?: string;
  ref?: Ref<HTMLElement>;
  /** Today's column of a week. */
  current?: boolean;
}) {
  const [over, setOver] = useState(false);
  return (
    <section
      ref={ref}
      aria-label={label}
      aria-current={current ? 'date' : undefined}
      data-today={current ? '' : undefined}
      onDragOver={(e: DragEvent) => {
        if (e.dataTransfer.types.includes('text/x-clean')) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        const id = e.dataTransfer.getData('text/x-clean');
        if (id) onDropTask(id);
      }}
      className={`flex flex-col gap-2 rounded-lg border p-2 ${current ? 'bg-primary/5 border-primary/60' : 'bg-muted/40'} ${className} ${over ? 'ring-primary ring-2' : ''}`}
    >
      <h2 className="px-1 text-sm font-semibold">
        {label}
        {current ? <span className="font-normal"> · Today</span> : null}
      </h2>
      {footer}
      {children}
    </section>
  );
}

/** One day: a column per housekeeper and one for unassigned cleans; drop a card to assign it. */
export function DayView({
  tasks,
  housekeepers,
  actions,
}: {
  tasks: BoardTask[];
  housekeepers: StaffMember[];
  actions: CardActions;
}) {
  const load = minutesBy(tasks);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const drop = (userId: string | null) => (id: string) => {
    const t = byId.get(id);
    if (t) actions.onAssign(t, userId);
  };
  const card = (t: BoardTask) => (
    <TaskCard
      key={t.id}
      task={t}
      housekeepers={housekeepers}
      selected={actions.selected.has(t.id)}
      onSelect={(c) => actions.onSelect(t.id, c)}
      onAssign={(u) => actions.onAssign(t, u)}
      onStatus={(to) => actions.onStatus(t, to)}
    />
  );
  const unassigned = tasks.filter((t) => t.assignees.length === 0);
  return (
    <div className="flex gap-3 overflow-x-auto pb-2" data-testid="day-board">
      <DropColumn label={`Unassigned (${unassigned.length})`} onDropTask={drop(null)}>
        {unassigned.map(card)}
      </DropColumn>
      {housekeepers.map((h) => {
        const mine = tasks.filter((t) => t.assignees.some((a) => a.user_id === h.id));
        const minutes = load.get(h.id) ?? 0;
        return (
          <DropColumn
            key={h.id}
            label={`${h.full_name} (${mine.length})`}
            onDropTask={drop(h.id)}
            footer={
              <p className="text-muted-foreground px-1 text-xs">
                {Math.floor(minutes / 60)} h {minutes % 60} min planned
              </p>
            }
          >
            {mine.map(card)}
          </DropColumn>
        );
      })}
    </div>
  );
}

/**
 * Seven days side by side; drop a card on a day (or pick the day on the card) to reschedule. From
 * 1280 px the seven share the width (all in view); narrower, they scroll sideways inside the board
 * (never the page), scrolled so that today's column is in view.
 */
export function WeekView({
  from,
  today,
  tasks,
  housekeepers,
  onMove,
  actions,
}: {
  from: string;
  /** The company's today ('YYYY-MM-DD'), marked and kept in view when it is in the week. */
  today: string;
  tasks: BoardTask[];
  housekeepers: StaffMember[];
  onMove: (task: BoardTask, day: string) => void;
  actions: CardActions;
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const board = useRef<HTMLDivElement>(null);
  const todayColumn = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const row = board.current;
    const col = todayColumn.current;
    if (!row || !col || row.scrollWidth <= row.clientWidth) return;
    const left = col.offsetLeft;
    if (left < row.scrollLeft || left + col.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = Math.max(0, left - 8);
  }, [from, today]);
  return (
    <div
      ref={board}
      className="relative flex gap-2 overflow-x-auto pb-2 xl:grid xl:grid-cols-7 xl:overflow-visible"
      data-testid="week-board"
    >
      {days.map((day) => {
        const dayTasks = tasks.filter((t) => t.day === day);
        return (
          <DropColumn
            key={day}
            ref={day === today ? todayColumn : undefined}
            current={day === today}
            className="w-[15rem] shrink-0 xl:w-auto xl:min-w-0"
            label={`${formatDayWithWeekday(day)} (${dayTasks.length})`}
            onDropTask={(id) => {
              const t = byId.get(id);
              if (t && t.day !== day) onMove(t, day);
            }}
          >
            {dayTasks.map((t) => (
              <div key={t.id} className="space-y-1">
                <TaskCard
                  task={t}
                  compact
                  housekeepers={housekeepers}
                  selected={actions.selected.has(t.id)}
                  onSelect={(c) => actions.onSelect(t.id, c)}
                  onAssign={(u) => actions.onAssign(t, u)}
                  onStatus={(to) => actions.onStatus(t, to)}
                />
                <DateInput
                  className="h-7 px-2 text-xs md:text-xs"
                  aria-label={`Move ${t.property?.name ?? 'clean'} to day`}
                  pickerLabel={`Choose a day for ${t.property?.name ?? 'clean'}`}
                  value={t.day}
                  onValueChange={(d) => d && d !== t.day && onMove(t, d)}
                />
              </div>
            ))}
          </DropColumn>
        );
      })}
    </div>
  );
}

/** Every clean of the range in a table, with filters. */
export function ListView({
  tasks,
  housekeepers,
}: {
  tasks: BoardTask[];
  housekeepers: StaffMember[];
}) {
  const [status, setStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const names = new Map(housekeepers.map((h) => [h.id, h.full_name]));
  const types = [...new Set(tasks.map((t) => t.type?.name ?? ''))].filter(Boolean).sort();
  const q = search.trim().toLowerCase();
  const rows = tasks.filter(
    (t) =>
      (!status || t.status === status) &&
      (!type || t.type?.name === type) &&
      (!assignee ||
        (assignee === 'none'
          ? t.assignees.length === 0
          : t.assignees.some((a) => a.user_id === assignee))) &&
      (!q ||
        `${t.property?.name} ${t.property?.code} ${t.property?.area}`.toLowerCase().includes(q)),
  );
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Input
          className="w-56"
          placeholder="Villa or area"
          aria-label="Filter by villa or area"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <NativeSelectOption value="">All statuses</NativeSelectOption>
          {Object.entries(STATUS_LABELS).map(([k, v]) => (
            <NativeSelectOption key={k} value={k}>
              {v}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Filter by type"
          value={type}
          onChange={(e) => setType(e.target.value)}
        >
          <NativeSelectOption value="">All types</NativeSelectOption>
          {types.map((t) => (
            <NativeSelectOption key={t} value={t}>
              {t}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Filter by assignee"
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
        >
          <NativeSelectOption value="">Everyone</NativeSelectOption>
          <NativeSelectOption value="none">Unassigned</NativeSelectOption>
          {housekeepers.map((h) => (
            <NativeSelectOption key={h.id} value={h.id}>
              {h.full_name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Villa</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Window</TableHead>
              <TableHead>Assigned</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Progress</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="text-muted-foreground">
                  No cleans match these filters.
                </TableCell>
              </TableRow>
            ) : (
              rows.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>
                    {t.property?.name}
                    <span className="text-muted-foreground block text-xs">{t.property?.area}</span>
                  </TableCell>
                  <TableCell>{t.type?.name}</TableCell>
                  <TableCell className="text-xs">
                    {formatDateTime(t.window_start)} → {formatDateTime(t.due_at)}
                    {t.same_day ? ' · Same-day' : ''}
                  </TableCell>
                  <TableCell>
                    {t.assignees.map((a) => names.get(a.user_id) ?? 'Someone').join(', ') ||
                      'Unassigned'}
                  </TableCell>
                  <TableCell>
                    {STATUS_LABELS[t.status]}
                    {isLate(t) ? ' · Late' : ''}
                    <InspectionState task={t} name={t.property?.name ?? 'clean'} />
                  </TableCell>
                  <TableCell className="min-w-32">
                    <CleanProgress task={t} name={t.property?.name ?? 'clean'} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
