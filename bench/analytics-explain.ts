// EXPLAIN ANALYZE of the analytics functions (20261203100000_analytics.sql, docs/analytics.md
// "Speed") as the demo manager (role authenticated, RLS as through the API) over one year at
// BENCH_PROPERTIES villas (default 2,000): a stay every 4.5 days per villa, its turnover done
// and timed, one inspection in four, one consumption movement per clean, 20 work orders per
// villa. The rows are written with triggers off (session_replication_role = replica): this is
// a read benchmark, the writers' rules are not what it measures.
// Run: npx tsx bench/analytics-explain.ts   (BENCH_TARGETS=pglite,postgres; EXPLAIN_RUNS=N;
// EXPLAIN_PLANS=1 prints the plans of the functions' bodies' scans)
const VILLAS = Number(process.env.BENCH_PROPERTIES ?? 2000);
const { forEachTarget, startBenchServer } = await import('./api-bench.ts');

const MANAGER = 'a11ce000-0000-4000-8000-000000000002';
const RUNS = Number(process.env.EXPLAIN_RUNS ?? 3);
const AS_MANAGER = `set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"${MANAGER}","role":"authenticated"}', true);
select set_config('request.jwt.claim.sub', '${MANAGER}', true);
select set_config('request.jwt.claim.role', 'authenticated', true);`;

export const DATA_SQL = `
set local session_replication_role = replica;
insert into public.properties (id, code, name, area)
  select gen_random_uuid(), 'AN-' || g, 'Analytics villa ' || g, 'Analytics area ' || (g % 20)
  from generate_series(1, ${VILLAS}) g;
insert into public.inventory_locations (kind, name, property_id)
  select 'property', p.name, p.id from public.properties p where p.code like 'AN-%';
insert into public.reservations (property_id, check_in, check_out, guest_name, guests)
  select p.id, t, t + interval '3 days', '', 2
  from public.properties p,
    lateral (select timestamptz '2026-01-01 13:00+00' + k * interval '4 days 12 hours'
      + (abs(hashtext(p.code)) % 24) * interval '1 hour' as t from generate_series(0, 80) k) s
  where p.code like 'AN-%';
insert into public.cleaning_tasks (property_id, cleaning_type_id, turnover_for, window_start, due_at,
    day, estimated_minutes, status, next_check_in, started_at, finished_at)
  select r.property_id, (select id from public.cleaning_types where code = 'turnover'), r.id,
    r.check_out, r.check_out + interval '1 day 12 hours', (r.check_out at time zone 'Europe/Athens')::date,
    120, 'done', r.check_out + interval '1 day 12 hours',
    r.check_out + interval '1 hour', r.check_out + interval '3 hours' + (abs(hashtext(r.id::text)) % 120) * interval '1 minute'
  from public.reservations r join public.properties p on p.id = r.property_id where p.code like 'AN-%';
insert into public.cleaning_task_activity (task_id, at, action, from_status, to_status)
  select t.id, t.finished_at + interval '2 hours', 'status', 'done',
    case when abs(hashtext(t.id::text)) % 5 = 0 then 'in_progress' else 'inspected' end::public.cleaning_task_status
  from public.cleaning_tasks t join public.properties p on p.id = t.property_id
  where p.code like 'AN-%' and abs(hashtext(t.id::text)) % 4 = 0;
insert into public.inventory_items (name, category, unit_cost) values ('Analytics soap', 'amenities', 1.20);
insert into public.inventory_movements (item_id, location_id, kind, quantity, unit_cost, clean_id, mutation_id, occurred_at)
  select (select id from public.inventory_items where name = 'Analytics soap'), l.id, 'consume', -4, 1.20,
    t.id, gen_random_uuid(), t.finished_at
  from public.cleaning_tasks t join public.inventory_locations l on l.property_id = t.property_id
  join public.properties p on p.id = t.property_id where p.code like 'AN-%';
insert into public.work_orders (property_id, title, category, priority, status, created_at,
    resolved_at, parts_cost, labour_cost)
  select p.id, 'Analytics order', (enum_range(null::public.work_order_category))[1 + k % 9],
    (enum_range(null::public.work_order_priority))[1 + k % 4],
    case when k % 10 < 7 then 'resolved' else 'open' end::public.work_order_status,
    timestamptz '2026-01-01 08:00+00' + (k * 17 + abs(hashtext(p.code)) % 17) * interval '1 day',
    case when k % 10 < 7 then timestamptz '2026-01-01 08:00+00' + (k * 17 + abs(hashtext(p.code)) % 17) * interval '1 day'
      + (k % 7 + 1) * interval '9 hours' end,
    10 * (k % 5), 25
  from public.properties p, generate_series(0, 19) k where p.code like 'AN-%';
`;

