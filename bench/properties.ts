// Properties benchmark (issue 5): the API latency of the properties list the UI runs, at 2,000
// villas and 50,000 reservations, on PGlite and on PostgreSQL 15. The backend is this repository's
// own supabase/ folder (migrations, RLS, seed), started in this process on a fresh in-memory PGlite
// and on a fresh database of a throwaway PostgreSQL 15 cluster; the data is loaded with SQL
// (generate_series) through the server's database handle; requests go through supabase-js signed
// in as the demo manager, so RLS, the security_invoker view and its private helper views all run.
//
//   first page   property_overview, not archived, ordered by name, 50 rows, exact count, with
//                cover photo, next check-in / check-out, occupied, guest-ready and reasons
//   search       the same with or=(name,code,area ilike *term*)
//   filter+sort  one area, guest-ready only, ordered by next check-in (computed for every villa)
//   detail       one villa with its access notes, photos and upcoming reservations (two requests
//                the detail page makes, measured as one)
//
// Each case: ROUNDS requests (default 200) at 1 client, then ROUNDS at 8 concurrent clients, after
// a warm-up; p50 / p95 over every request.
// Run: npx tsx bench/properties.ts   (BENCH_ROUNDS=N; BENCH_TARGETS=pglite,postgres)
import { performance } from 'node:perf_hooks';
import {
  forEachTarget,
  loadAverage,
  loadLine,
  managerClient,
  must,
  resultRows,
  ROUNDS,
  runCases,
  startBenchServer,
  writeResults,
  type Case,
  type Client,
  type Result,
  type Target,
} from './api-bench.ts';

const PROPERTIES = 2000;
const STAYS_PER_PROPERTY = 25;

// 2,000 villas over 8 areas (1 in 17 inactive, 1 in 25 archived once its stays exist); 25 stays
// each, 3 to 8 nights 10 days apart from 125 days ago (half past, half future), 1 in 20 cancelled.
// Triggers are skipped for the load (session_replication_role = replica): the stamps and the
// friendly overlap check are per-row work the data does not need; the exclusion constraint, an
// index, still checks every stay.
const LOAD_SQL = `
set local session_replication_role = replica;
insert into public.properties (code, name, type, status, address, area, bedrooms, bathrooms, max_guests, owner_name)
select 'BEN-' || lpad(i::text, 5, '0'),
  (array['Villa','Casa','Spiti','Suite','Residence'])[1 + i % 5] || ' ' || initcap(substr(md5(i::text), 1, 8)),
  (array['villa','house','apartment','suite','studio'])[1 + i % 5]::public.property_type,
  case when i % 17 = 0 then 'inactive' else 'active' end::public.property_status,
  'Bench street ' || i,
  (array['Oia, Santorini','Fira, Santorini','Imerovigli, Santorini','Naoussa, Paros','Parikia, Paros',
         'Ornos, Mykonos','Chora, Naxos','Apollonia, Sifnos'])[1 + i % 8],
  1 + i % 6, 1 + i % 4, 2 + 2 * (i % 6), 'Owner ' || i
from generate_series(1, ${PROPERTIES}) as i;
insert into public.property_photos (property_id, storage_path, position, is_cover)
select p.id, p.code || '/' || n || '.jpg', n - 1, n = 1
from public.properties p cross join generate_series(1, 3) as n
where p.code like 'BEN-%';
insert into public.reservations (property_id, guest_name, guests, check_in, check_out, source, external_uid, status, cancelled_at)
select p.id, 'Guest ' || k || ' ' || p.code, 2,
  date_trunc('day', now()) - interval '125 days' + (k * 10 + (p.n % 5)) * interval '1 day' + interval '13 hours',
  date_trunc('day', now()) - interval '125 days' + (k * 10 + (p.n % 5) + 3 + (p.n + k) % 6) * interval '1 day' + interval '8 hours',
  (array['airbnb','booking','vrbo','direct'])[1 + (p.n + k) % 4]::public.reservation_source,
  case when (p.n + k) % 4 = 3 then null else md5(p.code || k) || '@bench' end,
  case when (p.n * 7 + k) % 20 = 0 then 'cancelled' else 'confirmed' end::public.reservation_status,
  case when (p.n * 7 + k) % 20 = 0 then now() end
from (select id, code, row_number() over (order by code) as n from public.properties where code like 'BEN-%') p
cross join generate_series(0, ${STAYS_PER_PROPERTY - 1}) as k;
update public.properties set archived = true, archived_at = now()
where code like 'BEN-%' and substr(code, 5)::int % 25 = 0;
`;

