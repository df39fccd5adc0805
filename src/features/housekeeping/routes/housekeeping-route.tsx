// The housekeeping board (docs/housekeeping.md): by day (a column per housekeeper and one for
// unassigned cleans), by week, and as a filtered list. Managers assign by drag or with the
// card's select, move cleans between days, change status, assign in bulk and accept an
// auto-assign suggestion. Others' changes arrive live (realtime); offline, the board answers
// from the device and writes wait in the sync queue.
import { useLiveUpdates } from '@/lib/live-updates';
import { ChevronLeft, ChevronRight, Wand2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/form/date-input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { paths } from '@/lib/routes';
import { useCompanySettings } from '@/lib/use-company-settings';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { permissionsQueryOptions } from '@/lib/auth/auth-queries';
import { prefetchOnLoad } from '@/lib/route-loader';
import { storedSession } from '@/lib/stored-session';
import { myRouteQueryOptions } from '../api/get-my-route';
import {
  boardQueryOptions,
  useBoard,
  useDefaultHousekeepers,
  useHousekeepers,
  type BoardTask,
} from '../api/get-board';
import { housekeepingKeys } from '../api/keys';
import { useAssignTasks } from '../api/assign-tasks';
import { useRescheduleTask } from '../api/reschedule-task';
import { useTransitionTask } from '../api/transition-task';
import { addDays, suggestAssignments, todayInCompany, weekStart } from '../board-logic';
import { DayView, ListView, WeekView, type CardActions } from '../components/board-views';
import { messages } from '../messages';

type View = 'day' | 'week' | 'list';
/** The views, each named by `board.view.<id>`. */
const VIEWS: readonly View[] = ['day', 'week', 'list'];

/** Live board: any change to cleans or assignees refreshes what is on screen. */
const LIVE_TABLES = [{ table: 'cleaning_tasks' }, { table: 'cleaning_task_assignees' }];
const useLiveBoard = () =>
  useLiveUpdates('housekeeping-board', LIVE_TABLES, [housekeepingKeys.tasks()]);

/** The longest date range the list shows at once. */
const LIST_MAX_DAYS = 62;

function isoDay(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/**
 * Asks for the screen's cleans as the route loads, when this user's access is already known (a
 * later navigation; at a cold start the screen reads as it draws): a housekeeper's route for today
 * and tomorrow, or the board's day. The week and the list work out their range from the company's
 * settings on the screen.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const userId = storedSession()?.user.id;
    const permissions = userId
      ? queryClient.getQueryData(permissionsQueryOptions(userId).queryKey)
      : undefined;
    if (!userId || !permissions) return null;
    const today = todayInCompany();
    if (!hasPermission(permissions, 'housekeeping.manage'))
      return prefetchOnLoad(
        queryClient,
        myRouteQueryOptions({ userId, from: today, to: addDays(today, 1) }),
      );
    const params = new URL(request.url).searchParams;
    if ((params.get('view') ?? 'day') !== 'day') return null;
    const day = isoDay(params.get('day')) ?? today;
    return prefetchOnLoad(queryClient, boardQueryOptions(day, day));
  };

// A housekeeper (no housekeeping.manage) gets her route instead of the board: its own chunk.
const MyRouteScreen = lazy(async () => ({
  default: (await import('./my-route-route')).MyRouteScreen,
}));

export function HousekeepingRoute() {
  const { permissions } = useAuth();
  if (!hasPermission(permissions, 'housekeeping.manage'))
    return (
      <Suspense fallback={<PageSpinner />}>
        <MyRouteScreen />
      </Suspense>
    );
  return <Board />;
}

function Board() {
  const t = useT(messages);
  const { permissions } = useAuth();
  const { weekStartsOn } = useCompanySettings();
  const canManage = hasPermission(permissions, 'housekeeping.manage');
  const [params, setParams] = useSearchParams();
  const view = VIEWS.find((v) => v === params.get('view')) ?? 'day';
  const day = isoDay(params.get('day')) ?? todayInCompany();
  // The list's date range: its own From and To (a week back to two weeks on by default), at most
  // LIST_MAX_DAYS long so one screen never asks for a season of cleans.
  const listFrom = isoDay(params.get('from')) ?? addDays(day, -7);
  const listToAsked = isoDay(params.get('to')) ?? addDays(day, 14);
  const listTo =
    listToAsked < listFrom
      ? listFrom
      : listToAsked > addDays(listFrom, LIST_MAX_DAYS - 1)
        ? addDays(listFrom, LIST_MAX_DAYS - 1)
        : listToAsked;
  const from = view === 'week' ? weekStart(day, weekStartsOn) : view === 'list' ? listFrom : day;
  const to = view === 'week' ? addDays(from, 6) : view === 'list' ? listTo : day;

  const board = useBoard(from, to, { keepPrevious: view === 'list' });
  const staff = useHousekeepers();
  const defaults = useDefaultHousekeepers();
  const assign = useAssignTasks();
  const move = useRescheduleTask();
  const transition = useTransitionTask();
  useLiveBoard();

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [suggestion, setSuggestion] = useState<Map<string, string> | null>(null);
  const [suggestWanted, setSuggestWanted] = useState(false);
  const tasks = useMemo(
    () => (board.data?.tasks ?? []).filter((c) => c.status !== 'cancelled' || view === 'list'),
    [board.data, view],
  );
  const housekeepers = staff.data ?? [];
  const names = new Map(housekeepers.map((h) => [h.id, h.full_name]));
  // "Suggest assignments": made once the housekeepers and the villas' defaults are known (a
  // suggestion without the defaults gives a villa's cleans to someone else), waiting for a read
  // still on its way rather than starting another.
  const suggest = async () => {
    setSuggestWanted(true);
    try {
      const known = async <T,>(q: {
        isPending: boolean;
        data: T | undefined;
        refetch: (o: { cancelRefetch: boolean }) => Promise<{ data: T | undefined }>;
      }) => (q.isPending ? (await q.refetch({ cancelRefetch: false })).data : q.data);
      const [hk, defs] = await Promise.all([known(staff), known(defaults)]);
      setSuggestion(suggestAssignments(tasks, hk ?? [], defs ?? new Map()));
    } finally {
      setSuggestWanted(false);
    }
  };

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next, { replace: true });
    setSuggestion(null);
  };
  const step = view === 'week' ? 7 : 1;

  const actions: CardActions = {
    selected,
    onSelect: (id, checked) =>
      setSelected((s) => {
        const next = new Set(s);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    onAssign: (task, userId) => {
      if (canManage) assign.mutate({ tasks: [task], userId });
    },
    onStatus: (task, to) => {
      if (canManage) transition.mutate({ task, to });
    },
  };
  const selectedTasks = tasks.filter((c) => selected.has(c.id));
  // Done cleans waiting for an inspector: each opens its run read-only to pass or send back.
  const toInspect = tasks.filter((c) => c.status === 'done' && c.inspection_required);
  const byId = new Map(tasks.map((c) => [c.id, c]));

  const acceptSuggestion = () => {
    if (!suggestion) return;
    const groups = new Map<string, BoardTask[]>();
    for (const [taskId, userId] of suggestion) {
      const clean = byId.get(taskId);
      if (clean) groups.set(userId, [...(groups.get(userId) ?? []), clean]);
    }
    for (const [userId, group] of groups) assign.mutate({ tasks: group, userId });
    setSuggestion(null);
  };

  return (
    <div className="space-y-4">
      <PageHeader title={paths.housekeeping.title} description={paths.housekeeping.description} />
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t('board.views')} className="flex gap-1">
          {VIEWS.map((v) => (
            <Button
              key={v}
              size="sm"
              variant={v === view ? 'default' : 'outline'}
              aria-pressed={v === view}
              onClick={() => set({ view: v })}
            >
              {t(`board.view.${v}`)}
            </Button>
          ))}
        </div>
        {view === 'list' ? (
          <>
            <div className="w-40">
              <DateInput
                className="h-8"
                aria-label={t('board.from')}
                value={listFrom}
                onValueChange={(d) => d && set({ from: d })}
              />
            </div>
            <div className="w-40">
              <DateInput
                className="h-8"
                aria-label={t('board.to')}
                value={listTo}
                min={listFrom}
                onValueChange={(d) => d && set({ to: d })}
              />
            </div>
            {listTo !== listToAsked ? (
              <span className="text-muted-foreground text-xs" role="status">
                {t('board.maxDays', { count: LIST_MAX_DAYS })}
              </span>
            ) : null}
          </>
        ) : (
          <>
            <Button
              size="icon-sm"
              variant="outline"
              aria-label={t('board.previous')}
              onClick={() => set({ day: addDays(day, -step) })}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <div className="w-40">
              <DateInput
                className="h-8"
                aria-label={t('board.day')}
                value={day}
                onValueChange={(d) => d && set({ day: d })}
              />
            </div>
            <Button
              size="icon-sm"
              variant="outline"
              aria-label={t('board.next')}
              onClick={() => set({ day: addDays(day, step) })}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
            <Button size="sm" variant="ghost" onClick={() => set({ day: todayInCompany() })}>
              {t('today')}
            </Button>
          </>
        )}
        {board.data?.freshness.source === 'device' ? (
          <span className="text-muted-foreground text-xs" role="status">
            {t('board.offline')}
          </span>
        ) : null}
      </div>

      {canManage && view === 'day' ? (
        <div className="flex flex-wrap items-center gap-2">
          <NativeSelect
            size="sm"
            aria-label={t('board.assignSelectedLabel')}
            value=""
            disabled={selectedTasks.length === 0}
            onChange={(e) => {
              assign.mutate({
                tasks: selectedTasks,
                userId: e.target.value === 'none' ? null : e.target.value,
              });
              setSelected(new Set());
            }}
          >
            <NativeSelectOption value="">
              {t('board.assignSelected', { count: selectedTasks.length })}
            </NativeSelectOption>
            <NativeSelectOption value="none">{t('unassigned')}</NativeSelectOption>
            {housekeepers.map((h) => (
              <NativeSelectOption key={h.id} value={h.id}>
                {h.full_name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          <Button
            size="sm"
            variant="outline"
            // Busy while it waits rather than disabled: the button never fades while it is read.
            aria-busy={suggestWanted || undefined}
            onClick={() => void suggest()}
          >
            <Wand2 aria-hidden="true" />
            {t('board.suggest')}
          </Button>
        </div>
      ) : null}

      {suggestion ? (
        <section
          aria-label={t('board.suggested')}
          className="space-y-2 rounded-md border p-3 text-sm"
        >
          {suggestion.size === 0 ? (
            <p>{t('board.allAssigned')}</p>
          ) : (
            <ul className="space-y-1">
              {[...suggestion].map(([taskId, userId]) => (
                <li key={taskId} className="flex flex-wrap items-center gap-2">
                  <span>{byId.get(taskId)?.property?.name}</span>
                  <span aria-hidden="true">→</span>
                  <NativeSelect
                    size="sm"
                    aria-label={t('board.suggestedFor', {
                      name: byId.get(taskId)?.property?.name ?? t('cleanLower'),
                    })}
                    value={userId}
                    onChange={(e) => setSuggestion(new Map(suggestion).set(taskId, e.target.value))}
                  >
                    {housekeepers.map((h) => (
                      <NativeSelectOption key={h.id} value={h.id}>
                        {h.full_name}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                  <span className="text-muted-foreground text-xs">{names.get(userId)}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            {suggestion.size > 0 ? (
              <Button size="sm" onClick={acceptSuggestion}>
                {t('board.accept')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => setSuggestion(null)}>
              {t('board.dismiss')}
            </Button>
          </div>
        </section>
      ) : null}

      {toInspect.length > 0 ? (
        <section aria-label={t('board.waiting')} className="flex flex-wrap items-center gap-2">
          <h2 className="text-sm font-medium">{t('board.waitingHeading')}</h2>
          {toInspect.map((c) => (
            <Button key={c.id} asChild size="sm" variant="outline">
              <Link to={generatePath(paths.cleanRun.path, { id: c.id })}>
                {t('board.inspect', { name: c.property?.name ?? t('cleanLower') })}
              </Link>
            </Button>
          ))}
        </section>
      ) : null}

      {board.isPending ? (
        <p className="text-muted-foreground text-sm" role="status">
          {t('board.loading')}
        </p>
      ) : board.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('board.error')}
        </p>
      ) : view === 'day' ? (
        <DayView tasks={tasks} housekeepers={housekeepers} actions={actions} />
      ) : view === 'week' ? (
        <WeekView
          from={from}
          today={todayInCompany()}
          tasks={tasks}
          housekeepers={housekeepers}
          actions={actions}
          onMove={(task, d) => canManage && move.mutate({ task, day: d })}
        />
      ) : (
        <ListView tasks={tasks} housekeepers={housekeepers} />
      )}
    </div>
  );
}
