// Maintenance benchmark: the reads of the work-order screens at 20,000 work orders over 2,000 villas,
// on PGlite and on PostgreSQL 15. The backend is this repository's own supabase/ folder started in
// this process (fresh in-memory PGlite; a fresh database of a throwaway PostgreSQL 15 cluster).
// The villas and work orders are loaded without triggers (not what is measured): ten per villa,
// reported over the last two years, most of them closed (history), the open ones shared between
// the two demo technicians and the manager.
//
// The screen reads what it shows (docs/maintenance.md "How the screen reads"; migration
// 20261129100000_work_order_pages.sql), each request as the app sends it: the same select,
// filters, order (most urgent first, id last), range and count=exact.
//
//   list (manager)          the List's first page as the manager opens it (src/domain/work-orders/
//                           reads.ts, workOrderList; src/features/maintenance/list-params.ts): every
//                           status but closed, most urgent first, rows 0-49 and the exact total.
//   list, one villa         the same page filtered to one villa (`?view=list&villa=<id>`, the
//     (manager)             link on a villa's page): the bench villa with the most not closed.
//   board (manager)         the Board's six column reads, one per status, each its first 10 and
//                           its count, sent together as the screen sends them (useQueries): one
//                           request of this case is all six, timed until the last answers.
//   Mine (technician)       rpc my_work_orders with include_unassigned on (the switch's default),
//                           most urgent first, rows 0-49 and the exact total (src/features/
//                           maintenance/api/get-my-queue.ts), as the demo technician.
//   Mine's areas            rpc my_work_order_areas, which the screen sends beside it.
//     (technician)
//   my work orders          the technician's dashboard card (src/features/maintenance/api/
//     (technician)          get-work-orders-today.ts): my open work orders, most urgent first,
//                           five and the count.
//   urgent and overdue      the manager's dashboard card: open work orders that are urgent or past
//     (manager)             due, most urgent first, five and the count.
//
// Before 3f3c5ed the screen read every work order (newest first, at most 5,000) and filtered them
// on the device; bench/README.md keeps that read's figures.
//
// Each read: ROUNDS requests (default 200) at 1 client, then at 8 concurrent clients, after a
// warm-up; p50 / p95 over every request (bench/api-bench.ts, shared with bench/housekeeping.ts).
// Run: npx tsx bench/maintenance.ts   (BENCH_ROUNDS=N; BENCH_TARGETS=pglite,postgres;
//      BENCH_PROPERTIES=N for a smaller trial run: ten work orders per villa)
import {
  forEachTarget,
  loadAverage,
  loadLine,
  managerClient,
  must,
  resultRows,
  ROUNDS,
  runCases,
  signedInClient,
  startBenchServer,
  targetName,
  writeResults,
  type Case,
  type Client,
  type Result,
  type Target,
} from './api-bench.ts';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 2000);
const PER_PROPERTY = 10;
const TECHNICIAN = 'a11ce000-0000-4000-8000-000000000004';

