// Inventory benchmark (issue 30): the stock reads, low stock and the restock pick list at 2,000
// villas, 500 items and one million movements, on PGlite and on PostgreSQL 15, and the ledger's
// one write (a consume through private.inventory_record()) on top of that ledger. The backend is
// this repository's own supabase/ folder started in this process (fresh in-memory PGlite; a fresh
// database of a throwaway PostgreSQL 15 cluster), the demo seed included.
//
// The data are loaded without triggers (not what is measured; docs/inventory.md "The ledger"):
//   - 2,000 villas, each its location, 40 of the 500 bench items stocked at each with a par level
//     (2-11) and a reorder threshold (half of it): 80,000 stock rows;
//   - twelve movements per villa stock row over the last two years, a count, deliveries in and
//     consumption out (960,000), a third of the rows ending at or below their threshold, and 80 deliveries of each item into the first warehouse (40,000): one
//     million; every on_hand is the sum of its movements, as the ledger keeps it;
//   - a turnover at every villa in the next seven days (a seventh of them tomorrow), with a
//     turnover consuming 20 of the bench items per guest, per bedroom or per stay.
//
//   items, page 1          the items screen's first page: active items by name, 50 and the total.
//   items, search          the same, searched by name, SKU or barcode.
//   items list, totals     the items screen's read (inventory_item_totals, docs/inventory.md "The
//                          items read"): its first page of 200 items, each with on_hand summed over
//                          the manager's places, places and low places (~170 stock rows an item).
//   items list, all pages  the whole read as the app makes it: pages of 200 until a short one.
//   an item's stock        one item at every location that holds it (~170), with the location.
//   an item's history      its newest 50 movements and the total (~2,000 movements).
//   a villa's stock        a villa's 40 stock rows with their items (the villa page's section).
//   low stock, page 1      inventory_low_stock, most short first, 50 and the total.
//   pick list, tomorrow    rpc inventory_pick_list for tomorrow (per villa and the totals).
//   pick list, 7 days      the same for the next seven days.
//   consume one            rpc inventory_consume of 1 at the warehouse, a new mutation id each
//                          (the ledger's write: lock, movement, on_hand, the recorded answer).
//
// Each case: ROUNDS requests (default 200) at 1 client, then at 8, after a warm-up; p50 / p95
// over every request (bench/api-bench.ts); a request the local backend sheds (503) is counted in
// the table's "shed" column, not timed. All as the demo manager.
// Run: npx tsx bench/inventory.ts   (BENCH_ROUNDS=N; BENCH_TARGETS=pglite,postgres;
//      BENCH_PROPERTIES=N for a smaller trial run: the movements scale with the villas;
//      BENCH_CASES=low,pick for only the cases whose name holds one of the words)
import { randomUUID } from 'node:crypto';
import {
  forEachTarget,
  loadAverage,
  loadLine,
  managerClient,
  must,
  resultRows,
  ROUNDS,
  runCases,
  Shed,
  startBenchServer,
  targetName,
  writeResults,
  type Case,
  type Client,
  type Result,
  type Target,
} from './api-bench.ts';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 2000);
const ITEMS = 500;
const STOCKED = 40;
const PER_STOCK = 12;
const RECEIVES_PER_ITEM = 80;
const CONSUMED_ITEMS = 20;
const PAGE = 50;
/** The items screen's page (src/domain/inventory/reads.ts ITEM_PAGE). */
const ITEM_PAGE = 200;
const TOTALS_SELECT =
  'id,name,sku,barcode,category,unit,pack_size,unit_cost,active,on_hand,places,low_places';
/** The demo seed's first warehouse (supabase/seeds/60_inventory.sql). */
const WAREHOUSE = 'c1710000-0000-4000-8000-000000000001';
const MANAGER = 'a11ce000-0000-4000-8000-000000000002';

