-- Demo inventory (docs/inventory.md): 60 items a Cycladic villa company stocks (linen, towels,
-- amenities, cleaning supplies, consumables, spare parts), two warehouses (Santorini, Paros), a van
-- for each demo technician, par levels for every demo villa, what each cleaning type consumes, and
-- 90 days of movements: deliveries into the warehouses, restocks of each villa back to par every
-- other week, the consumption of a turnover every fourth day, parts used from the vans, monthly counts. Every
-- movement goes through the ledger function (private.inventory_record), with deterministic
-- mutation ids, as the person who made it; the same quantities on every run.

-- ---------------------------------------------------------------------------------------------
-- Items
-- ---------------------------------------------------------------------------------------------

insert into public.inventory_items (id, name, sku, barcode, category, unit, pack_size, unit_cost, created_by, updated_by)
select
  ('c1700000-0000-4000-8000-0000000000' || lpad(v.n::text, 2, '0'))::uuid, v.name, v.sku,
  '52' || lpad((1000000000 + v.n * 7919)::text, 11, '0'),
  v.category::public.inventory_category, v.unit, v.pack, v.cost,
  'a11ce000-0000-4000-8000-000000000002'::uuid, 'a11ce000-0000-4000-8000-000000000002'::uuid
from (values
  (1, 'King duvet cover set', 'LIN-KDC', 'linen', 'set', 1, 38.00),
  (2, 'Queen duvet cover set', 'LIN-QDC', 'linen', 'set', 1, 32.00),
  (3, 'Single duvet cover set', 'LIN-SDC', 'linen', 'set', 1, 22.00),
  (4, 'King fitted sheet', 'LIN-KFS', 'linen', 'piece', 1, 16.50),
  (5, 'Queen fitted sheet', 'LIN-QFS', 'linen', 'piece', 1, 14.00),
  (6, 'Pillowcase pair', 'LIN-PIL', 'linen', 'pair', 1, 7.50),
  (7, 'Bath towel', 'LIN-BTH', 'linen', 'piece', 6, 9.80),
  (8, 'Hand towel', 'LIN-HND', 'linen', 'piece', 6, 4.20),
  (9, 'Face cloth', 'LIN-FCE', 'linen', 'piece', 12, 1.60),
  (10, 'Bath mat', 'LIN-MAT', 'linen', 'piece', 4, 6.40),
  (11, 'Pool towel, striped', 'LIN-POL', 'linen', 'piece', 6, 12.50),
  (12, 'Kitchen tea towel', 'LIN-TEA', 'linen', 'piece', 10, 2.10),
  (13, 'Bathrobe', 'LIN-ROB', 'linen', 'piece', 4, 24.00),
  (14, 'Shampoo 30 ml', 'AME-SHA', 'amenities', 'bottle', 50, 0.48),
  (15, 'Conditioner 30 ml', 'AME-CON', 'amenities', 'bottle', 50, 0.52),
  (16, 'Shower gel 30 ml', 'AME-SHG', 'amenities', 'bottle', 50, 0.46),
  (17, 'Body lotion 30 ml', 'AME-LOT', 'amenities', 'bottle', 50, 0.55),
  (18, 'Olive oil soap bar', 'AME-SOA', 'amenities', 'bar', 100, 0.38),
  (19, 'Liquid hand soap refill 500 ml', 'AME-HSR', 'amenities', 'bottle', 12, 2.90),
  (20, 'Dental kit', 'AME-DEN', 'amenities', 'kit', 100, 0.31),
  (21, 'Shaving kit', 'AME-SHV', 'amenities', 'kit', 100, 0.42),
  (22, 'Sewing kit', 'AME-SEW', 'amenities', 'kit', 100, 0.25),
  (23, 'Shower cap', 'AME-CAP', 'amenities', 'piece', 200, 0.08),
  (24, 'Slippers, pair', 'AME-SLP', 'amenities', 'pair', 50, 1.10),
  (25, 'Welcome pack (wine, olives, koulouri)', 'AME-WEL', 'amenities', 'pack', 1, 14.50),
  (26, 'Sunscreen SPF 30, 50 ml', 'AME-SUN', 'amenities', 'tube', 24, 2.80),
  (27, 'Multi-surface cleaner 1 l', 'CLN-MSC', 'cleaning_supplies', 'bottle', 12, 2.40),
  (28, 'Bathroom limescale remover 750 ml', 'CLN-LIM', 'cleaning_supplies', 'bottle', 12, 3.10),
  (29, 'Glass cleaner 750 ml', 'CLN-GLS', 'cleaning_supplies', 'bottle', 12, 2.20),
  (30, 'Floor cleaner 1 l', 'CLN-FLR', 'cleaning_supplies', 'bottle', 12, 2.60),
  (31, 'Toilet gel 750 ml', 'CLN-WC', 'cleaning_supplies', 'bottle', 12, 1.90),
  (32, 'Disinfectant spray 500 ml', 'CLN-DIS', 'cleaning_supplies', 'bottle', 12, 3.40),
  (33, 'Microfibre cloth', 'CLN-MFC', 'cleaning_supplies', 'piece', 20, 0.90),
  (34, 'Scouring sponge', 'CLN-SPG', 'cleaning_supplies', 'piece', 30, 0.35),
  (35, 'Nitrile gloves, box of 100', 'CLN-GLV', 'cleaning_supplies', 'box', 10, 7.80),
  (36, 'Mop head', 'CLN-MOP', 'cleaning_supplies', 'piece', 5, 4.50),
  (37, 'Laundry detergent 5 l', 'CLN-LDT', 'cleaning_supplies', 'can', 4, 14.00),
  (38, 'Dishwasher tablets, 60', 'CON-DWT', 'consumables', 'box', 6, 9.90),
  (39, 'Washing-up liquid 500 ml', 'CON-WUL', 'consumables', 'bottle', 12, 1.40),
  (40, 'Toilet paper roll', 'CON-TP', 'consumables', 'roll', 48, 0.32),
  (41, 'Kitchen roll', 'CON-KR', 'consumables', 'roll', 24, 0.85),
  (42, 'Facial tissues box', 'CON-TIS', 'consumables', 'box', 24, 0.70),
  (43, 'Bin bags 30 l, roll of 20', 'CON-BB30', 'consumables', 'roll', 20, 1.20),
  (44, 'Bin bags 80 l, roll of 10', 'CON-BB80', 'consumables', 'roll', 20, 1.80),
  (45, 'Coffee capsules, 10', 'CON-COF', 'consumables', 'box', 10, 3.60),
  (46, 'Greek coffee 100 g', 'CON-GRC', 'consumables', 'pack', 10, 1.90),
  (47, 'Tea selection box', 'CON-TEA', 'consumables', 'box', 12, 2.40),
  (48, 'Sugar sticks, 50', 'CON-SUG', 'consumables', 'pack', 10, 1.10),
  (49, 'Bottled water 1.5 l', 'CON-WAT', 'consumables', 'bottle', 6, 0.45),
  (50, 'Dishwasher salt 2 kg', 'CON-SLT', 'consumables', 'bag', 6, 2.30),
  (51, 'LED bulb E27 9 W', 'SPR-E27', 'spare_parts', 'piece', 10, 2.70),
  (52, 'LED bulb GU10 5 W', 'SPR-GU10', 'spare_parts', 'piece', 10, 2.40),
  (53, 'AA batteries, 4', 'SPR-AA', 'spare_parts', 'pack', 10, 3.20),
  (54, 'AAA batteries, 4', 'SPR-AAA', 'spare_parts', 'pack', 10, 3.20),
  (55, 'Tap washer set', 'SPR-TWS', 'spare_parts', 'set', 10, 4.60),
  (56, 'Shower head, anti-limescale', 'SPR-SHH', 'spare_parts', 'piece', 1, 18.90),
  (57, 'Toilet flapper valve', 'SPR-FLP', 'spare_parts', 'piece', 1, 7.40),
  (58, 'AC filter, split unit', 'SPR-ACF', 'spare_parts', 'piece', 4, 11.50),
  (59, 'Pool chlorine tablets 1 kg', 'SPR-CHL', 'spare_parts', 'tub', 4, 12.80),
  (60, 'Fuse 16 A', 'SPR-F16', 'spare_parts', 'piece', 10, 1.30)
) as v(n, name, sku, category, unit, pack, cost);