// The villas, then ten work orders each. Status by share: 2% open, 1.5% assigned, 1% in progress,
// 0.5% on hold, 5% resolved, 90% closed; assignees (when assigned) the two demo technicians and
// the manager in turn; 1 in 8 urgent, 1 in 4 high; a due time on half, some of it past; open
// urgent ones blocking one time in three.
const DATA_SQL = `
set local session_replication_role = replica;
insert into public.properties (code, name, type, status, address, area, bedrooms, bathrooms, max_guests, owner_name)
select 'MTB-' || lpad(i::text, 5, '0'),
  'Villa ' || initcap(substr(md5(i::text), 1, 8)), 'villa', 'active', 'Bench street ' || i,
  (array['Oia, Santorini','Fira, Santorini','Naoussa, Paros','Ornos, Mykonos','Chora, Naxos'])[1 + i % 5],
  1 + i % 6, 1 + i % 4, 2 + 2 * (i % 6), 'Owner ' || i
from generate_series(1, ${PROPERTIES}) as i;
insert into public.work_orders (property_id, title, description, location, category, priority, status,
  assignee_id, reporter_id, due_at, blocking, labour_minutes, created_at, updated_at, resolved_at, closed_at)
select p.id, 'Problem ' || g.n, 'Bench work order ' || g.n, 'Room ' || (g.n % 7),
  (array['plumbing','electrical','pool','ac','appliance','structure','garden','pest','other'])[1 + g.n % 9]::public.work_order_category,
  g.priority, g.status,
  case when g.status = 'open' then null
    else (array['a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000007',
      'a11ce000-0000-4000-8000-000000000002'])[1 + g.n % 3]::uuid end,
  'a11ce000-0000-4000-8000-000000000003'::uuid,
  case when g.n % 2 = 0 then g.created + interval '3 days' end,
  g.priority = 'urgent' and g.status not in ('resolved', 'closed') and g.n % 3 = 0,
  case when g.status in ('resolved', 'closed') then 30 + g.n % 240 else 0 end,
  g.created, g.created,
  case when g.status in ('resolved', 'closed') then g.created + interval '2 days' end,
  case when g.status = 'closed' then g.created + interval '3 days' end
from (select id, row_number() over (order by code) as n from public.properties where code like 'MTB-%') p
cross join lateral (
  select ((p.n - 1) * ${PER_PROPERTY} + k)::int as n,
    -- Spread over two years, the open ones the most recent.
    now() - make_interval(hours => ((((p.n - 1) * ${PER_PROPERTY} + k) * 7919) % 17000)::int) as created,
    case when (p.n * 13 + k * 7) % 8 = 0 then 'urgent' when (p.n + k) % 4 = 0 then 'high'
      when (p.n + k) % 4 = 1 then 'low' else 'medium' end::public.work_order_priority as priority,
    case when r < 20 then 'open' when r < 35 then 'assigned' when r < 45 then 'in_progress'
      when r < 50 then 'on_hold' when r < 100 then 'resolved' else 'closed' end::public.work_order_status as status
  from generate_series(0, ${PER_PROPERTY - 1}) as k,
    lateral (select ((p.n - 1) * ${PER_PROPERTY} + k) * 389 % 1000 as r) as rr
) g;
-- Open work orders are recent: those reported up to a month ago (history is older).
update public.work_orders w set created_at = now() - make_interval(hours => abs(hashtext(w.id::text)) % 720)
from public.properties p
where p.id = w.property_id and p.code like 'MTB-%' and w.status not in ('resolved', 'closed');
`;

// As the app sends them (keep in step with src/domain/work-orders/reads.ts, src/features/
// maintenance/list-params.ts, src/features/maintenance/api/get-my-queue.ts and
// src/features/maintenance/api/get-work-orders-today.ts).
const LIST_SELECT =
  'id,property_id,title,description,location,category,priority,status,version,assignee_id,reporter_id,due_at,blocking,labour_minutes,parts_cost,labour_cost,external_cost,resolution_notes,created_at,property:properties(name,code,area)';
const CARD_SELECT =
  'id,title,priority,status,due_at,blocking,created_at,assignee_id,property:properties(name)';