/** The bench's data (also loaded by bench/inventory-explain.ts). */
export const DATA_SQL = `
set local session_replication_role = replica;
insert into public.properties (code, name, type, status, address, area, bedrooms, bathrooms, max_guests, owner_name)
select 'INB-' || lpad(i::text, 5, '0'),
  'Villa ' || initcap(substr(md5(i::text), 1, 8)), 'villa', 'active', 'Bench street ' || i,
  (array['Oia, Santorini','Fira, Santorini','Naoussa, Paros','Ornos, Mykonos','Chora, Naxos'])[1 + i % 5],
  1 + i % 6, 1 + i % 4, 2 + 2 * (i % 6), 'Owner ' || i
from generate_series(1, ${PROPERTIES}) as i;
-- Each villa is a location (a trigger does it in the app; triggers are off here).
insert into public.inventory_locations (kind, name, property_id)
select 'property', p.name, p.id from public.properties p where p.code like 'INB-%';
insert into public.inventory_items (name, sku, barcode, category, unit, pack_size, unit_cost)
select (array['Bath towel','Hand towel','Shampoo','Coffee capsules','Dish soap','Light bulb','Pool chlorine',
    'Toilet paper','Bed sheet','Filter cartridge'])[1 + i % 10] || ' ' || i,
  'INB-' || lpad(i::text, 4, '0'), '520' || lpad(i::text, 10, '0'),
  (array['linen','amenities','consumables','cleaning_supplies','spare_parts'])[1 + i % 5]::public.inventory_category,
  'piece', 1 + i % 12, (1 + i % 40)::numeric / 2
from generate_series(1, ${ITEMS}) as i;
create temporary table bench_items on commit drop as
  select id, row_number() over (order by sku)::int as n from public.inventory_items where sku like 'INB-%';
create temporary table bench_villas on commit drop as
  select l.id as location_id, p.id as property_id, row_number() over (order by p.code)::int as n
  from public.properties p join public.inventory_locations l on l.property_id = p.id
  where p.code like 'INB-%';
-- 40 items per villa (distinct: k * 12 + the villa's offset), par 2-11, threshold half of it.
insert into public.inventory_stock (item_id, location_id, par_level, reorder_threshold)
select i.id, v.location_id, 2 + k % 10, (2 + k % 10) / 2
from bench_villas v cross join generate_series(0, ${STOCKED - 1}) as k
join bench_items i on i.n = 1 + (k * 12 + v.n % 12) % ${ITEMS};
insert into public.inventory_stock (item_id, location_id, par_level, reorder_threshold)
select id, '${WAREHOUSE}', 200, 50 from bench_items;
-- Twelve movements per villa stock row: in by transfer on even k (3-5), consumed on odd k (3-6),
-- and first a count whose difference brings the row to 0-11 (a third of them at or below their
-- threshold: low stock).
insert into public.inventory_movements (item_id, location_id, kind, quantity, counted_quantity,
  unit_cost, transfer_id, mutation_id, created_by, occurred_at, created_at)
select item_id, location_id,
  case when k = 0 then 'count' when k % 2 = 0 then 'transfer_in' else 'consume' end::public.inventory_movement_kind,
  case when k = 0 then h % 12 - sum(q) over (partition by item_id, location_id) else q end,
  case when k = 0 then h % 12 end,
  1, case when k > 0 and k % 2 = 0 then gen_random_uuid() end, gen_random_uuid(), '${MANAGER}',
  now() - make_interval(hours => ((h + k * 1451) % 17520)::int),
  now() - make_interval(hours => ((h + k * 1451) % 17520)::int)
from (
  select s.item_id, s.location_id, s.h, k,
    case when k = 0 then null when k % 2 = 0 then 3 + (s.h + k) % 3 else -(3 + (s.h + k) % 4) end as q
  from (select item_id, location_id, (abs(hashtext(item_id::text || location_id::text)::bigint) % 1000003)::int as h
    from public.inventory_stock where location_id in (select location_id from bench_villas)) s
  cross join generate_series(0, ${PER_STOCK - 1}) as k
) m;
insert into public.inventory_movements (item_id, location_id, kind, quantity, unit_cost, mutation_id,
  created_by, occurred_at, created_at)
select i.id, '${WAREHOUSE}', 'receive', 20 + (i.n + k) % 31, 1, gen_random_uuid(), '${MANAGER}',
  now() - make_interval(hours => ((i.n * 97 + k * 211) % 17520)::int),
  now() - make_interval(hours => ((i.n * 97 + k * 211) % 17520)::int)
from bench_items i cross join generate_series(1, ${RECEIVES_PER_ITEM}) as k;
-- on_hand is the sum of the movements, as the ledger keeps it.
update public.inventory_stock s set on_hand = m.total
from (select item_id, location_id, sum(quantity) as total from public.inventory_movements
  where location_id in (select location_id from bench_villas) or location_id = '${WAREHOUSE}'
  group by item_id, location_id) m
where s.item_id = m.item_id and s.location_id = m.location_id;
-- What a turnover consumes: 20 of the bench items (each stocked at a twelfth of the villas).
insert into public.inventory_consumption (cleaning_type_id, item_id, basis, quantity)
select t.id, i.id, (array['per_guest','per_bedroom','per_stay'])[1 + i.n % 3]::public.inventory_consumption_basis,
  1 + i.n % 2
from bench_items i, public.cleaning_types t
where t.code = 'turnover' and i.n <= ${CONSUMED_ITEMS};
-- A turnover at every villa in the next seven days (Athens days), 2-8 guests arriving.
insert into public.cleaning_tasks (property_id, cleaning_type_id, window_start, due_at, day,
  estimated_minutes, guests_arriving)
select v.property_id, t.id, d.day + time '11:00', d.day + time '15:00', d.day, 120, 2 + v.n % 7
from bench_villas v
cross join (select id from public.cleaning_types where code = 'turnover') t
cross join lateral (select (now() at time zone 'Europe/Athens')::date + 1 + v.n % 7 as day) d;
`;

