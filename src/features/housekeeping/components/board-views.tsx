import { useState, type DragEvent, type ReactNode } from 'react';
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
import { formatDateTime } from '@/lib/company-time';
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
}: {
  label: string;
  onDropTask: (taskId: string) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const [over, setOver] = useState(false);
  return (
    <section
      aria-label={label}
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
      className={`bg-muted/40 flex w-[17rem] shrink-0 flex-col gap-2 rounded-lg border p-2 ${over ? 'ring-primary ring-2' : ''}`}
    >
      <h2 className="px-1 text-sm font-semibold">{label}</h2>
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

/** Seven days side by side; drop a card on a day (or pick the day on the card) to reschedule. */
export function WeekView({
  from,
  tasks,
  housekeepers,
  onMove,
  actions,
}: {
  from: string;
  tasks: BoardTask[];
  housekeepers: StaffMember[];
  onMove: (task: BoardTask, day: string) => void;
  actions: CardActions;
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const label = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (
    <div className="flex gap-3 overflow-x-auto pb-2" data-testid="week-board">
      {days.map((day) => {
        const dayTasks = tasks.filter((t) => t.day === day);
        return (
          <DropColumn
            key={day}
            label={`${label.format(new Date(`${day}T12:00:00Z`))} (${dayTasks.length})`}
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
                <label className="text-muted-foreground flex items-center gap-1 text-xs">
                  Day
                  <Input
                    type="date"
                    className="h-7 text-xs"
                    value={t.day}
                    aria-label={`Move ${t.property?.name ?? 'clean'} to day`}
                    onChange={(e) => e.target.value && onMove(t, e.target.value)}
                  />
                </label>
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
