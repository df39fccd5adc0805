// Maintenance benchmark: the reads of the work-order screens at 20,000 work orders over 2,000 villas,
// on PGlite and on PostgreSQL 15. The backend is this repository's own supabase/ folder started in
// this process (fresh in-memory PGlite; a fresh database of a throwaway PostgreSQL 15 cluster).
// The villas and work orders are loaded without triggers (not what is measured): ten per villa,
// reported over the last two years, most of them closed (history), the open ones shared between
// the two demo technicians and the manager.
//
//   list (manager)          the maintenance screen's read (src/features/maintenance/api/
//                           get-work-orders.ts): work_orders with their villa, newest first, at
//                           most 5,000 - the List and Board views filter and sort it on the device.
//   Mine view (technician)  the same read as the demo technician: the Mine view is that list
//                           filtered on the device to my open work orders, most urgent first.
//   my work orders          the technician's queue as the server answers it (the dashboard's
//                           "My work orders" card, src/features/maintenance/api/get-work-orders-today.ts):
//                           my open work orders, most urgent first, with the count.
//   urgent and overdue      the manager's dashboard card: open work orders that are urgent or past
//                           due, most urgent first, with the count.
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

// As the app sends them (keep in step with src/features/maintenance/api/get-work-orders.ts and
// src/features/maintenance/api/get-work-orders-today.ts).
const LIST_SELECT =
  'id,property_id,title,description,location,category,priority,status,version,assignee_id,reporter_id,due_at,blocking,labour_minutes,parts_cost,labour_cost,external_cost,resolution_notes,created_at,property:properties(name,code,area)';
const CARD_SELECT = 'id,title,priority,status,due_at,blocking,property:properties(name)';
const OPEN = ['open', 'assigned', 'in_progress', 'on_hold'] as const;

function cases(manager: Client, technician: Client): Case[] {
  const list = async (sb: Client, what: string) => {
    const res = await sb
      .from('work_orders')
      .select(LIST_SELECT)
      .order('created_at', { ascending: false })
      .limit(5000);
    if (must(res, what).length === 0) throw new Error(`${what}: empty list`);
  };
  return [
    { name: 'list (manager)', run: () => list(manager, 'list') },
    { name: 'Mine view (technician)', run: () => list(technician, 'Mine view') },
    {
      name: 'my work orders (technician)',
      run: async () => {
        const res = await technician
          .from('work_orders')
          .select(CARD_SELECT, { count: 'exact' })
          .eq('assignee_id', TECHNICIAN)
          .in('status', [...OPEN])
          .order('priority', { ascending: false })
          .order('due_at', { ascending: true, nullsFirst: false })
          .order('created_at')
          .limit(5);
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
          .or(`priority.eq.urgent,due_at.lt.${new Date().toISOString()}`)
          .order('priority', { ascending: false })
          .order('due_at', { ascending: true, nullsFirst: false })
          .order('created_at')
          .limit(5);
        if (must(res, 'urgent').length === 0) throw new Error('nothing urgent');
      },
    },
  ];
}

interface Counts {
  workOrders: number;
  open: number;
  mine: number;
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
    const r = await server.db.query<{ w: number; o: number; m: number; u: number }>(
      `select count(*)::int as w,
        (count(*) filter (where w.status not in ('resolved', 'closed')))::int as o,
        (count(*) filter (where w.status not in ('resolved', 'closed') and w.assignee_id = '${TECHNICIAN}'))::int as m,
        (count(*) filter (where w.status not in ('resolved', 'closed') and (w.priority = 'urgent' or w.due_at < now())))::int as u
      from public.work_orders w`,
    );
    const c = r.rows[0]!;
    const counts = { workOrders: c.w, open: c.o, mine: c.m, urgentOrOverdue: c.u, seconds };
    console.log(
      `  ${c.w} work orders loaded in ${seconds} s: ${c.o} open, ${c.m} assigned to the demo technician, ${c.u} urgent or overdue`,
    );
    const manager = await managerClient(server);
    const technician = await signedInClient(server, 'technician@arivia.local');
    return { results: await runCases(target, cases(manager, technician)), counts };
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
    "| database | work orders | open | the technician's open | urgent or overdue |",
    '|---|---:|---:|---:|---:|',
    ...Object.entries(runs).map(
      ([t, r]) =>
        `| ${targetName(t as Target)} | ${r.counts.workOrders} | ${r.counts.open} | ${r.counts.mine} | ${r.counts.urgentOrOverdue} |`,
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