const ITEM_SELECT = 'id,name,sku,barcode,category,unit,pack_size,unit_cost,photo_path,active';
const STOCK_SELECT =
  'id,item_id,location_id,on_hand,par_level,reorder_threshold,negative,updated_at,location:inventory_locations(name,kind,property_id)';
const VILLA_STOCK_SELECT =
  'id,item_id,location_id,on_hand,par_level,reorder_threshold,negative,item:inventory_items(name,category,unit)';
const MOVEMENT_SELECT =
  'id,item_id,location_id,kind,quantity,counted_quantity,reason,negative,clean_id,work_order_id,created_by,occurred_at';

/** A counted page: its rows must be `size` (or all of a smaller total); returns the total. */
function page<T>(
  res: { data: T[] | null; error: { message: string } | null; count: number | null },
  what: string,
  size: number,
): number {
  const got = must(res, what).length;
  if (res.count === null) throw new Error(`${what}: no count`);
  if (got !== Math.min(size, res.count)) throw new Error(`${what}: ${got} rows of ${res.count}`);
  if (res.count === 0) throw new Error(`${what}: empty`);
  return res.count;
}

/** 'YYYY-MM-DD' in Athens, `days` from today. */
const athensDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

interface Fixture {
  item: string;
  itemLocations: number;
  villaLocation: string;
  consumeItem: string;
}

