// Maintenance (docs/maintenance.md): work orders as a list (filters, sort, counts), a board by
// status, and the technician's queue ("Mine": my open work orders by urgency). A work order's
// detail opens beside the list (`?wo=<id>`); "Report a problem" opens the short form
// (`?report=1`, villa pre-filled from the villa filter `&villa=<id>`). Others' changes arrive
// live (realtime); offline, each view answers from the work orders this device keeps and writes
// wait in the sync queue. Each view reads what it shows: the list one page of PAGE_SIZE
// (`&page=N`), filtered, sorted and counted by the server; the board each column's first few and
// its count; Mine one page of my queue (api/get-my-queue.ts). A manager ticks work orders on the
// list's page and assigns them together (components/bulk-assign-bar.tsx). An unassigned work
// order has "Take" for technicians and managers, and "Mine" can include the unassigned ones of my
// areas (mine.ts, components/mine-options.tsx).
import { useLiveUpdates } from '@/lib/live-updates';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { FilterFoldButton, FilterFoldPanel } from '@/components/form/filter-fold';
import { useFilterFold } from '@/components/form/use-filter-fold';
import { PageHeader } from '@/components/page-header';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { permissionsQueryOptions } from '@/lib/auth/auth-queries';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { prefetchOnLoad } from '@/lib/route-loader';
import { paths } from '@/lib/routes';
import { storedSession } from '@/lib/stored-session';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { priorityLabel, statusLabel } from '@/domain/work-orders/labels';
import { categoryLabel, PRIORITIES, STATUSES, type WorkOrder } from '@/domain/work-orders/types';
import { CATEGORIES } from '@/domain/work-orders/report-problem-schema';
import {
  canBeAssigned,
  staffQueryOptions,
  useBoardColumns,
  useStaff,
  useVillas,
  useWorkOrderPage,
  workOrderPageQueryOptions,
} from '../api/get-work-orders';
import { myQueueQueryOptions, useMyQueue } from '../api/get-my-queue';
import { useTakeWorkOrder } from '../api/take-work-order';
import { BulkAssignBar } from '../components/bulk-assign-bar';
import { MineOptions } from '../components/mine-options';
import { ReportDialog } from '../components/report-dialog';
import { WorkOrderCard } from '../components/work-order-card';
import { WorkOrderDetailSheet } from '../components/work-order-detail';
import {
  boardColumnsOf,
  listParamsOf,
  PAGE_SIZE,
  pageNumberOf,
  viewOf,
  type View,
} from '../list-params';
import { includeUnassignedStored, useIncludeUnassigned } from '../mine';
import { messages } from '../messages';

/**
 * The people work orders name, and what the view shows, are asked for as the route loads, with
 * the screen's chunk: the list's page, the board's columns or my queue. Which view a user without
 * `?view=` gets depends on their keys: at a cold start, before they are read, the screen asks as
 * it draws (as the housekeeping and dashboard loaders do).
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    prefetchOnLoad(queryClient, staffQueryOptions());
    const search = new URL(request.url).searchParams;
    const userId = storedSession()?.user.id;
    const permissions = userId
      ? queryClient.getQueryData(permissionsQueryOptions(userId).queryKey)
      : undefined;
    const requested = search.get('view');
    if (!userId || (!permissions && requested === null)) return null;
    const view = viewOf(search, {
      canWork: hasPermission(permissions ?? [], 'maintenance.work'),
      canManage: hasPermission(permissions ?? [], 'maintenance.manage'),
    });
    if (view === 'mine')
      return prefetchOnLoad(
        queryClient,
        myQueueQueryOptions({
          me: userId,
          include: includeUnassignedStored(),
          page: pageNumberOf(search),
        }),
      );
    if (view === 'board') {
      for (const column of boardColumnsOf(search))
        prefetchOnLoad(queryClient, workOrderPageQueryOptions(column));
      return null;
    }
    return prefetchOnLoad(queryClient, workOrderPageQueryOptions(listParamsOf(search)));
  };

/** Address keys that do not change what the list shows (the rest send it back to page 1). */
const KEEPS_PAGE = new Set(['page', 'wo', 'report']);

/** Live list: any work order, comment or photo changed by anyone refreshes what is on screen. */
const LIVE_TABLES = [
  { table: 'work_orders' },
  { table: 'work_order_comments' },
  { table: 'work_order_photos' },
];
const useLiveWorkOrders = () =>
  useLiveUpdates('maintenance-work-orders', LIVE_TABLES, [workOrderKeys.all]);

