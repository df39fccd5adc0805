// Maintenance (docs/maintenance.md): work orders as a list (filters, sort, counts), a board by
// status, and the technician's queue ("Mine": my open work orders by urgency). A work order's
// detail opens beside the list (`?wo=<id>`); "Report a problem" opens the short form
// (`?report=1`, villa pre-filled from the villa filter `&villa=<id>`). Others' changes arrive
// live (realtime); offline, the list answers from the device and writes wait in the sync queue.
// The list shows PAGE_SIZE at a time (`&page=N`); a manager ticks work orders there and assigns
// them together (components/bulk-assign-bar.tsx). An unassigned work order has "Take" for
// technicians and managers, and "Mine" can include the unassigned ones of my areas
// (mine.ts, components/mine-options.tsx).
import { useLiveUpdates } from '@/lib/live-updates';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterFoldButton, FilterFoldPanel } from '@/components/form/filter-fold';
import { useFilterFold } from '@/components/form/use-filter-fold';
import { PageHeader } from '@/components/page-header';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import {
  canBeAssigned,
  useStaff,
  useVillas,
  useWorkOrders,
  staffQueryOptions,
  workOrdersQueryOptions,
} from '../api/get-work-orders';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { paths } from '@/lib/routes';
import { byUrgency, isOverdue, priorityLabel, statusLabel } from '@/domain/work-orders/labels';
import { categoryLabel, PRIORITIES, STATUSES, type WorkOrder } from '@/domain/work-orders/types';
import { BulkAssignBar } from '../components/bulk-assign-bar';
import { ReportDialog } from '../components/report-dialog';
import { WorkOrderCard } from '../components/work-order-card';
import { WorkOrderDetailSheet } from '../components/work-order-detail';
import { isUnassignedIn, myAreas, useIncludeUnassigned } from '../mine';
import { MineOptions } from '../components/mine-options';
import { useTakeWorkOrder } from '../api/take-work-order';
import { CATEGORIES } from '@/domain/work-orders/report-problem-schema';
import { messages } from '../messages';

type View = 'mine' | 'list' | 'board';

/**
 * The work orders and the people they name are asked for as the route loads, with the screen's
 * chunk (every view reads both).
 */
export const clientLoader = (queryClient: QueryClient) => () => {
  prefetchOnLoad(queryClient, staffQueryOptions());
  return prefetchOnLoad(queryClient, workOrdersQueryOptions());
};

/** Work orders per page of the list. */
const PAGE_SIZE = 50;
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

interface Filters {
  status: string;
  priority: string;
  villa: string;
  assignee: string;
  category: string;
  flag: string;
}

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

/**
 * The rows a view shows, in order (filters apply to the list and the board, not to "Mine").
 * `unassignedIn`: "Mine" also shows the unassigned ones of these areas (null: not).
 */
function select(
  all: WorkOrder[],
  view: View,
  filters: Filters,
  me: string | undefined,
  sort: 'urgency' | 'newest',
  unassignedIn: string[] | null,
): WorkOrder[] {
  const rows =
    view === 'mine'
      ? all.filter(
          (w) =>
            (w.assignee_id === me && w.status !== 'resolved' && w.status !== 'closed') ||
            (unassignedIn !== null && isUnassignedIn(w, unassignedIn)),
        )
      : all.filter(
          (w) =>
            (filters.status
              ? w.status === filters.status
              : view === 'board' || w.status !== 'closed') &&
            (!filters.priority || w.priority === filters.priority) &&
            (!filters.villa || w.property_id === filters.villa) &&
            (!filters.assignee ||
              (filters.assignee === 'none'
                ? w.assignee_id === null
                : w.assignee_id === filters.assignee)) &&
            (!filters.category || w.category === filters.category) &&
            (filters.flag !== 'blocking' || w.blocking) &&
            (filters.flag !== 'overdue' || isOverdue(w)),
        );
  return [...rows].sort(
    sort === 'newest' ? (a, b) => b.created_at.localeCompare(a.created_at) : byUrgency,
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
  const requested = params.get('view');
  const view: View =
    requested === 'mine' || requested === 'list' || requested === 'board'
      ? requested
      : canWork && !canManage
        ? 'mine'
        : 'list';
  const openId = params.get('wo');
  const reporting = params.get('report') === '1';
  const sort = params.get('sort') === 'newest' ? 'newest' : 'urgency';
  const filters: Filters = {
    status: params.get('status') ?? '',
    priority: params.get('priority') ?? '',
    villa: params.get('villa') ?? '',
    assignee: params.get('assignee') ?? '',
    category: params.get('category') ?? '',
    flag: params.get('flag') ?? '',
  };
  const filterKey = JSON.stringify(filters);
  // On a phone the filters fold into one button, so the first work order is on the first screen.
  const filterFold = useFilterFold();

  const query = useWorkOrders();
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

  const areas = useMemo(() => myAreas(query.data?.rows ?? [], user?.id), [query.data, user?.id]);
  const shown = useMemo(
    () =>
      select(
        query.data?.rows ?? [],
        view,
        JSON.parse(filterKey) as Filters,
        user?.id,
        sort,
        includeUnassigned ? areas : null,
      ),
    [query.data, view, filterKey, user?.id, sort, includeUnassigned, areas],
  );

  const bulk = canManage && view === 'list';
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const visible = view === 'list' ? shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : shown;
  const [picked, setPicked] = useState<Set<string>>(new Set());
  // Only what the list still shows counts as selected (a filter may have hidden some).
  const selected = bulk ? shown.filter((w) => picked.has(w.id)) : [];

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
          page={visible}
          onSelectedChange={setPicked}
          assignable={(staff.data ?? []).filter(canBeAssigned)}
        />
      ) : null}
      {query.data?.fromDevice ? <DeviceCopyNote what={t('deviceCopy.workOrders')} /> : null}
      <p role="status" className="text-muted-foreground text-sm">
        {query.isPending ? t('list.loading') : t('list.count', { count: shown.length })}
      </p>
      {query.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('list.failed')}
        </p>
      ) : null}
      {view === 'board' ? (
        <div className="grid gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="work-order-board">
          {STATUSES.map((s) => {
            const inColumn = shown.filter((w) => w.status === s);
            return (
              <section
                key={s}
                aria-label={t('list.column', { status: statusLabel(s), count: inColumn.length })}
                className="space-y-2"
              >
                <h2 className="text-sm font-medium">
                  {statusLabel(s)}{' '}
                  <span className="text-muted-foreground">({inColumn.length})</span>
                </h2>
                {inColumn.map(card)}
              </section>
            );
          })}
        </div>
      ) : (
        <div className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" data-testid="work-order-list">
          {visible.map(card)}
          {!query.isPending && shown.length === 0 ? (
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
      {view === 'list' && pages > 1 ? (
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