const OPEN = ['open', 'assigned', 'in_progress', 'on_hold'] as const;
const STATUSES = ['open', 'assigned', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
/** A page of the list and of Mine (PAGE_SIZE), a board column (BOARD_SIZE), a dashboard card. */
const PAGE_SIZE = 50;
const BOARD_SIZE = 10;
const SHOWN = 5;

interface Ordered<Q> {
  order(column: 'created_at' | 'id' | 'priority' | 'due_at', options?: object): Q;
}

/** Most urgent first, as `ordered(q, 'urgency')` in src/domain/work-orders/reads.ts. */
const byUrgency = <Q extends Ordered<Q>>(q: Q): Q =>
  q
    .order('priority', { ascending: false })
    .order('due_at', { ascending: true, nullsFirst: false })
    .order('created_at')
    .order('id');

/** A counted page's rows and total; the rows must be `rows` (or all of a smaller total). */
function page<T>(
  res: { data: T[] | null; error: { message: string } | null; count: number | null },
  what: string,
  rows: number,
): number {
  const got = must(res, what).length;
  if (res.count === null) throw new Error(`${what}: no count`);
  if (got !== Math.min(rows, res.count)) throw new Error(`${what}: ${got} rows of ${res.count}`);
  return res.count;
}

function cases(manager: Client, technician: Client, villa: string): Case[] {
  // The list's page 1 (sort urgency, closed left out unless a status is asked for).
  const listPage = (
    filter: { status?: (typeof STATUSES)[number]; villa?: string },
    size: number,
  ) => {
    let q = manager.from('work_orders').select(LIST_SELECT, { count: 'exact' });
    q = filter.status ? q.eq('status', filter.status) : q.neq('status', 'closed');
    if (filter.villa) q = q.eq('property_id', filter.villa);
    return byUrgency(q).range(0, size - 1);
  };
  return [
    {
      name: 'list (manager)',
      run: async () => {
        if (page(await listPage({}, PAGE_SIZE), 'list', PAGE_SIZE) === 0)
          throw new Error('list: empty');
      },
    },
    {
      name: 'list, one villa (manager)',
      run: async () => {
        if (page(await listPage({ villa }, PAGE_SIZE), 'villa', PAGE_SIZE) === 0)
          throw new Error('villa: empty');
      },
    },
    {
      name: 'board, 6 columns (manager)',
      run: async () => {
        const answers = await Promise.all(
          STATUSES.map((status) => listPage({ status }, BOARD_SIZE)),
        );
        answers.forEach((res, i) => page(res, `board ${STATUSES[i]}`, BOARD_SIZE));
      },
    },
    {
      name: 'Mine (technician)',
      run: async () => {
        const res = await byUrgency(
          technician
            .rpc('my_work_orders', { include_unassigned: true }, { count: 'exact' })
            .select(LIST_SELECT),
        ).range(0, PAGE_SIZE - 1);
        if (page(res, 'Mine', PAGE_SIZE) === 0) throw new Error('Mine: empty');
      },
    },
    {
      name: "Mine's areas (technician)",
      run: async () => {
        const res = await technician.rpc('my_work_order_areas');
        if (must(res, 'areas').length === 0) throw new Error('no areas');
      },
    },
    {
      name: 'my work orders (technician)',
      run: async () => {
        const res = await technician
          .from('work_orders')
          .select(CARD_SELECT, { count: 'exact' })
          .in('status', [...OPEN])
          .order('priority', { ascending: false })
          .order('due_at', { ascending: true, nullsFirst: false })
          .order('created_at')
          .limit(SHOWN)
          .eq('assignee_id', TECHNICIAN);
        if (must(res, 'mine').length === 0) throw new Error('nothing assigned');
      },
    },
    {
      name: 'urgent and overdue (manager)',
      run: async () => {
        const res = await manager
          .from('work_orders')
          .select(CARD_SELECT, { count: 'exact' })
          .in('status', [...OPEN])
          .order('priority', { ascending: false })
          .order('due_at', { ascending: true, nullsFirst: false })
          .order('created_at')
          .limit(SHOWN)
          .or(`priority.eq.urgent,due_at.lt.${new Date().toISOString()}`);
        if (must(res, 'urgent').length === 0) throw new Error('nothing urgent');
      },
    },
  ];
}

interface Counts {
  workOrders: number;
  open: number;
  /** Not closed: the list's total. */
  listed: number;
  /** The villa of "list, one villa", and its work orders not closed. */
  villa: string;
  villaListed: number;
  mine: number;
  /** Mine's total: mine open, and the open unassigned ones of my areas. */
  mineQueue: number;
  urgentOrOverdue: number;
  seconds: number;
}

async function benchTarget(
  target: Target,
  databaseUrl?: string,
): Promise<{ results: Result[]; counts: Counts }> {
  const server = await startBenchServer(databaseUrl);
  try {
    const t0 = Date.now();
    await server.db.transaction((tx) => tx.exec(DATA_SQL));
    const seconds = Math.round((Date.now() - t0) / 100) / 10;
    await server.db.exec('analyze');
    const r = await server.db.query<{ w: number; o: number; l: number; m: number; u: number }>(
      `select count(*)::int as w,
        (count(*) filter (where w.status not in ('resolved', 'closed')))::int as o,
        (count(*) filter (where w.status <> 'closed'))::int as l,
        (count(*) filter (where w.status not in ('resolved', 'closed') and w.assignee_id = '${TECHNICIAN}'))::int as m,
        (count(*) filter (where w.status not in ('resolved', 'closed') and (w.priority = 'urgent' or w.due_at < now())))::int as u
      from public.work_orders w`,
    );
    // The villa of "list, one villa": the bench villa with the most work orders not closed.
    const v = await server.db.query<{ id: string; n: number }>(
      `select p.id, count(*)::int as n
      from public.work_orders w join public.properties p on p.id = w.property_id
      where p.code like 'MTB-%' and w.status <> 'closed'
      group by p.id, p.code order by n desc, p.code limit 1`,
    );
    const c = r.rows[0]!;
    const villa = v.rows[0]!;
    const manager = await managerClient(server);
    const technician = await signedInClient(server, 'technician@arivia.local');
    const queue = await technician
      .rpc('my_work_orders', { include_unassigned: true }, { count: 'exact', head: true })
      .select('id');
    if (queue.error || queue.count === null)
      throw new Error(`Mine's total: ${queue.error?.message}`);
    const counts: Counts = {
      workOrders: c.w,
      open: c.o,
      listed: c.l,
      villa: villa.id,
      villaListed: villa.n,
      mine: c.m,
      mineQueue: queue.count,
      urgentOrOverdue: c.u,
      seconds,
    };
    console.log(
      `  ${c.w} work orders loaded in ${seconds} s: ${c.o} open, ${c.l} not closed (${villa.n} of them the villa's), ${c.m} assigned to the demo technician (Mine: ${queue.count}), ${c.u} urgent or overdue`,
    );
    return { results: await runCases(target, cases(manager, technician, villa.id)), counts };
  } finally {
    await server.close();
  }
}

async function main() {
  const loadBefore = loadAverage();
  const runs = await forEachTarget('maintenance', 'bench_maintenance', benchTarget);
  const loadAfter = loadAverage();
  const results = Object.values(runs).flatMap((r) => r.results);
  const md = [
    `${PROPERTIES.toLocaleString('en')} villas, ${(PROPERTIES * PER_PROPERTY).toLocaleString('en')} bench work orders (plus the demo seed's); ${ROUNDS} requests per row through supabase-js as the demo manager or technician.`,
    '',
    "| database | work orders | open | not closed (the list's total) | the villa's not closed | the technician's open | Mine's total | urgent or overdue |",
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(runs).map(
      ([t, r]) =>
        `| ${targetName(t as Target)} | ${r.counts.workOrders} | ${r.counts.open} | ${r.counts.listed} | ${r.counts.villaListed} | ${r.counts.mine} | ${r.counts.mineQueue} | ${r.counts.urgentOrOverdue} |`,
    ),
    '',
    ...resultRows(results),
    '',
    loadLine(loadBefore, loadAfter),
  ].join('\n');
  writeResults(
    'maintenance',
    {
      properties: PROPERTIES,
      workOrders: PROPERTIES * PER_PROPERTY,
      counts: Object.fromEntries(Object.entries(runs).map(([t, r]) => [t, r.counts])),
      loadAverage: { before: loadBefore, after: loadAfter },
      results,
    },
    md,
  );
}

await main();