const RANGES = [
  ['quarter', "'2026-07-01', '2026-09-30'"],
  ['year', "'2026-01-01', '2026-12-31'"],
] as const;
const FUNCTIONS = [
  'analytics_cleans',
  'analytics_turnovers',
  'analytics_inspections',
  'analytics_work_orders',
  'analytics_maintenance_cost',
  'analytics_stock',
  'analytics_occupancy',
];

await forEachTarget('analytics explain', 'bench_analytics_explain', async (target, url) => {
  const server = await startBenchServer(url);
  try {
    const t0 = performance.now();
    await server.db.transaction((tx) => tx.exec(DATA_SQL));
    await server.db.exec('analyze');
    const counts = await server.db.query<Record<string, string>>(
      `select (select count(*) from public.reservations) as stays,
         (select count(*) from public.cleaning_tasks) as cleans,
         (select count(*) from public.work_orders) as work_orders,
         (select count(*) from public.inventory_movements) as movements`,
    );
    console.log(
      `${target}: data in ${Math.round(performance.now() - t0)} ms`,
      JSON.stringify(counts.rows[0]),
    );
    for (const [range, args] of RANGES) {
      for (const fn of FUNCTIONS) {
        const sql = `select * from public.${fn}(${args})`;
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < RUNS; i++) {
          await server.db
            .transaction(async (tx) => {
              await tx.exec(`${AS_MANAGER} set local statement_timeout = '60s';`);
              const t = performance.now();
              const r = await tx.query(sql);
              times.push(Math.round(performance.now() - t));
              rows = r.rows.length;
            })
            .catch((e: Error) => times.push(Number.NaN) && console.log(`${fn}: ${e.message}`));
        }
        times.sort((a, b) => a - b);
        console.log(`${target} ${range} ${fn}: ${rows} rows, ${times.join(' / ')} ms`);
      }
    }
    if (process.env.EXPLAIN_PLANS) {
      // The scans of analytics_cleans and analytics_inspections for the quarter, no filters, as
      // the manager, with the bounds as the functions' custom plans see them (no villa filter).
      const bounds = (col: string) =>
        `${col} >= '2026-03-30 21:00+00' and ${col} < '2026-09-30 21:00+00'`;
      const bodies = {
        cleans: `explain (analyze, buffers)
        with p as (select * from private.analytics_periods('2026-07-01', '2026-09-30')),
        c as (
          select p.period, t.property_id, t.estimated_minutes,
            extract(epoch from (t.finished_at - t.started_at)) / 60 as minutes
          from p join public.cleaning_tasks t on t.finished_at >= p.start_at and t.finished_at < p.end_at
          where t.status in ('done', 'inspected') and ${bounds('t.finished_at')}
        )
        select c.period, c.property_id, count(*), avg(c.minutes) from c
        group by grouping sets ((c.period, c.property_id), (c.period))`,
        inspections: `explain (analyze, buffers)
        with p as (select * from private.analytics_periods('2026-07-01', '2026-09-30')),
        c as (
          select p.period, t.property_id, a.to_status = 'inspected' as ok
          from p join public.cleaning_task_activity a on a.at >= p.start_at and a.at < p.end_at
          join public.cleaning_tasks t on t.id = a.task_id
          where a.action = 'status' and a.from_status = 'done'
            and a.to_status in ('inspected', 'in_progress') and ${bounds('a.at')}
        )
        select c.period, c.property_id, count(*) from c
        group by grouping sets ((c.period, c.property_id), (c.period))`,
      };
      for (const body of Object.values(bodies))
        await server.db.transaction(async (tx) => {
          await tx.exec(AS_MANAGER);
          const r = await tx.query<{ 'QUERY PLAN': string }>(body);
          console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
        });
    }
  } finally {
    await server.close();
  }
});
