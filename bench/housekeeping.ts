// Housekeeping benchmark (issue 14): turnovers made by the database from reservations, and the
// board's reads, at 2,000 villas and 50,000 stays, on PGlite and on PostgreSQL 15. The backend is
// this repository's own supabase/ folder started in this process (fresh in-memory PGlite; a fresh
// database of a throwaway PostgreSQL 15 cluster).
//
//   generate     the 50,000 stays inserted in one statement WITH the reservation triggers, so
//                every confirmed check-out makes its turnover and every stay recomputes the window
//                of the one before it (docs/housekeeping.md); reported as seconds and turnovers/s.
//                The villas are loaded without triggers (not what is measured).
//   board day    the board's read for one day: cleaning_tasks with villa, type and assignees
//                (src/features/housekeeping/api/get-board.ts), as the demo manager (RLS runs).
//   board week   the same for seven days.
//
// Each read: ROUNDS requests (default 200) at 1 client, then at 8 concurrent clients, after a
// warm-up; p50 / p95 over every request.
// Run: npx tsx bench/housekeeping.ts   (BENCH_ROUNDS=N; BENCH_TARGETS=pglite,postgres;
//      BENCH_PROPERTIES=N for a smaller trial run)
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/app.ts';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import type { Database } from '../src/lib/database.types.ts';
import { percentile } from './load.ts';
import { startCluster, freePort, freshDatabase } from '../scripts/pg-cluster.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CONCURRENCY = [1, 8];
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 2000);
const STAYS_PER_PROPERTY = 25;

type Target = 'pglite' | 'postgres';

interface Result {
  target: Target;
  case: string;
  clients: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  max: number;
}

