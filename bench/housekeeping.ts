// Housekeeping benchmark (issue 14): turnovers made by the database from reservations, and the
// board's reads, at 2,000 villas and 50,000 stays, on PGlite and on PostgreSQL 15. The backend is
// this repository's own supabase/ folder started in this process (fresh in-memory PGlite; a fresh
// database of a throwaway PostgreSQL 15 cluster).
//
//   generate     the 50,000 stays inserted in one statement WITH the reservation triggers, so
//                every confirmed check-out makes its turnover and every stay recomputes the window
//                of the one before it (docs/housekeeping.md); reported as seconds and turnovers/s.
//                The villas, and each one's default housekeeper, are loaded without triggers
//                (not what is measured); each new turnover is assigned to her.
//   board day    the board's read for one day: cleaning_tasks with villa, type and assignees
//                (src/features/housekeeping/api/get-board.ts), as the demo manager (RLS runs).
//   board week   the same for seven days.
//
// Each read: ROUNDS requests (default 200) at 1 client, then at 8 concurrent clients, after a
// warm-up; p50 / p95 over every request (bench/api-bench.ts, shared with bench/properties.ts).
// Run: npx tsx bench/housekeeping.ts   (BENCH_ROUNDS=N; BENCH_TARGETS=pglite,postgres;
//      BENCH_PROPERTIES=N for a smaller trial run)
import { performance } from 'node:perf_hooks';
import {
  forEachTarget,
  loadAverage,
  loadLine,
  must,
  managerClient,
  resultRows,
  ROUNDS,
  runCases,
  startBenchServer,
  targetName,
  writeResults,
  type Case,
  type Client,
  type Result,
  type Target,
} from './api-bench.ts';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 2000);
const STAYS_PER_PROPERTY = 25;

interface Generated {
  seconds: number;
  turnovers: number;
  assigned: number;
  perSecond: number;
}

const VILLAS_SQL = `
set local session_replication_role = replica;
insert into public.properties (code, name, type, status, address, area, bedrooms, bathrooms, max_guests, owner_name)
select 'HKB-' || lpad(i::text, 5, '0'),
  'Villa ' || initcap(substr(md5(i::text), 1, 8)), 'villa', 'active', 'Bench street ' || i,
  (array['Oia, Santorini','Fira, Santorini','Naoussa, Paros','Ornos, Mykonos','Chora, Naxos'])[1 + i % 5],
  1 + i % 6, 1 + i % 4, 2 + 2 * (i % 6), 'Owner ' || i
from generate_series(1, ${PROPERTIES}) as i;
-- Each villa's default housekeeper (cleaning settings), one of the three demo housekeepers: the
-- turnovers the stays make are assigned to her (20261124140000_turnover_default_housekeeper.sql).
insert into public.property_housekeeping (property_id, default_housekeeper_id)
select p.id, (array['a11ce000-0000-4000-8000-000000000003', 'a11ce000-0000-4000-8000-000000000005',
  'a11ce000-0000-4000-8000-000000000006'])[1 + substr(p.code, 5)::int % 3]::uuid
from public.properties p where p.code like 'HKB-%';
`;

// 25 stays per villa, 2 to 7 nights, 0 to 3 days apart (a third back to back), from 125 days ago;
// 1 in 20 cancelled. Inserted with the triggers on: this is the measured turnover generation.
const STAYS_SQL = `
insert into public.reservations (property_id, guest_name, guests, check_in, check_out, source, status)
select p.id, 'Guest ' || k, 1 + (p.n + k) % 6,
  date_trunc('day', now()) - interval '125 days' + (k * 10 + (p.n % 5)) * interval '1 day' + interval '13 hours',
  date_trunc('day', now()) - interval '125 days' + (k * 10 + (p.n % 5) + 3 + (p.n + k) % 6) * interval '1 day' + interval '8 hours',
  'direct',
  case when (p.n * 7 + k) % 20 = 0 then 'cancelled' else 'confirmed' end::public.reservation_status
from (select id, row_number() over (order by code) as n from public.properties where code like 'HKB-%') p
cross join generate_series(0, ${STAYS_PER_PROPERTY - 1}) as k;
`;