function cases(manager: Client, f: Fixture): Case[] {
  const tomorrow = athensDay(1);
  return [
    {
      name: 'items, page 1',
      run: async () => {
        const res = await manager
          .from('inventory_items')
          .select(ITEM_SELECT, { count: 'exact' })
          .eq('active', true)
          .order('name')
          .order('id')
          .range(0, PAGE - 1);
        page(res, 'items', PAGE);
      },
    },
    {
      name: 'items, search',
      run: async () => {
        const res = await manager
          .from('inventory_items')
          .select(ITEM_SELECT, { count: 'exact' })
          .eq('active', true)
          .or('name.ilike.*towel 1*,sku.ilike.*towel 1*,barcode.eq.towel 1')
          .order('name')
          .order('id')
          .range(0, PAGE - 1);
        page(res, 'search', PAGE);
      },
    },
    {
      name: 'items list, totals',
      run: async () => {
        const res = await manager
          .from('inventory_item_totals')
          .select(TOTALS_SELECT)
          .eq('active', true)
          .order('name')
          .order('id')
          .range(0, ITEM_PAGE - 1);
        if (must(res, 'item totals').length !== ITEM_PAGE) throw new Error('item totals: short');
      },
    },
    {
      name: 'items list, all pages',
      run: async () => {
        let read = 0;
        for (;;) {
          const res = await manager
            .from('inventory_item_totals')
            .select(TOTALS_SELECT)
            .eq('active', true)
            .order('name')
            .order('id')
            .range(read, read + ITEM_PAGE - 1);
          const got = must(res, 'item totals').length;
          read += got;
          if (got < ITEM_PAGE) break;
        }
        if (read < ITEMS) throw new Error(`item totals: ${read} of at least ${ITEMS}`);
      },
    },
    {
      name: "an item's stock",
      run: async () => {
        const res = await manager
          .from('inventory_stock')
          .select(STOCK_SELECT)
          .eq('item_id', f.item)
          .order('location_id');
        if (must(res, 'item stock').length !== f.itemLocations)
          throw new Error(`item stock: ${res.data?.length} of ${f.itemLocations}`);
      },
    },
    {
      name: "an item's history, page 1",
      run: async () => {
        const res = await manager
          .from('inventory_movements')
          .select(MOVEMENT_SELECT, { count: 'exact' })
          .eq('item_id', f.item)
          .order('occurred_at', { ascending: false })
          .order('id')
          .range(0, PAGE - 1);
        page(res, 'history', PAGE);
      },
    },
    {
      name: "a villa's stock",
      run: async () => {
        const res = await manager
          .from('inventory_stock')
          .select(VILLA_STOCK_SELECT)
          .eq('location_id', f.villaLocation)
          .order('item_id');
        if (must(res, 'villa stock').length !== STOCKED) throw new Error('villa stock: short');
      },
    },
    {
      name: 'low stock, page 1',
      run: async () => {
        const res = await manager
          .from('inventory_low_stock')
          .select('*', { count: 'exact' })
          .order('suggested_order', { ascending: false })
          .order('id')
          .range(0, PAGE - 1);
        page(res, 'low stock', PAGE);
      },
    },
    {
      name: 'pick list, tomorrow',
      run: async () => {
        const res = await manager.rpc('inventory_pick_list', {
          from_day: tomorrow,
          to_day: tomorrow,
        });
        if (must(res, 'pick list').length === 0) throw new Error('pick list: empty');
      },
    },
    {
      name: 'pick list, 7 days',
      run: async () => {
        const res = await manager.rpc('inventory_pick_list', {
          from_day: tomorrow,
          to_day: athensDay(7),
        });
        if (must(res, 'pick list').length === 0) throw new Error('pick list: empty');
      },
    },
    {
      name: 'consume one',
      run: async () => {
        const res = await manager
          .rpc('inventory_consume', {
            item_id: f.consumeItem,
            location_id: WAREHOUSE,
            quantity: 1,
            reason: 'bench',
          })
          .setHeader('X-Mutation-Id', randomUUID());
        if (res.status === 503) throw new Shed(`consume: ${res.error?.message ?? 'shed'}`);
        if (res.error) throw new Error(`consume: ${res.error.message}`);
      },
    },
  ];
}

