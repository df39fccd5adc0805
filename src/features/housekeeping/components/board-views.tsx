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
import { CLEAN_STATUSES, cleanStatusLabel, cleaningTypeName } from '@/domain/cleans/labels';
import { formatDateTime, formatDayWithWeekday } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import type { BoardTask, StaffMember } from '../api/get-board';
import { addDays, isLate, minutesBy } from '../board-logic';
import { messages } from '../messages';
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
  const t = useT(messages);
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
        {current ? <span className="font-normal"> · {t('today')}</span> : null}
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
  const t = useT(messages);
  const load = minutesBy(tasks);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const drop = (userId: string | null) => (id: string) => {
    const t = byId.get(id);
    if (t) actions.onAssign(t, userId);
  };
  const card = (task: BoardTask) => (
    <TaskCard
      key={task.id}
      task={task}
      housekeepers={housekeepers}
      selected={actions.selected.has(task.id)}
      onSelect={(c) => actions.onSelect(task.id, c)}
      onAssign={(u) => actions.onAssign(task, u)}
      onStatus={(to) => actions.onStatus(task, to)}
    />
  );
  const unassigned = tasks.filter((task) => task.assignees.length === 0);
  return (
    <div className="flex gap-3 overflow-x-auto pb-2" data-testid="day-board">
      <DropColumn
        label={t('board.unassignedColumn', { count: unassigned.length })}
        onDropTask={drop(null)}
      >
        {unassigned.map(card)}
      </DropColumn>
      {housekeepers.map((h) => {
        const mine = tasks.filter((task) => task.assignees.some((a) => a.user_id === h.id));
        const minutes = load.get(h.id) ?? 0;
        return (
          <DropColumn
            key={h.id}
            label={`${h.full_name} (${mine.length})`}
            onDropTask={drop(h.id)}
            footer={
              <p className="text-muted-foreground px-1 text-xs">
                {t('board.planned', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
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
  const t = useT(messages);
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
        const dayTasks = tasks.filter((task) => task.day === day);
        return (
          <DropColumn
            key={day}
            ref={day === today ? todayColumn : undefined}
            current={day === today}
            className="w-[15rem] shrink-0 xl:w-auto xl:min-w-0"
            label={`${formatDayWithWeekday(day)} (${dayTasks.length})`}
            onDropTask={(id) => {
              const task = byId.get(id);
              if (task && task.day !== day) onMove(task, day);
            }}
          >
            {dayTasks.map((task) => (
              <div key={task.id} className="space-y-1">
                <TaskCard
                  task={task}
                  compact
                  housekeepers={housekeepers}
                  selected={actions.selected.has(task.id)}
                  onSelect={(c) => actions.onSelect(task.id, c)}
                  onAssign={(u) => actions.onAssign(task, u)}
                  onStatus={(to) => actions.onStatus(task, to)}
                />
                <DateInput
                  className="h-7 px-2 text-xs md:text-xs"
                  aria-label={t('board.moveTo', {
                    name: task.property?.name ?? t('cleanLower'),
                  })}
                  pickerLabel={t('board.chooseDay', {
                    name: task.property?.name ?? t('cleanLower'),
                  })}
                  value={task.day}
                  onValueChange={(d) => d && d !== task.day && onMove(task, d)}
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
  const t = useT(messages);
  const [status, setStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const names = new Map(housekeepers.map((h) => [h.id, h.full_name]));
  const types = [...new Set(tasks.map((task) => (task.type ? cleaningTypeName(task.type) : '')))]
    .filter(Boolean)
    .sort();
  const q = search.trim().toLowerCase();
  const rows = tasks.filter(
    (task) =>
      (!status || task.status === status) &&
      (!type || (task.type && cleaningTypeName(task.type)) === type) &&
      (!assignee ||
        (assignee === 'none'
          ? task.assignees.length === 0
          : task.assignees.some((a) => a.user_id === assignee))) &&
      (!q ||
        `${task.property?.name} ${task.property?.code} ${task.property?.area}`
          .toLowerCase()
          .includes(q)),
  );
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Input
          className="w-56"
          placeholder={t('list.search')}
          aria-label={t('list.searchLabel')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect
          aria-label={t('list.statusLabel')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <NativeSelectOption value="">{t('list.allStatuses')}</NativeSelectOption>
          {CLEAN_STATUSES.map((s) => (
            <NativeSelectOption key={s} value={s}>
              {cleanStatusLabel(s)}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={t('list.typeLabel')}
          value={type}
          onChange={(e) => setType(e.target.value)}
        >
          <NativeSelectOption value="">{t('list.allTypes')}</NativeSelectOption>
          {types.map((name) => (
            <NativeSelectOption key={name} value={name}>
              {name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={t('list.assigneeLabel')}
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
        >
          <NativeSelectOption value="">{t('list.everyone')}</NativeSelectOption>
          <NativeSelectOption value="none">{t('unassigned')}</NativeSelectOption>
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
              <TableHead>{t('list.villa')}</TableHead>
              <TableHead>{t('list.type')}</TableHead>
              <TableHead>{t('list.window')}</TableHead>
              <TableHead>{t('list.assigned')}</TableHead>
              <TableHead>{t('list.status')}</TableHead>
              <TableHead>{t('list.progress')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="text-muted-foreground">
                  {t('list.empty')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((task) => (
                <TableRow key={task.id}>
                  <TableCell>
                    {task.property?.name}
                    <span className="text-muted-foreground block text-xs">
                      {task.property?.area}
                    </span>
                  </TableCell>
                  <TableCell>{task.type ? cleaningTypeName(task.type) : null}</TableCell>
                  <TableCell className="text-xs">
                    {formatDateTime(task.window_start)} → {formatDateTime(task.due_at)}
                    {task.same_day ? ` · ${t('sameDay')}` : ''}
                  </TableCell>
                  <TableCell>
                    {task.assignees
                      .map((a) => names.get(a.user_id) ?? t('list.someone'))
                      .join(', ') || t('unassigned')}
                  </TableCell>
                  <TableCell>
                    {cleanStatusLabel(task.status)}
                    {isLate(task) ? ` · ${t('late')}` : ''}
                    <InspectionState task={task} name={task.property?.name ?? t('cleanLower')} />
                  </TableCell>
                  <TableCell className="min-w-32">
                    <CleanProgress task={task} name={task.property?.name ?? t('cleanLower')} />
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