const BOARD =
  'id,property_id,day,window_start,due_at,estimated_minutes,priority,status,version,notes,same_day,guests_arriving,next_check_in,flagged,flag_reason,inspection_required,turnover_for,property:properties(name,code,area),type:cleaning_types(name,color,code),assignees:cleaning_task_assignees(id,user_id)';

const dayOf = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function cases(sb: Client): Case[] {
  const board = async (from: string, to: string) => {
    const res = await sb
      .from('cleaning_tasks')
      .select(BOARD)
      .gte('day', from)
      .lte('day', to)
      .order('window_start')
      .limit(2000);
    if (must(res, 'board').length === 0) throw new Error('empty board');
  };
  return [
    { name: 'board day', run: () => board(dayOf(0), dayOf(0)) },
    { name: 'board week', run: () => board(dayOf(0), dayOf(6)) },
  ];
}

async function benchTarget(
  target: Target,
  databaseUrl?: string,
): Promise<{ results: Result[]; generate: Generated }> {
  const server = await startBenchServer(databaseUrl);
  try {
    await server.db.transaction((tx) => tx.exec(VILLAS_SQL));
    const t0 = performance.now();
    await server.db.transaction((tx) => tx.exec(STAYS_SQL));
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    await server.db.exec('analyze');
    const counts = await server.db.query<{ r: number; t: number; a: number; day: number }>(
      `select (select count(*) from public.reservations r join public.properties p on p.id = r.property_id where p.code like 'HKB-%')::int as r,
        (select count(*) from public.cleaning_tasks t join public.properties p on p.id = t.property_id where p.code like 'HKB-%')::int as t,
        (select count(*) from public.cleaning_task_assignees a join public.cleaning_tasks t on t.id = a.task_id
          join public.properties p on p.id = t.property_id where p.code like 'HKB-%')::int as a,
        (select count(*) from public.cleaning_tasks where day = (now() at time zone 'Europe/Athens')::date)::int as day`,
    );
    const c = counts.rows[0]!;
    const generate = {
      seconds,
      turnovers: c.t,
      assigned: c.a,
      perSecond: Math.round(c.t / seconds),
    };
    console.log(
      `  ${c.r} stays inserted with their triggers in ${seconds} s: ${c.t} turnovers (${generate.perSecond}/s), ${c.a} assigned; ${c.day} cleans today`,
    );
    const results = await runCases(target, cases(await managerClient(server)));
    return { results, generate };
  } finally {
    await server.close();
  }
}

async function main() {
  const loadBefore = loadAverage();
  const runs = await forEachTarget('housekeeping', 'bench_housekeeping', benchTarget);
  const loadAfter = loadAverage();
  const results = Object.values(runs).flatMap((r) => r.results);
  const generated = Object.fromEntries(Object.entries(runs).map(([t, r]) => [t, r.generate]));
  const md = [
    `${PROPERTIES.toLocaleString('en')} villas, ${(PROPERTIES * STAYS_PER_PROPERTY).toLocaleString('en')} stays; ${ROUNDS} requests per row through supabase-js as the demo manager.`,
    '',
    '| database | turnovers generated | assigned | seconds | turnovers/s |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(runs).map(
      ([t, r]) =>
        `| ${targetName(t as Target)} | ${r.generate.turnovers} | ${r.generate.assigned} | ${r.generate.seconds} | ${r.generate.perSecond} |`,
    ),
    '',
    ...resultRows(results),
    '',
    loadLine(loadBefore, loadAfter),
  ].join('\n');
  writeResults(
    'housekeeping',
    {
      properties: PROPERTIES,
      reservations: PROPERTIES * STAYS_PER_PROPERTY,
      generated,
      loadAverage: { before: loadBefore, after: loadAfter },
      results,
    },
    md,
  );
}

await main();