interface Counts {
  movements: number;
  stockRows: number;
  lowStock: number;
  pickTomorrow: number;
  pickWeek: number;
  itemLocations: number;
  itemMovements: number;
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
    const one = async <T>(sql: string) => (await server.db.query<T>(sql)).rows[0]!;
    const c = await one<{ m: number; s: number; l: number }>(
      `select (select count(*) from public.inventory_movements)::int as m,
        (select count(*) from public.inventory_stock)::int as s,
        (select count(*) from public.inventory_low_stock)::int as l`,
    );
    // The item of "an item's stock" and "history": the bench item held at the most locations.
    const item = await one<{ id: string; n: number; m: number }>(
      `select s.item_id as id, count(*)::int as n,
        (select count(*) from public.inventory_movements m where m.item_id = s.item_id)::int as m
      from public.inventory_stock s join public.inventory_items i on i.id = s.item_id
      where i.sku like 'INB-%' group by s.item_id, i.sku order by n desc, i.sku limit 1`,
    );
    const villa = await one<{ id: string }>(
      `select l.id from public.inventory_locations l join public.properties p on p.id = l.property_id
      where p.code = 'INB-00001'`,
    );
    const consumeItem = await one<{ id: string }>(
      `select id from public.inventory_items where sku = 'INB-0001'`,
    );
    const pick = async (from: string, to: string) =>
      (
        await server.db.query(
          `select count(*)::int as n from public.inventory_pick_list('${from}', '${to}')`,
        )
      ).rows[0] as { n: number };
    const counts: Counts = {
      movements: c.m,
      stockRows: c.s,
      lowStock: c.l,
      pickTomorrow: (await pick(athensDay(1), athensDay(1))).n,
      pickWeek: (await pick(athensDay(1), athensDay(7))).n,
      itemLocations: item.n,
      itemMovements: item.m,
      seconds,
    };
    console.log(
      `  ${c.m} movements and ${c.s} stock rows loaded in ${seconds} s; ${c.l} low; pick list rows: ${counts.pickTomorrow} tomorrow, ${counts.pickWeek} in 7 days; the bench item at ${item.n} locations with ${item.m} movements`,
    );
    const manager = await managerClient(server);
    const fixture: Fixture = {
      item: item.id,
      itemLocations: item.n,
      villaLocation: villa.id,
      consumeItem: consumeItem.id,
    };
    const only = process.env.BENCH_CASES; // e.g. "low,pick": the cases whose name holds one
    const chosen = cases(manager, fixture).filter(
      (c) => !only || only.split(',').some((w) => c.name.includes(w)),
    );
    const results = await runCases(target, chosen);
    // The ledger held: every on_hand is still the sum of its movements.
    const off = await one<{ n: number }>(
      `select count(*)::int as n from public.inventory_stock s
      where s.on_hand <> coalesce((select sum(quantity) from public.inventory_movements m
        where m.item_id = s.item_id and m.location_id = s.location_id), 0)`,
    );
    if (off.n !== 0) throw new Error(`${off.n} stock rows differ from their movements`);
    return { results, counts };
  } finally {
    await server.close();
  }
}

async function main() {
  const loadBefore = loadAverage();
  const runs = await forEachTarget('inventory', 'bench_inventory', benchTarget);
  const loadAfter = loadAverage();
  const results = Object.values(runs).flatMap((r) => r.results);
  const md = [
    `${PROPERTIES.toLocaleString('en')} villas, ${ITEMS} bench items, ${STOCKED} stocked per villa; ${ROUNDS} requests per row through supabase-js as the demo manager.`,
    '',
    '| database | movements | stock rows | low | pick list rows, tomorrow | pick list rows, 7 days | the item: locations / movements | loaded in |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(runs).map(
      ([t, r]) =>
        `| ${targetName(t as Target)} | ${r.counts.movements} | ${r.counts.stockRows} | ${r.counts.lowStock} | ${r.counts.pickTomorrow} | ${r.counts.pickWeek} | ${r.counts.itemLocations} / ${r.counts.itemMovements} | ${r.counts.seconds} s |`,
    ),
    '',
    ...resultRows(results),
    '',
    loadLine(loadBefore, loadAfter),
  ].join('\n');
  writeResults('inventory', { properties: PROPERTIES, items: ITEMS, counts: runs, results }, md);
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
