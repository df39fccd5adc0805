-- Why: issue 30, two fixes to the inventory slice (20261129200000_inventory.sql, landed: not
-- edited) -- docs/inventory.md "Pick list" and "Low stock at the bench's size".
--
-- 1. The pick list brings a villa below par back to par. `above_par` was never below 0, so a villa
--    below its par level got only what its cleans consume: after the transfers landed it was still
--    below par and the same quantity was suggested again (a second "Create transfers" sent it
--    twice). Now `above_par = on_hand - par_level` (negative when short) and
--    `quantity = greatest(ceil(needed - above_par), 0)`: restock brings the villa to par plus what
--    the cleans need, and once those transfers land the line is covered. Same signature and
--    columns (the app and the generated types use them); the checks are kept as they were. It is
--    now planned for each call's days (plan_cache_mode = force_custom_plan, below).
--
-- 2. Low stock at 2,000 villas. inventory_low_stock (security_invoker) reads inventory_stock,
--    whose read policy asked `exists (select 1 from inventory_locations l where l.id =
--    inventory_stock.location_id)` for every stock row: EXPLAIN ANALYZE at the bench's 500 villas
--    (20,784 stock rows) showed that subplan run 20,784 times (an index probe of locations, each
--    with locations' own policy), ~80% of the view's buffers, 285 ms on PGlite and 88 ms on
--    PostgreSQL 15 for the first page, the same again for its exact count; at 2,000 villas four
--    times that, and the local backend shed it at 8 clients. The planner keeps the correlated
--    EXISTS per row (its row estimate for the view's filter is low). The policies now ask the same
--    question once per statement: `location_id in (select l.id from inventory_locations l)`, an
--    uncorrelated subquery PostgreSQL runs once and hashes. It reads inventory_locations as the
--    caller, so locations' policy (and, under it, properties' own policy) still decides which
--    locations are visible: no rule is copied here, nothing anyone sees changes
--    (supabase/tests/inventory-rls.test.ts). The same for movements, and for locations' question
--    about properties (`property_id in (select p.id from properties p)`: properties' RLS).
--    After it, at 500 villas: the page 18 ms and its count 8 ms on PostgreSQL 15 (EXPLAIN
--    ANALYZE execution), on PGlite about 40 and 20 ms (bench/inventory-explain.ts). A partial
--    index on the low rows (`where (reorder_threshold > 0 or par_level > 0) and on_hand <=
--    reorder_threshold`) was tried and not kept: with a third of the bench's rows low the
--    planner keeps the sequential scan on both databases, and an index whose predicate names
--    on_hand would make every ledger write's stock update a non-HOT one.

create or replace function public.inventory_pick_list(from_day date, to_day date, villa_id uuid default null)
returns table (property_id uuid, item_id uuid, cleans integer, needed numeric, above_par numeric, quantity numeric)
language plpgsql
stable
security definer
set search_path = ''
-- Planned for each call's days: after five calls plpgsql would otherwise keep a generic plan,
-- which at the bench's 500 villas took the 7 days' list from ~67 to ~550 ms on PGlite and from
-- ~140 to 400-1,650 ms on PostgreSQL 15 (bench/README.md).
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  if private.inventory_api() and not (public.has_permission('inventory.view')
    and public.has_permission('housekeeping.view') and public.has_permission('properties.view')) then
    raise exception 'You may not see the pick list' using errcode = '42501';
  end if;
  if from_day is null or to_day is null or to_day < from_day or to_day - from_day > 62 then
    raise exception 'A pick list covers 1 to 63 days' using errcode = '22023';
  end if;
  return query
  with due_cleans as (
    select c.id, c.property_id, c.cleaning_type_id,
      coalesce(r.guests, c.guests_arriving, p.max_guests)::numeric as guests,
      greatest(p.bedrooms, 1)::numeric as bedrooms
    from public.cleaning_tasks c
    join public.properties p on p.id = c.property_id
    left join public.reservations r on r.id = c.turnover_for
    where c.day between inventory_pick_list.from_day and inventory_pick_list.to_day
      and c.status in ('scheduled', 'in_progress')
      and not p.archived
      and (inventory_pick_list.villa_id is null or c.property_id = inventory_pick_list.villa_id)
  ),
  need as (
    select c.property_id, k.item_id, count(*)::integer as cleans,
      sum(k.quantity * case k.basis
        when 'per_stay' then 1 when 'per_guest' then c.guests else c.bedrooms end) as needed
    from due_cleans c
    join public.inventory_consumption k on k.cleaning_type_id = c.cleaning_type_id
    join public.inventory_items i on i.id = k.item_id and i.active
    group by c.property_id, k.item_id
  ),
  per_villa as (
    -- Signed: what the villa holds above its par level, negative by what it lacks to it.
    select n.property_id, n.item_id, n.cleans, n.needed,
      coalesce(s.on_hand, 0) - coalesce(s.par_level, 0) as above_par
    from need n
    join public.inventory_locations l on l.property_id = n.property_id
    left join public.inventory_stock s on s.location_id = l.id and s.item_id = n.item_id
  )
  select v.property_id, v.item_id, v.cleans, v.needed, v.above_par,
    greatest(ceil(v.needed - v.above_par), 0) as quantity
  from per_villa v
  union all
  select null, v.item_id, sum(v.cleans)::integer, sum(v.needed), sum(v.above_par),
    sum(greatest(ceil(v.needed - v.above_par), 0))
  from per_villa v
  group by v.item_id
  order by 1 nulls last, 2;
end;
$$;
comment on function public.inventory_pick_list(date, date, uuid) is
  'What the scheduled cleans of the days consume per villa and item, plus what brings the villa back to par (above_par = on_hand - par_level, negative when short; quantity = greatest(ceil(needed - above_par), 0)); rows with property_id null are totals.';

-- ---------------------------------------------------------------------------------------------
-- 2. Read policies: "is the location visible?" once per statement, not once per row
-- ---------------------------------------------------------------------------------------------

drop policy "inventory_locations: inventory.view reads (villas: those the caller sees)"
  on public.inventory_locations;
create policy "inventory_locations: inventory.view reads (villas: those the caller sees)"
on public.inventory_locations for select to authenticated
using (
  (select public.has_permission('inventory.view'))
  and (property_id is null or property_id in (select p.id from public.properties p))
);

drop policy "inventory_stock: read with the location" on public.inventory_stock;
create policy "inventory_stock: read with the location"
on public.inventory_stock for select to authenticated
using (
  (select public.has_permission('inventory.view'))
  and location_id in (select l.id from public.inventory_locations l)
);

drop policy "inventory_movements: read with the location" on public.inventory_movements;
create policy "inventory_movements: read with the location"
on public.inventory_movements for select to authenticated
using (
  (select public.has_permission('inventory.view'))
  and location_id in (select l.id from public.inventory_locations l)
);