-- ---------------------------------------------------------------------------------------------
-- Locations: two warehouses and a van per demo technician (each villa has its own already)
-- ---------------------------------------------------------------------------------------------

insert into public.inventory_locations (id, kind, name, holder_id, created_by, updated_by) values
  ('c1710000-0000-4000-8000-000000000001', 'warehouse', 'Santorini store, Vothonas', null,
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002'),
  ('c1710000-0000-4000-8000-000000000002', 'warehouse', 'Paros store, Parikia', null,
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002'),
  ('c1710000-0000-4000-8000-000000000003', 'van', 'Van: Giorgos Markakis', 'a11ce000-0000-4000-8000-000000000004',
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002'),
  ('c1710000-0000-4000-8000-000000000004', 'van', 'Van: Kostas Petrou', 'a11ce000-0000-4000-8000-000000000007',
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002');

-- ---------------------------------------------------------------------------------------------
-- What each cleaning type consumes
-- ---------------------------------------------------------------------------------------------

insert into public.inventory_consumption (cleaning_type_id, item_id, basis, quantity, created_by, updated_by)
select t.id, ('c1700000-0000-4000-8000-0000000000' || lpad(v.n::text, 2, '0'))::uuid,
  v.basis::public.inventory_consumption_basis, v.qty,
  'a11ce000-0000-4000-8000-000000000002'::uuid, 'a11ce000-0000-4000-8000-000000000002'::uuid
from (values
  ('turnover', 2, 'per_bedroom', 1), ('turnover', 6, 'per_bedroom', 2), ('turnover', 7, 'per_guest', 1),
  ('turnover', 8, 'per_guest', 1), ('turnover', 14, 'per_guest', 1), ('turnover', 16, 'per_guest', 1),
  ('turnover', 18, 'per_guest', 1), ('turnover', 25, 'per_stay', 1), ('turnover', 40, 'per_bedroom', 4),
  ('turnover', 41, 'per_stay', 2), ('turnover', 45, 'per_stay', 2), ('turnover', 38, 'per_stay', 0.25),
  ('deep_clean', 27, 'per_stay', 1), ('deep_clean', 28, 'per_bedroom', 0.5), ('deep_clean', 29, 'per_stay', 1),
  ('deep_clean', 30, 'per_stay', 1), ('deep_clean', 33, 'per_bedroom', 2), ('deep_clean', 34, 'per_bedroom', 1),
  ('mid_stay', 7, 'per_guest', 1), ('mid_stay', 40, 'per_bedroom', 2), ('mid_stay', 14, 'per_guest', 1),
  ('mid_stay', 16, 'per_guest', 1), ('mid_stay', 43, 'per_stay', 1)
) as v(code, n, basis, qty)
join public.cleaning_types t on t.code = v.code;

-- ---------------------------------------------------------------------------------------------
-- Par levels: each villa holds four turnovers' worth of what a turnover consumes; the warehouses
-- and vans their own levels.
-- ---------------------------------------------------------------------------------------------

create temporary table demo_villa_need as
select l.id as location_id, p.id as property_id, k.item_id,
  ceil(k.quantity * case k.basis when 'per_stay' then 1 when 'per_guest' then p.max_guests
    else greatest(p.bedrooms, 1) end) as per_clean,
  case when p.area like '%Santorini' or p.area like '%Milos' or p.area like '%Folegandros'
    then 'c1710000-0000-4000-8000-000000000001'::uuid
    else 'c1710000-0000-4000-8000-000000000002'::uuid end as warehouse_id
from public.properties p
join public.inventory_locations l on l.property_id = p.id
join public.inventory_consumption k on k.cleaning_type_id = (select id from public.cleaning_types where code = 'turnover')
where p.id::text like 'b1a00000-0000-4000-8000-0000000000%';

do $$
declare
  r record;
begin
  for r in select * from demo_villa_need loop
    perform public.inventory_set_par(r.item_id, r.location_id, r.per_clean * 4, r.per_clean);
  end loop;
  for r in
    select w.id as location_id, i.id as item_id, i.pack_size, i.category
    from public.inventory_locations w cross join public.inventory_items i
    where w.kind = 'warehouse' and w.id::text like 'c1710000-%'
  loop
    perform public.inventory_set_par(r.item_id, r.location_id,
      case when r.category = 'spare_parts' then 2 else 6 end * r.pack_size,
      case when r.category = 'spare_parts' then 1 else 2 end * r.pack_size);
  end loop;
  for r in
    select v.id as location_id, i.id as item_id
    from public.inventory_locations v cross join public.inventory_items i
    where v.kind = 'van' and v.id::text like 'c1710000-%' and i.category = 'spare_parts'
  loop
    perform public.inventory_set_par(r.item_id, r.location_id, 4, 1);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 90 days of movements, through the ledger, as the people who made them
-- ---------------------------------------------------------------------------------------------

create function pg_temp.demo_as(uid uuid) returns void language sql as $$
  select set_config('request.jwt.claims', json_build_object('sub', uid)::text, true);
$$;
create function pg_temp.demo_mid(label text) returns uuid language sql immutable as $$
  select md5('demo-inventory:' || label)::uuid;
$$;

-- Receives into a warehouse whatever a move needs, in whole packs up to par (the manager).
create function pg_temp.demo_supply(wh uuid, item uuid, need numeric, at timestamptz, label text)
returns void language plpgsql as $$
declare
  have numeric;
  par numeric;
  pack integer;
  qty numeric;
begin
  select coalesce(s.on_hand, 0), coalesce(s.par_level, 0) into have, par
  from public.inventory_stock s where s.item_id = item and s.location_id = wh;
  have := coalesce(have, 0);
  if have >= need then return; end if;
  select i.pack_size into pack from public.inventory_items i where i.id = item;
  qty := ceil((greatest(par, need) + need - have) / pack) * pack;
  perform pg_temp.demo_as('a11ce000-0000-4000-8000-000000000002');
  perform private.inventory_record(jsonb_build_array(jsonb_build_object(
    'item_id', item, 'location_id', wh, 'kind', 'receive', 'quantity', qty,
    'reason', 'Delivery from Athens supplier', 'occurred_at', at)), pg_temp.demo_mid(label));
end;
$$;

do $$
declare
  day integer;
  v record;
  r record;
  legs jsonb;
  at timestamptz;
  villa_no integer;
  qty numeric;
  have numeric;
begin
  -- Day 90: every villa stocked to par from its warehouse; each van gets its spare parts.
  for day in reverse 90..1 loop
    at := date_trunc('day', now()) - make_interval(days => day) + interval '8 hours';
    -- Every other week (and on day 90): each villa back to par, one transfer batch per villa (the
    -- manager).
    if day % 14 = 6 or day = 90 then
      for v in select distinct property_id, location_id, warehouse_id from demo_villa_need order by property_id loop
        legs := '[]'::jsonb;
        for r in
          select n.item_id, s.par_level - s.on_hand as short
          from demo_villa_need n
          join public.inventory_stock s on s.item_id = n.item_id and s.location_id = n.location_id
          where n.property_id = v.property_id and s.on_hand < s.par_level
          order by n.item_id
        loop
          perform pg_temp.demo_supply(v.warehouse_id, r.item_id, r.short, at - interval '1 hour',
            'supply:' || day || ':' || v.property_id || ':' || r.item_id);
          legs := legs || jsonb_build_array(
            jsonb_build_object('item_id', r.item_id, 'location_id', v.warehouse_id, 'kind', 'transfer_out',
              'quantity', -r.short, 'transfer', r.item_id, 'occurred_at', at, 'reason', 'Restock to par'),
            jsonb_build_object('item_id', r.item_id, 'location_id', v.location_id, 'kind', 'transfer_in',
              'quantity', r.short, 'transfer', r.item_id, 'occurred_at', at, 'reason', 'Restock to par'));
        end loop;
        if jsonb_array_length(legs) > 0 then
          perform pg_temp.demo_as('a11ce000-0000-4000-8000-000000000002');
          perform private.inventory_record(legs, pg_temp.demo_mid('restock:' || day || ':' || v.property_id));
        end if;
      end loop;
    end if;

    -- A turnover every fourth day per villa (staggered): its consumption, as the housekeeper.
    for v in
      select distinct n.property_id, n.location_id, (right(n.property_id::text, 2))::integer as no
      from demo_villa_need n order by 1
    loop
      if (day + v.no) % 4 = 0 then
        select coalesce(jsonb_agg(jsonb_build_object(
          'item_id', n.item_id, 'location_id', n.location_id, 'kind', 'consume',
          'quantity', -least(n.per_clean, s.on_hand), 'reason', 'Turnover',
          'occurred_at', at + interval '4 hours') order by n.item_id), '[]'::jsonb)
        into legs
        from demo_villa_need n
        join public.inventory_stock s on s.item_id = n.item_id and s.location_id = n.location_id
        where n.property_id = v.property_id and s.on_hand > 0;
        if jsonb_array_length(legs) > 0 then
          perform pg_temp.demo_as('a11ce000-0000-4000-8000-000000000003');
          perform private.inventory_record(legs, pg_temp.demo_mid('turnover:' || day || ':' || v.property_id));
        end if;
      end if;
    end loop;

    -- Monthly: the housekeeper counts toilet paper and shampoo in each villa; now and then one
    -- fewer than the books say.
    if day % 30 = 15 then
      for v in select distinct property_id, location_id from demo_villa_need order by property_id loop
        legs := '[]'::jsonb;
        villa_no := (right(v.property_id::text, 2))::integer;
        for r in
          select s.item_id, s.on_hand from public.inventory_stock s
          where s.location_id = v.location_id
            and s.item_id in ('c1700000-0000-4000-8000-000000000040', 'c1700000-0000-4000-8000-000000000014')
          order by s.item_id
        loop
          legs := legs || jsonb_build_array(jsonb_build_object(
            'item_id', r.item_id, 'location_id', v.location_id, 'kind', 'count',
            'counted_quantity', greatest(r.on_hand - ((villa_no + day) % 3 = 0)::integer, 0),
            'reason', 'Monthly count', 'occurred_at', at + interval '6 hours'));
        end loop;
        if jsonb_array_length(legs) > 0 then
          perform pg_temp.demo_as('a11ce000-0000-4000-8000-000000000003');
          perform private.inventory_record(legs, pg_temp.demo_mid('count:' || day || ':' || v.property_id));
        end if;
      end loop;
    end if;

    -- The vans: topped up to par on Mondays-ish (every 7 days), and a part used every fifth day.
    for v in
      select id as van_id, holder_id, (right(id::text, 1))::integer as no
      from public.inventory_locations where kind = 'van' and id::text like 'c1710000-%' order by id
    loop
      if day % 7 = 3 or day = 90 then
        legs := '[]'::jsonb;
        for r in
          select i.id as item_id, coalesce(s.par_level, 4) - coalesce(s.on_hand, 0) as short
          from public.inventory_items i
          left join public.inventory_stock s on s.item_id = i.id and s.location_id = v.van_id
          where i.category = 'spare_parts' and coalesce(s.on_hand, 0) < coalesce(s.par_level, 4)
          order by i.id
        loop
          perform pg_temp.demo_supply('c1710000-0000-4000-8000-000000000001', r.item_id, r.short,
            at - interval '1 hour', 'supply-van:' || day || ':' || v.van_id || ':' || r.item_id);
          legs := legs || jsonb_build_array(
            jsonb_build_object('item_id', r.item_id, 'location_id', 'c1710000-0000-4000-8000-000000000001',
              'kind', 'transfer_out', 'quantity', -r.short, 'transfer', r.item_id, 'occurred_at', at,
              'reason', 'Van top-up'),
            jsonb_build_object('item_id', r.item_id, 'location_id', v.van_id, 'kind', 'transfer_in',
              'quantity', r.short, 'transfer', r.item_id, 'occurred_at', at, 'reason', 'Van top-up'));
        end loop;
        if jsonb_array_length(legs) > 0 then
          perform pg_temp.demo_as(v.holder_id);
          perform private.inventory_record(legs, pg_temp.demo_mid('van:' || day || ':' || v.van_id));
        end if;
      end if;
      if (day + v.no) % 5 = 0 then
        select s.on_hand into have from public.inventory_stock s
        where s.location_id = v.van_id
          and s.item_id = ('c1700000-0000-4000-8000-0000000000' || (51 + (day + v.no) % 10))::uuid;
        if coalesce(have, 0) >= 1 then
          perform pg_temp.demo_as(v.holder_id);
          perform private.inventory_record(jsonb_build_array(jsonb_build_object(
            'item_id', ('c1700000-0000-4000-8000-0000000000' || (51 + (day + v.no) % 10))::uuid,
            'location_id', v.van_id, 'kind', 'consume', 'quantity', -1,
            'reason', 'Used on a call-out', 'occurred_at', at + interval '5 hours')),
            pg_temp.demo_mid('part:' || day || ':' || v.van_id));
        end if;
      end if;
    end loop;
  end loop;
end;
$$;

-- This morning's delivery: the first warehouse holds what the next seven days' turnovers will take
-- (the pick list's totals) on top of its par, so a manager trying the pick list can make its
-- transfers from it (docs/inventory.md "Pick list").
do $$
declare
  r record;
begin
  for r in
    select p.item_id, sum(p.quantity) as need
    from public.inventory_pick_list(
      (now() at time zone 'Europe/Athens')::date + 1, (now() at time zone 'Europe/Athens')::date + 7) p
    group by p.item_id having sum(p.quantity) > 0
    order by p.item_id
  loop
    perform pg_temp.demo_supply('c1710000-0000-4000-8000-000000000001', r.item_id, r.need,
      least(now(), date_trunc('day', now()) + interval '6 hours'), 'week-delivery:' || r.item_id);
  end loop;
end;
$$;

select set_config('request.jwt.claims', '', false);
drop table demo_villa_need;