const LIST_COLUMNS =
  'id, code, name, area, type, status, bedrooms, bathrooms, max_guests, archived, cover_photo_path, next_check_in, next_check_out, occupied, guest_ready, not_ready_reasons';

function cases(sb: Client, villaId: string): Case[] {
  return [
    {
      name: 'first page (50 by name, count)',
      run: async () => {
        const res = await sb
          .from('property_overview')
          .select(LIST_COLUMNS, { count: 'exact' })
          .eq('archived', false)
          .order('name')
          .range(0, 49);
        if (must(res, 'first page').length !== 50) throw new Error('short page');
      },
    },
    {
      name: 'search "casa" (or ilike, count)',
      run: async () => {
        const res = await sb
          .from('property_overview')
          .select(LIST_COLUMNS, { count: 'exact' })
          .eq('archived', false)
          .or('name.ilike.*casa*,code.ilike.*casa*,area.ilike.*casa*')
          .order('name')
          .range(0, 49);
        if (must(res, 'search').length === 0) throw new Error('no search results');
      },
    },
    {
      name: 'filter area + guest-ready, sort by next check-in',
      run: async () => {
        const res = await sb
          .from('property_overview')
          .select(LIST_COLUMNS, { count: 'exact' })
          .eq('archived', false)
          .eq('area', 'Oia, Santorini')
          .eq('guest_ready', true)
          .order('next_check_in', { ascending: true, nullsFirst: false })
          .range(0, 49);
        if (must(res, 'filter').length === 0) throw new Error('no filter results');
      },
    },
    {
      name: 'detail (villa + access + photos; upcoming stays)',
      run: async () => {
        const [villa, stays] = await Promise.all([
          sb
            .from('properties')
            .select('*, property_access(*), property_photos(*)')
            .eq('id', villaId)
            .single(),
          sb
            .from('reservations')
            .select('id, guest_name, guests, check_in, check_out, source, status')
            .eq('property_id', villaId)
            .gte('check_out', new Date().toISOString())
            .order('check_in')
            .limit(20),
        ]);
        must(villa, 'detail');
        must(stays, 'upcoming stays');
      },
    },
  ];
}

async function benchTarget(
  target: Target,
  databaseUrl?: string,
): Promise<{ results: Result[]; loadSeconds: number }> {
  const server = await startBenchServer(databaseUrl);
  try {
    const t0 = performance.now();
    await server.db.transaction((tx) => tx.exec(LOAD_SQL));
    await server.db.exec('analyze');
    const loadSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const counts = await server.db.query<{ p: number; r: number }>(
      'select (select count(*) from public.properties)::int as p, (select count(*) from public.reservations)::int as r',
    );
    console.log(
      `  loaded in ${loadSeconds} s: ${counts.rows[0]!.p} properties, ${counts.rows[0]!.r} reservations`,
    );

    const sb = await managerClient(server);
    const villa = must(
      await sb.from('properties').select('id').eq('code', 'BEN-00042').single(),
      'bench villa',
    );

    const results = await runCases(target, cases(sb, villa.id));
    return { results, loadSeconds };
  } finally {
    await server.close();
  }
}

function table(results: Result[]): string {
  return [
    `${PROPERTIES.toLocaleString('en')} properties (+12 demo), ${(PROPERTIES * STAYS_PER_PROPERTY).toLocaleString('en')} reservations (+ demo); ` +
      `${ROUNDS} requests per row through supabase-js as the demo manager; latency in ms.`,
    '',
    ...resultRows(results),
  ].join('\n');
}

async function main() {
  const loadBefore = loadAverage();
  const runs = await forEachTarget('properties', 'bench_properties', benchTarget);
  const loadAfter = loadAverage();
  const results = Object.values(runs).flatMap((r) => r.results);
  const loads = Object.fromEntries(Object.entries(runs).map(([t, r]) => [t, r.loadSeconds]));
  writeResults(
    'properties',
    {
      properties: PROPERTIES,
      reservations: PROPERTIES * STAYS_PER_PROPERTY,
      loadSeconds: loads,
      loadAverage: { before: loadBefore, after: loadAfter },
      results,
    },
    `${table(results)}\n\n${loadLine(loadBefore, loadAfter)}`,
  );
}

await main();