const VILLAS_SQL = `
set local session_replication_role = replica;
insert into public.properties (code, name, type, status, address, area, bedrooms, bathrooms, max_guests, owner_name)
select 'HKB-' || lpad(i::text, 5, '0'),
  'Villa ' || initcap(substr(md5(i::text), 1, 8)), 'villa', 'active', 'Bench street ' || i,
  (array['Oia, Santorini','Fira, Santorini','Naoussa, Paros','Ornos, Mykonos','Chora, Naxos'])[1 + i % 5],
  1 + i % 6, 1 + i % 4, 2 + 2 * (i % 6), 'Owner ' || i
from generate_series(1, ${PROPERTIES}) as i;
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

type Client = SupabaseClient<Database>;

const BOARD =
  'id,property_id,day,window_start,due_at,estimated_minutes,priority,status,version,notes,same_day,guests_arriving,next_check_in,flagged,flag_reason,inspection_required,turnover_for,property:properties(name,code,area),type:cleaning_types(name,color,code),assignees:cleaning_task_assignees(id,user_id)';

function must<T>(
  res: { data: T; error: { message: string } | null },
  what: string,
): NonNullable<T> {
  if (res.error || res.data === null || res.data === undefined) {
    throw new Error(`${what}: ${res.error?.message ?? 'no data'}`);
  }
  return res.data;
}

const dayOf = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function cases(sb: Client): { name: string; run: () => Promise<void> }[] {
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

async function measure(
  target: Target,
  name: string,
  clients: number,
  op: () => Promise<void>,
): Promise<Result> {
  const latencies: number[] = [];
  const perClient = Math.ceil(ROUNDS / clients);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const s = performance.now();
        await op();
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    target,
    case: name,
    clients,
    requests: latencies.length,
    rps: r1(latencies.length / seconds),
    p50: r1(percentile(latencies, 50)),
    p95: r1(percentile(latencies, 95)),
    max: r1(latencies[latencies.length - 1]!),
  };
}

async function benchTarget(
  target: Target,
  databaseUrl?: string,
): Promise<{
  results: Result[];
  generate: { seconds: number; turnovers: number; perSecond: number };
}> {
  const server: RunningServer = await startServer({
    workdir: root,
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl,
    env: {},
  });
  try {
    await server.db.transaction((tx) => tx.exec(VILLAS_SQL));
    const t0 = performance.now();
    await server.db.transaction((tx) => tx.exec(STAYS_SQL));
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    await server.db.exec('analyze');
    const counts = await server.db.query<{ r: number; t: number; day: number }>(
      `select (select count(*) from public.reservations r join public.properties p on p.id = r.property_id where p.code like 'HKB-%')::int as r,
        (select count(*) from public.cleaning_tasks t join public.properties p on p.id = t.property_id where p.code like 'HKB-%')::int as t,
        (select count(*) from public.cleaning_tasks where day = (now() at time zone 'Europe/Athens')::date)::int as day`,
    );
    const c = counts.rows[0]!;
    const generate = { seconds, turnovers: c.t, perSecond: Math.round(c.t / seconds) };
    console.log(
      `  ${c.r} stays inserted with their triggers in ${seconds} s: ${c.t} turnovers (${generate.perSecond}/s); ${c.day} cleans today`,
    );

    const sb: Client = createClient<Database>(server.url, WELL_KNOWN.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { error } = await sb.auth.signInWithPassword({
      email: 'manager@arivia.local',
      password: 'arivia-demo',
    });
    if (error) throw new Error(`sign-in: ${error.message}`);

    const results: Result[] = [];
    for (const cs of cases(sb)) {
      for (let i = 0; i < 10; i++) await cs.run();
      for (const clients of CONCURRENCY) {
        const r = await measure(target, cs.name, clients, cs.run);
        console.log(`  ${cs.name} x${clients}: p50 ${r.p50} ms, p95 ${r.p95} ms, ${r.rps} req/s`);
        results.push(r);
      }
    }
    return { results, generate };
  } finally {
    await server.close();
  }
}

const load = () => os.loadavg().map((n) => Math.round(n * 10) / 10);

async function main() {
  const loadBefore = load();
  const results: Result[] = [];
  const generated: Record<string, { seconds: number; turnovers: number; perSecond: number }> = {};
  if (TARGETS.includes('pglite')) {
    console.log('housekeeping bench: PGlite (in memory)');
    const r = await benchTarget('pglite');
    results.push(...r.results);
    generated.pglite = r.generate;
  }
  if (TARGETS.includes('postgres')) {
    console.log('housekeeping bench: PostgreSQL 15 (throwaway cluster)');
    const cluster = startCluster(await freePort());
    try {
      const u = (await freshDatabase(cluster.url, 'bench_housekeeping')).url;
      const r = await benchTarget('postgres', u);
      results.push(...r.results);
      generated.postgres = r.generate;
    } finally {
      cluster.stop();
    }
  }
  const loadAfter = load();
  const md = [
    `${PROPERTIES.toLocaleString('en')} villas, ${(PROPERTIES * STAYS_PER_PROPERTY).toLocaleString('en')} stays; ${ROUNDS} requests per row through supabase-js as the demo manager.`,
    '',
    '| database | turnovers generated | seconds | turnovers/s |',
    '|---|---:|---:|---:|',
    ...Object.entries(generated).map(
      ([t, g]) =>
        `| ${t === 'pglite' ? 'PGlite' : 'PostgreSQL 15'} | ${g.turnovers} | ${g.seconds} | ${g.perSecond} |`,
    ),
    '',
    '| database | case | clients | req/s | p50 ms | p95 ms | max ms |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.target === 'pglite' ? 'PGlite' : 'PostgreSQL 15'} | ${r.case} | ${r.clients} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.max} |`,
    ),
    '',
    `Load average (1, 5, 15 min) on ${os.cpus().length} CPUs: ${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')} after.`,
  ].join('\n');
  console.log(`\n${md}\n`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'housekeeping.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        properties: PROPERTIES,
        reservations: PROPERTIES * STAYS_PER_PROPERTY,
        rounds: ROUNDS,
        generated,
        loadAverage: { before: loadBefore, after: loadAfter },
        results,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(here, 'results', 'housekeeping.md'), `${md}\n`);
}

await main();