function FilterSelect({
  name,
  label,
  value,
  onChange,
  options,
}: {
  /** The select's id: `wo-filter-<name>`. */
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  const t = useT(messages);
  const id = `wo-filter-${name}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-muted-foreground text-xs">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <NativeSelectOption value="">{t('list.all')}</NativeSelectOption>
        {options.map((o) => (
          <NativeSelectOption key={o.value} value={o.value}>
            {o.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}

export function MaintenanceRoute() {
  const t = useT(messages);
  const { permissions, user } = useAuth();
  const canManage = hasPermission(permissions, 'maintenance.manage');
  const canWork = hasPermission(permissions, 'maintenance.work');
  const canReport = canManage || hasPermission(permissions, 'maintenance.report');
  const canTake = canManage || canWork;
  const take = useTakeWorkOrder();
  const [includeUnassigned, setIncludeUnassigned] = useIncludeUnassigned();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params, { canWork, canManage });
  const openId = params.get('wo');
  const reporting = params.get('report') === '1';
  const listParams = listParamsOf(params);
  const { sort, page } = listParams;
  const filters = {
    status: listParams.status,
    priority: listParams.priority,
    villa: listParams.villa,
    assignee: listParams.assignee,
    category: listParams.category,
    flag: listParams.flag,
  };
  // On a phone the filters fold into one button, so the first work order is on the first screen.
  const filterFold = useFilterFold();

  // Each view reads only what it shows (the others' reads stay off).
  const mine = useMyQueue(
    { me: user?.id ?? '', include: includeUnassigned, page },
    view === 'mine',
  );
  const list = useWorkOrderPage(listParams, view === 'list');
  const board = useBoardColumns(view === 'board' ? boardColumnsOf(params) : []);
  const staff = useStaff();
  const villas = useVillas();
  useLiveWorkOrders();
  const names = new Map((staff.data ?? []).map((s) => [s.id, s.full_name]));

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    if (Object.keys(changes).some((k) => !KEEPS_PAGE.has(k))) next.delete('page');
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const paged = view === 'mine' ? mine : list;
  const rows: WorkOrder[] = view === 'board' ? [] : (paged.data?.rows ?? []);
  const total =
    view === 'board'
      ? board.reduce((sum, column) => sum + (column.data?.total ?? 0), 0)
      : (paged.data?.total ?? 0);
  const pending = view === 'board' ? board.some((c) => c.isPending) : paged.isPending;
  const failed = view === 'board' ? board.some((c) => c.isError) : paged.isError;
  const fromDevice =
    view === 'board' ? board.some((c) => c.data?.fromDevice) : paged.data?.fromDevice;
  const areas = mine.data?.areas ?? [];

  const bulk = canManage && view === 'list';
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const [picked, setPicked] = useState<Set<string>>(new Set());
  // Only what the page still shows counts as selected (a filter or another page may hide some).
  const selected = bulk ? rows.filter((w) => picked.has(w.id)) : [];

  const card = (w: WorkOrder) => (
    <WorkOrderCard
      key={w.id}
      workOrder={w}
      assignee={w.assignee_id ? (names.get(w.assignee_id) ?? t('someone')) : null}
      onOpen={() => set({ wo: w.id })}
      onTake={canTake ? () => take.mutate({ workOrder: w }) : undefined}
      taking={take.isPending && take.variables?.workOrder.id === w.id}
      selection={
        bulk
          ? {
              selected: picked.has(w.id),
              onSelect: (checked) =>
                setPicked((s) => {
                  const next = new Set(s);
                  if (checked) next.add(w.id);
                  else next.delete(w.id);
                  return next;
                }),
            }
          : undefined
      }
    />
  );

  const views: { id: View; label: string }[] = [
    ...(canWork ? [{ id: 'mine' as const, label: t('list.viewMine') }] : []),
    { id: 'list', label: t('list.viewList') },
    { id: 'board', label: t('list.viewBoard') },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title={paths.maintenance.title}
        description={paths.maintenance.description}
        actions={
          canReport ? (
            <Button onClick={() => set({ report: '1' })}>
              <Plus aria-hidden /> {t('reportProblem')}
            </Button>
          ) : null
        }
      />
      <nav aria-label={t('list.views')} className="flex gap-1">
        {views.map((v) => (
          <Button
            key={v.id}
            size="sm"
            variant={v.id === view ? 'default' : 'outline'}
            aria-current={v.id === view ? 'page' : undefined}
            onClick={() => set({ view: v.id })}
          >
            {v.label}
          </Button>
        ))}
      </nav>
      {view === 'mine' ? (
        <MineOptions
          include={includeUnassigned}
          onIncludeChange={setIncludeUnassigned}
          areas={areas}
        />
      ) : null}
      {view !== 'mine' ? (
        <FilterFoldButton
          fold={filterFold}
          active={Object.values(filters).filter(Boolean).length}
        />
      ) : null}
      {view !== 'mine' ? (
        <FilterFoldPanel
          fold={filterFold}
          role="group"
          aria-label={t('list.filters')}
          className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-7"
        >
          {view === 'list' ? (
            <FilterSelect
              name="status"
              label={t('list.status')}
              value={filters.status}
              onChange={(v) => set({ status: v })}
              options={STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            />
          ) : null}
          <FilterSelect
            name="priority"
            label={t('list.priority')}
            value={filters.priority}
            onChange={(v) => set({ priority: v })}
            options={PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) }))}
          />
          <FilterSelect
            name="villa"
            label={t('list.villa')}
            value={filters.villa}
            onChange={(v) => set({ villa: v })}
            options={(villas.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
          />
          <FilterSelect
            name="assignee"
            label={t('list.assignee')}
            value={filters.assignee}
            onChange={(v) => set({ assignee: v })}
            options={[
              { value: 'none', label: t('unassigned') },
              ...(staff.data ?? [])
                .filter(canBeAssigned)
                .map((s) => ({ value: s.id, label: s.full_name })),
            ]}
          />
          <FilterSelect
            name="category"
            label={t('list.category')}
            value={filters.category}
            onChange={(v) => set({ category: v })}
            options={CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
          />
          <FilterSelect
            name="show"
            label={t('list.show')}
            value={filters.flag}
            onChange={(v) => set({ flag: v })}
            options={[
              { value: 'blocking', label: t('list.blockingOnly') },
              { value: 'overdue', label: t('list.overdueOnly') },
            ]}
          />
          <div className="space-y-1">
            <label htmlFor="wo-sort" className="text-muted-foreground text-xs">
              {t('list.sort')}
            </label>
            <NativeSelect
              id="wo-sort"
              value={sort}
              onChange={(e) => set({ sort: e.target.value === 'newest' ? 'newest' : null })}
            >
              <NativeSelectOption value="urgency">{t('list.mostUrgent')}</NativeSelectOption>
              <NativeSelectOption value="newest">{t('list.newest')}</NativeSelectOption>
            </NativeSelect>
          </div>
        </FilterFoldPanel>
      ) : null}
      {bulk ? (
        <BulkAssignBar
          selected={selected}
          page={rows}
          onSelectedChange={setPicked}
          assignable={(staff.data ?? []).filter(canBeAssigned)}
        />
      ) : null}
      {fromDevice ? <DeviceCopyNote what={t('deviceCopy.workOrders')} /> : null}
      <p role="status" className="text-muted-foreground text-sm">
        {pending ? t('list.loading') : t('list.count', { count: total })}
      </p>
      {failed ? (
        <p role="alert" className="text-destructive text-sm">
          {t('list.failed')}
        </p>
      ) : null}
      {view === 'board' ? (
        <div className="grid gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="work-order-board">
          {STATUSES.map((s, i) => {
            const column = board[i]?.data;
            const inColumn = column?.rows ?? [];
            const count = column?.total ?? 0;
            return (
              <section
                key={s}
                aria-label={t('list.column', { status: statusLabel(s), count })}
                className="space-y-2"
              >
                <h2 className="text-sm font-medium">
                  {statusLabel(s)} <span className="text-muted-foreground">({count})</span>
                </h2>
                {inColumn.map(card)}
                {count > inColumn.length ? (
                  <Button
                    size="sm"
                    variant="link"
                    className="px-0"
                    onClick={() => set({ view: 'list', status: s })}
                  >
                    {t('list.showAll', { count })}
                  </Button>
                ) : null}
              </section>
            );
          })}
        </div>
      ) : (
        <div className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" data-testid="work-order-list">
          {rows.map(card)}
          {!pending && total === 0 ? (
            <p className="text-muted-foreground text-sm">
              {view === 'mine'
                ? includeUnassigned
                  ? t('list.mineEmptyWithAreas')
                  : t('list.mineEmpty')
                : t('list.empty')}
            </p>
          ) : null}
        </div>
      )}
      {view !== 'board' && pages > 1 ? (
        <nav aria-label={t('list.pages')} className="flex items-center gap-2 text-sm">
          <Button
            size="sm"
            variant="outline"
            disabled={page <= 1}
            onClick={() => set({ page: String(page - 1) })}
          >
            {t('list.previous')}
          </Button>
          <span>{t('list.page', { page, pages })}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => set({ page: String(page + 1) })}
          >
            {t('list.next')}
          </Button>
        </nav>
      ) : null}
      <WorkOrderDetailSheet id={openId} onClose={() => set({ wo: null })} />
      {canReport && reporting ? (
        <ReportDialog
          open
          onOpenChange={(o) => set({ report: o ? '1' : null })}
          {...(filters.villa ? { propertyId: filters.villa } : {})}
        />
      ) : null}
    </div>
  );
}
