-- Why: inventory (issue 30, PRODUCT.md "Inventory", core idea 5 "Stock follows bookings";
-- docs/inventory.md). One stock ledger: every change of stock is a movement, written only by
-- private.inventory_record() in the same transaction that changes on-hand, once per mutation id.
-- This adds:
--
--   inventory_items          what is stocked: name, SKU, barcode, category, unit, pack size, unit
--                            cost, photo path, active
--   inventory_locations      where it is: warehouses, vans (held by one user) and one location
--                            per villa (made with the villa by a trigger, and here for every villa)
--   inventory_stock          item x location: on_hand (written only by the ledger), par level,
--                            reorder threshold, `negative` (on hand below zero, when allowed)
--   inventory_movements      the append-only ledger: receive, transfer_out / transfer_in (one pair,
--                            one transfer_id), consume, adjust, count; signed quantity, reason,
--                            who, when on the device (occurred_at, never after now()), the clean /
--                            work order it belongs to, the counted quantity of a count
--   inventory_consumption    what a clean of a cleaning type consumes: per guest, per bedroom or
--                            per stay
--   system_settings.allow_negative_stock
--                            off: a movement taking stock below zero is refused (23514); on: it
--                            is recorded and flagged (movement.negative, stock.negative)
--   inventory_receive / _transfer / _transfer_batch / _consume / _count / _adjust / _set_par
--                            the API's writes, each checking the caller's right, all through
--                            private.inventory_record()
--   inventory_pick_list()    what the scheduled cleans of a date range consume, per villa and item,
--                            minus what the villa holds above par; plus totals
--   inventory_low_stock      stock at or below its reorder threshold, with a suggested order
--
-- Who may do what: inventory.view reads everything of the area (villa locations and their stock
-- only for villas the caller sees); inventory.adjust consumes, counts and transfers at the
-- locations a field worker uses (warehouses, their own van, villas); inventory.manage does all,
-- edits items, locations and consumption, receives, adjusts and sets par levels. The default
-- matrix (20261121103300_access_defaults.sql) already gives managers and admins all three keys and
-- housekeepers and technicians view + adjust; nothing to change here.

create type public.inventory_category as enum
  ('linen', 'amenities', 'cleaning_supplies', 'consumables', 'spare_parts');
create type public.inventory_location_kind as enum ('warehouse', 'van', 'property');
create type public.inventory_movement_kind as enum
  ('receive', 'transfer_out', 'transfer_in', 'consume', 'adjust', 'count');
create type public.inventory_consumption_basis as enum ('per_guest', 'per_bedroom', 'per_stay');

alter table public.system_settings add column allow_negative_stock boolean not null default false;
comment on column public.system_settings.allow_negative_stock is
  'Inventory: may a movement take stock below zero? Off: refused (23514). On: recorded and flagged.';
grant update (allow_negative_stock) on table public.system_settings to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.inventory_items (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  sku text,
  barcode text,
  category public.inventory_category not null,
  unit text not null default 'piece',
  pack_size integer not null default 1,
  unit_cost numeric(10, 2) not null default 0,
  photo_path text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint inventory_items_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint inventory_items_sku_key unique (sku),
  constraint inventory_items_sku_length check (sku is null or char_length(sku) between 1 and 60),
  constraint inventory_items_barcode_length check (barcode is null or char_length(barcode) between 1 and 64),
  constraint inventory_items_unit_length check (char_length(btrim(unit)) between 1 and 20),
  constraint inventory_items_pack_size check (pack_size between 1 and 10000),
  constraint inventory_items_unit_cost check (unit_cost between 0 and 1000000),
  constraint inventory_items_photo_length check (photo_path is null or char_length(photo_path) between 1 and 500)
);
comment on table public.inventory_items is 'What is stocked. Deactivated, never deleted (movements keep it).';
create index inventory_items_barcode_idx on public.inventory_items (barcode) where barcode is not null;
create index inventory_items_category_idx on public.inventory_items (category, name);

create table public.inventory_locations (
  id uuid primary key default gen_random_uuid(),
  kind public.inventory_location_kind not null,
  name text not null,
  property_id uuid references public.properties (id) on delete cascade,
  holder_id uuid references public.profiles (id) on delete set null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint inventory_locations_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint inventory_locations_property check ((kind = 'property') = (property_id is not null)),
  constraint inventory_locations_holder check (kind = 'van' or holder_id is null),
  constraint inventory_locations_property_key unique (property_id)
);
comment on table public.inventory_locations is
  'Warehouses, vans (holder_id: who drives it) and one location per villa (made with the villa).';
create index inventory_locations_holder_idx on public.inventory_locations (holder_id) where holder_id is not null;
create index inventory_locations_kind_idx on public.inventory_locations (kind, name);

create table public.inventory_stock (
  -- A row id of its own, for the app's device copy (rows are kept by id) and the API's filters.
  id uuid not null default gen_random_uuid() unique,
  item_id uuid not null references public.inventory_items (id) on delete restrict,
  location_id uuid not null references public.inventory_locations (id) on delete cascade,
  on_hand numeric(12, 3) not null default 0,
  par_level numeric(12, 3) not null default 0,
  reorder_threshold numeric(12, 3) not null default 0,
  negative boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (item_id, location_id),
  constraint inventory_stock_par check (par_level between 0 and 1000000),
  constraint inventory_stock_threshold check (reorder_threshold between 0 and 1000000)
);
comment on table public.inventory_stock is
  'Stock of an item at a location. on_hand is the sum of its movements, written only by the ledger (private.inventory_record).';
create index inventory_stock_location_idx on public.inventory_stock (location_id, item_id);
create index inventory_stock_low_idx on public.inventory_stock (item_id)
  where reorder_threshold > 0 or par_level > 0;

create table public.inventory_movements (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.inventory_items (id) on delete restrict,
  location_id uuid not null references public.inventory_locations (id) on delete restrict,
  kind public.inventory_movement_kind not null,
  quantity numeric(12, 3) not null,
  counted_quantity numeric(12, 3),
  unit_cost numeric(10, 2) not null default 0,
  reason text not null default '',
  negative boolean not null default false,
  transfer_id uuid,
  clean_id uuid references public.cleaning_tasks (id) on delete set null,
  work_order_id uuid references public.work_orders (id) on delete set null,
  mutation_id uuid not null,
  created_by uuid references public.profiles (id) on delete set null,
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint inventory_movements_sign check (case kind
    when 'receive' then quantity > 0
    when 'transfer_in' then quantity > 0
    when 'transfer_out' then quantity < 0
    when 'consume' then quantity < 0
    when 'adjust' then quantity <> 0
    else true end),
  constraint inventory_movements_count check ((kind = 'count') = (counted_quantity is not null)),
  constraint inventory_movements_transfer check (
    (kind in ('transfer_in', 'transfer_out')) = (transfer_id is not null)),
  constraint inventory_movements_reason_length check (char_length(reason) <= 500)
);
comment on table public.inventory_movements is
  'The stock ledger, append only: a correction is a new movement. Written only by private.inventory_record().';
comment on column public.inventory_movements.occurred_at is
  'When it happened on the device (an offline count lands later), never after the moment it was recorded.';
comment on column public.inventory_movements.quantity is
  'Signed change of on_hand. For a count: counted_quantity minus the stock as of occurred_at.';
create index inventory_movements_item_location_idx
  on public.inventory_movements (item_id, location_id, occurred_at);
create index inventory_movements_location_idx on public.inventory_movements (location_id, occurred_at);
create index inventory_movements_occurred_idx on public.inventory_movements (occurred_at);
create index inventory_movements_clean_idx on public.inventory_movements (clean_id) where clean_id is not null;
create index inventory_movements_work_order_idx on public.inventory_movements (work_order_id)
  where work_order_id is not null;
create index inventory_movements_transfer_idx on public.inventory_movements (transfer_id)
  where transfer_id is not null;
create index inventory_movements_mutation_idx on public.inventory_movements (mutation_id);

create table public.inventory_consumption (
  id uuid primary key default gen_random_uuid(),
  cleaning_type_id uuid not null references public.cleaning_types (id) on delete cascade,
  item_id uuid not null references public.inventory_items (id) on delete cascade,
  basis public.inventory_consumption_basis not null,
  quantity numeric(10, 3) not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint inventory_consumption_key unique (cleaning_type_id, item_id),
  constraint inventory_consumption_quantity check (quantity > 0 and quantity <= 1000)
);
comment on table public.inventory_consumption is
  'What one clean of a cleaning type consumes: quantity per guest, per bedroom or per stay.';
create index inventory_consumption_item_idx on public.inventory_consumption (item_id);

-- The first answer of each mutation, so a replay is answered with it (private.inventory_record).
create table private.inventory_answers (
  user_id uuid,
  mutation_id uuid not null,
  answer jsonb not null,
  created_at timestamptz not null default now()
);
create unique index inventory_answers_key
  on private.inventory_answers (coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid), mutation_id);
create index inventory_answers_age_idx on private.inventory_answers (user_id, created_at);

-- ---------------------------------------------------------------------------------------------
-- Guards: on_hand only through the ledger, movements never changed
-- ---------------------------------------------------------------------------------------------

create function private.inventory_stock_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('arivia.inventory_ledger', true), '') = 'on' then
    return new;
  end if;
  if tg_op = 'INSERT' and (new.on_hand <> 0 or new.negative) then
    raise exception 'Stock on hand changes only through a movement' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and (new.on_hand is distinct from old.on_hand or new.negative is distinct from old.negative
    or new.item_id is distinct from old.item_id or new.location_id is distinct from old.location_id
    or new.id is distinct from old.id) then
    raise exception 'Stock on hand changes only through a movement' using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger inventory_stock_guard before insert or update on public.inventory_stock
for each row execute function private.inventory_stock_guard();

create function private.inventory_movements_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The one change allowed: a referential action (ON DELETE SET NULL) forgetting a deleted user,
  -- clean or work order. Every other column stays as recorded.
  if tg_op = 'UPDATE'
    and (new.created_by is null or new.created_by = old.created_by)
    and (new.clean_id is null or new.clean_id = old.clean_id)
    and (new.work_order_id is null or new.work_order_id = old.work_order_id)
    and (to_jsonb(new) - 'created_by' - 'clean_id' - 'work_order_id')
      = (to_jsonb(old) - 'created_by' - 'clean_id' - 'work_order_id')
  then
    return new;
  end if;
  raise exception 'Movements cannot be changed or deleted: record a correcting movement'
    using errcode = '42501';
end;
$$;
create trigger inventory_movements_append_only before update or delete on public.inventory_movements
for each row execute function private.inventory_movements_append_only();
create trigger inventory_movements_no_truncate before truncate on public.inventory_movements
for each statement execute function private.inventory_movements_append_only();

create trigger inventory_items_stamp_authors before insert or update on public.inventory_items
for each row execute function public.stamp_authors();
create trigger inventory_locations_stamp_authors before insert or update on public.inventory_locations
for each row execute function public.stamp_authors();
create trigger inventory_consumption_stamp_authors before insert or update on public.inventory_consumption
for each row execute function public.stamp_authors();

-- Inserts and updates only: a location or a consumption rule is also deleted by a cascade (its
-- villa, cleaning type or item deleted), which is the database's own write and must not be
-- recorded against the request's X-Mutation-Id; a replayed delete finds no row anyway.
create trigger _apply_once before insert or update on public.inventory_items
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update on public.inventory_locations
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update on public.inventory_consumption
  for each row execute function private.apply_once('id');

-- A villa's location, made with the villa and renamed with it.
create function private.inventory_property_location()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved text := private.suspend_mutation_id();
begin
  if tg_op = 'INSERT' then
    insert into public.inventory_locations (kind, name, property_id)
    values ('property', new.name, new.id)
    on conflict (property_id) do nothing;
  elsif new.name is distinct from old.name then
    update public.inventory_locations l set name = new.name where l.property_id = new.id;
  end if;
  perform private.resume_mutation_id(saved);
  return null;
end;
$$;
create trigger inventory_property_location after insert or update of name on public.properties
for each row execute function private.inventory_property_location();

insert into public.inventory_locations (kind, name, property_id)
select 'property', p.name, p.id from public.properties p
on conflict (property_id) do nothing;

-- A villa with movements keeps its ledger: it is archived, not deleted.
create view private.property_history_inventory as
select distinct l.property_id
from public.inventory_movements m
join public.inventory_locations l on l.id = m.location_id
where l.property_id is not null;
select private.add_view_part('private.property_history', 'private.property_history_inventory');

-- ---------------------------------------------------------------------------------------------
-- The ledger: the one function every movement goes through
-- ---------------------------------------------------------------------------------------------

-- legs: a JSON array of movements, applied in order in one transaction:
--   {item_id, location_id, kind, quantity (signed; ignored for a count), counted_quantity (a count),
--    reason, occurred_at, clean_id, work_order_id, transfer (legs with the same number are one
--    transfer pair)}
-- Keyed by mutation_id (the argument, else the request's X-Mutation-Id): the first call records
-- the movements and its answer; a replay by the same user returns that answer with
-- "replayed": true and moves nothing. The stock rows it touches are locked in (item, location)
-- order first, so concurrent writers of one item queue up and sum(quantity) = on_hand holds.
-- A count's quantity is counted_quantity minus the stock as of occurred_at (on_hand minus the
-- movements at that item and location that happened after it): the count is the truth as of the
-- moment it was made, and what happened after it still counts (docs/inventory.md).
create function private.inventory_record(legs jsonb, mutation_id uuid default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  -- Mutation ids are unique per user (docs/security-sql.md "Offline replays"); the movements'
  -- ids are made from both, so a replay makes the same ids and another user's reuse new ones.
  mid uuid := coalesce(inventory_record.mutation_id, private.request_mutation_id());
  claimed boolean := false;
  prior jsonb;
  leg record;
  qty numeric;
  before_qty numeric;
  at timestamptz;
  allow boolean;
  s public.inventory_stock;
  m public.inventory_movements;
  it public.inventory_items;
  moves jsonb := '[]'::jsonb;
  stock jsonb;
  answer jsonb;
  saved text;
begin
  if jsonb_typeof(legs) is distinct from 'array' or jsonb_array_length(legs) = 0 then
    raise exception 'No movement to record' using errcode = '22023';
  end if;
  if jsonb_array_length(legs) > 1000 then
    raise exception 'At most 1000 movements at once' using errcode = '22023';
  end if;
  if mid is not null then
    claimed := private.claim_mutation(mid, 'inventory_movements', mid::text, 'RPC');
    if not claimed then
      select a.answer into prior from private.inventory_answers a
      where coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid)
          = coalesce(uid, '00000000-0000-0000-0000-000000000000'::uuid)
        and a.mutation_id = mid;
      if prior is null then
        raise exception 'This change was recorded already' using errcode = 'PT409';
      end if;
      return prior || jsonb_build_object('replayed', true);
    end if;
    -- Keep the answers as long as the mutation records (90 days).
    delete from private.inventory_answers a
    where a.user_id = uid and a.created_at < now() - interval '90 days';
  else
    mid := gen_random_uuid();
  end if;

  perform set_config('arivia.inventory_ledger', 'on', true);
  -- Every stock row the legs touch exists, and is locked in one order (no deadlock between two
  -- transfers that touch the same two rows from opposite ends).
  insert into public.inventory_stock (item_id, location_id)
  select distinct (l ->> 'item_id')::uuid, (l ->> 'location_id')::uuid
  from jsonb_array_elements(legs) l
  on conflict do nothing;
  perform 1 from public.inventory_stock st
  where (st.item_id, st.location_id) in (
    select (l ->> 'item_id')::uuid, (l ->> 'location_id')::uuid from jsonb_array_elements(legs) l)
  order by st.item_id, st.location_id
  for update;
  select ss.allow_negative_stock into allow from public.system_settings ss limit 1;

  for leg in
    select
      (l ->> 'item_id')::uuid as item_id,
      (l ->> 'location_id')::uuid as location_id,
      (l ->> 'kind')::public.inventory_movement_kind as kind,
      (l ->> 'quantity')::numeric as quantity,
      (l ->> 'counted_quantity')::numeric as counted_quantity,
      coalesce(l ->> 'reason', '') as reason,
      (l ->> 'occurred_at')::timestamptz as occurred_at,
      (l ->> 'clean_id')::uuid as clean_id,
      (l ->> 'work_order_id')::uuid as work_order_id,
      l ->> 'transfer' as transfer,
      n
    from jsonb_array_elements(legs) with ordinality as x(l, n)
    order by n
  loop
    select * into strict it from public.inventory_items i where i.id = leg.item_id;
    at := least(coalesce(leg.occurred_at, now()), now());
    select * into strict s from public.inventory_stock st
    where st.item_id = leg.item_id and st.location_id = leg.location_id;
    if leg.kind = 'count' then
      if leg.counted_quantity is null or leg.counted_quantity < 0 then
        raise exception 'A count is a quantity of at least 0' using errcode = '22023';
      end if;
      before_qty := s.on_hand - coalesce((
        select sum(mv.quantity) from public.inventory_movements mv
        where mv.item_id = leg.item_id and mv.location_id = leg.location_id and mv.occurred_at > at), 0);
      qty := leg.counted_quantity - before_qty;
    else
      qty := leg.quantity;
    end if;
    if qty is null then
      raise exception 'A movement needs a quantity' using errcode = '22023';
    end if;
    -- A refused negative: stock taken below zero by anything but a count (a count is what is
    -- there; it is flagged, never refused, so an offline count is never lost).
    if s.on_hand + qty < 0 and qty < 0 and leg.kind <> 'count' and not coalesce(allow, false) then
      raise exception 'Not enough stock: % on hand, % asked', s.on_hand, -qty
        using errcode = '23514',
          detail = json_build_object('item_id', leg.item_id, 'location_id', leg.location_id,
            'on_hand', s.on_hand, 'quantity', qty)::text,
          hint = 'Receive or transfer stock first, or allow negative stock in the company settings.';
    end if;
    update public.inventory_stock st
    set on_hand = st.on_hand + qty, negative = st.on_hand + qty < 0, updated_at = now()
    where st.item_id = leg.item_id and st.location_id = leg.location_id
    returning * into s;
    insert into public.inventory_movements (
      id, item_id, location_id, kind, quantity, counted_quantity, unit_cost, reason, negative,
      transfer_id, clean_id, work_order_id, mutation_id, created_by, occurred_at)
    values (
      md5(coalesce(uid::text, '') || ':' || mid::text || ':' || leg.n)::uuid, leg.item_id, leg.location_id, leg.kind, qty,
      case when leg.kind = 'count' then leg.counted_quantity end, it.unit_cost, leg.reason,
      s.on_hand < 0,
      case when leg.transfer is not null then md5(coalesce(uid::text, '') || ':' || mid::text || ':t' || leg.transfer)::uuid end,
      leg.clean_id, leg.work_order_id, mid, uid, at)
    returning * into m;
    moves := moves || to_jsonb(m);
    -- Parts used on a work order add to its cost.
    if leg.kind = 'consume' and leg.work_order_id is not null and it.unit_cost > 0 then
      saved := private.suspend_mutation_id();
      update public.work_orders w
      set parts_cost = w.parts_cost + round(-qty * it.unit_cost, 2)
      where w.id = leg.work_order_id;
      perform private.resume_mutation_id(saved);
    end if;
  end loop;
  perform set_config('arivia.inventory_ledger', '', true);

  select coalesce(jsonb_agg(to_jsonb(st) order by st.item_id, st.location_id), '[]'::jsonb) into stock
  from public.inventory_stock st
  where (st.item_id, st.location_id) in (
    select (l ->> 'item_id')::uuid, (l ->> 'location_id')::uuid from jsonb_array_elements(legs) l);
  answer := jsonb_build_object('mutation_id', mid, 'replayed', false, 'movements', moves, 'stock', stock);
  if claimed then
    insert into private.inventory_answers (user_id, mutation_id, answer) values (uid, mid, answer);
  end if;
  return answer;
end;
$$;
comment on function private.inventory_record(jsonb, uuid) is
  'The stock ledger: records movements and changes on_hand in one transaction, once per mutation id.';

-- ---------------------------------------------------------------------------------------------
-- Checks shared by the API's functions
-- ---------------------------------------------------------------------------------------------

create function private.inventory_api() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(auth.role(), '') in ('anon', 'authenticated') $$;

create function private.inventory_require(permission text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.inventory_api() and not public.has_permission(permission) then
    raise exception 'You may not do this (%)', permission using errcode = '42501';
  end if;
end;
$$;

create function private.inventory_check_item(item_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.inventory_items i where i.id = inventory_check_item.item_id and i.active) then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
end;
$$;

-- May the caller move stock at this location? inventory.manage: any active location. Field staff
-- (inventory.adjust): warehouses, their own van and the villas they see; never another's van.
create function private.inventory_check_location(location_id uuid, want_kind public.inventory_location_kind default null)
returns public.inventory_locations
language plpgsql
stable
set search_path = ''
as $$
declare
  l public.inventory_locations;
begin
  select * into l from public.inventory_locations x where x.id = inventory_check_location.location_id and x.active;
  if not found or (private.inventory_api() and l.kind = 'property' and not public.has_permission('properties.view')) then
    raise exception 'Location not found' using errcode = 'PT404';
  end if;
  if want_kind is not null and l.kind <> want_kind then
    raise exception 'This needs a % location', want_kind using errcode = '22023';
  end if;
  if private.inventory_api() and not public.has_permission('inventory.manage')
    and l.kind = 'van' and l.holder_id is distinct from auth.uid() then
    raise exception 'You may move stock only in your own van' using errcode = '42501';
  end if;
  return l;
end;
$$;

create function private.inventory_check_quantity(quantity numeric)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if quantity is null or quantity <= 0 or quantity > 1000000 then
    raise exception 'A quantity is more than 0 and at most 1000000' using errcode = '22023';
  end if;
end;
$$;

create function private.inventory_check_reason(reason text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if reason is not null and char_length(reason) > 500 then
    raise exception 'A reason is at most 500 characters' using errcode = '22023';
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The API's writes
-- ---------------------------------------------------------------------------------------------

create function public.inventory_receive(
  item_id uuid, location_id uuid, quantity numeric, reason text default '', occurred_at timestamptz default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.inventory_require('inventory.manage');
  perform private.inventory_check_item(inventory_receive.item_id);
  perform private.inventory_check_location(inventory_receive.location_id, 'warehouse');
  perform private.inventory_check_quantity(inventory_receive.quantity);
  perform private.inventory_check_reason(inventory_receive.reason);
  return private.inventory_record(jsonb_build_array(jsonb_build_object(
    'item_id', inventory_receive.item_id, 'location_id', inventory_receive.location_id,
    'kind', 'receive', 'quantity', inventory_receive.quantity, 'reason', inventory_receive.reason,
    'occurred_at', inventory_receive.occurred_at)));
end;
$$;
comment on function public.inventory_receive(uuid, uuid, numeric, text, timestamptz) is
  'Receives a delivery into a warehouse (inventory.manage). Idempotent per X-Mutation-Id.';

-- transfers: [{item_id, from_location_id, to_location_id, quantity}]; one pair of movements each.
create function public.inventory_transfer_batch(
  transfers jsonb, reason text default '', occurred_at timestamptz default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  t record;
  legs jsonb := '[]'::jsonb;
begin
  perform private.inventory_require('inventory.adjust');
  perform private.inventory_check_reason(inventory_transfer_batch.reason);
  if jsonb_typeof(transfers) is distinct from 'array' or jsonb_array_length(transfers) = 0 then
    raise exception 'No transfer to make' using errcode = '22023';
  end if;
  if jsonb_array_length(transfers) > 500 then
    raise exception 'At most 500 transfers at once' using errcode = '22023';
  end if;
  for t in
    select (x ->> 'item_id')::uuid as item_id, (x ->> 'from_location_id')::uuid as from_id,
      (x ->> 'to_location_id')::uuid as to_id, (x ->> 'quantity')::numeric as quantity, n
    from jsonb_array_elements(transfers) with ordinality as e(x, n)
  loop
    perform private.inventory_check_item(t.item_id);
    perform private.inventory_check_quantity(t.quantity);
    if t.from_id is not distinct from t.to_id then
      raise exception 'A transfer goes to another location' using errcode = '22023';
    end if;
    perform private.inventory_check_location(t.from_id);
    perform private.inventory_check_location(t.to_id);
    legs := legs || jsonb_build_array(
      jsonb_build_object('item_id', t.item_id, 'location_id', t.from_id, 'kind', 'transfer_out',
        'quantity', -t.quantity, 'reason', inventory_transfer_batch.reason, 'transfer', t.n,
        'occurred_at', inventory_transfer_batch.occurred_at),
      jsonb_build_object('item_id', t.item_id, 'location_id', t.to_id, 'kind', 'transfer_in',
        'quantity', t.quantity, 'reason', inventory_transfer_batch.reason, 'transfer', t.n,
        'occurred_at', inventory_transfer_batch.occurred_at));
  end loop;
  return private.inventory_record(legs);
end;
$$;
comment on function public.inventory_transfer_batch(jsonb, text, timestamptz) is
  'Transfers several items at once (the pick list): each a transfer_out / transfer_in pair (inventory.adjust). Idempotent per X-Mutation-Id.';

create function public.inventory_transfer(
  item_id uuid, from_location_id uuid, to_location_id uuid, quantity numeric,
  reason text default '', occurred_at timestamptz default null)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  select public.inventory_transfer_batch(
    jsonb_build_array(jsonb_build_object('item_id', item_id, 'from_location_id', from_location_id,
      'to_location_id', to_location_id, 'quantity', quantity)),
    reason, occurred_at)
$$;
comment on function public.inventory_transfer(uuid, uuid, uuid, numeric, text, timestamptz) is
  'Moves stock from one location to another as one pair of movements (inventory.adjust). Idempotent per X-Mutation-Id.';

create function public.inventory_consume(
  item_id uuid, location_id uuid, quantity numeric, reason text default '',
  clean_id uuid default null, work_order_id uuid default null, occurred_at timestamptz default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.inventory_require('inventory.adjust');
  perform private.inventory_check_item(inventory_consume.item_id);
  perform private.inventory_check_location(inventory_consume.location_id);
  perform private.inventory_check_quantity(inventory_consume.quantity);
  perform private.inventory_check_reason(inventory_consume.reason);
  if inventory_consume.clean_id is not null and not exists (
    select 1 from public.cleaning_tasks c where c.id = inventory_consume.clean_id)
    or (inventory_consume.clean_id is not null and private.inventory_api()
      and not public.has_permission('housekeeping.view'))
  then
    raise exception 'Cleaning task not found' using errcode = 'PT404';
  end if;
  if inventory_consume.work_order_id is not null then
    if not exists (select 1 from public.work_orders w where w.id = inventory_consume.work_order_id)
      or (private.inventory_api() and not public.has_permission('maintenance.view'))
    then
      raise exception 'Work order not found' using errcode = 'PT404';
    end if;
    -- Parts go on a work order by whoever works on it (its cost changes).
    if private.inventory_api() and not public.has_permission('maintenance.manage') and not (
      public.has_permission('maintenance.work')
      and private.work_order_is_assignee(inventory_consume.work_order_id, auth.uid()))
    then
      raise exception 'Only the work order''s assignee or a manager records parts on it' using errcode = '42501';
    end if;
  end if;
  return private.inventory_record(jsonb_build_array(jsonb_build_object(
    'item_id', inventory_consume.item_id, 'location_id', inventory_consume.location_id,
    'kind', 'consume', 'quantity', -inventory_consume.quantity, 'reason', inventory_consume.reason,
    'clean_id', inventory_consume.clean_id, 'work_order_id', inventory_consume.work_order_id,
    'occurred_at', inventory_consume.occurred_at)));
end;
$$;
comment on function public.inventory_consume(uuid, uuid, numeric, text, uuid, uuid, timestamptz) is
  'Records stock used (inventory.adjust), for a clean or a work order (its parts cost grows by quantity x unit cost). Idempotent per X-Mutation-Id.';

create function public.inventory_count(
  item_id uuid, location_id uuid, counted_quantity numeric, reason text default '',
  occurred_at timestamptz default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.inventory_require('inventory.adjust');
  perform private.inventory_check_item(inventory_count.item_id);
  perform private.inventory_check_location(inventory_count.location_id);
  perform private.inventory_check_reason(inventory_count.reason);
  if inventory_count.counted_quantity is null or inventory_count.counted_quantity < 0
    or inventory_count.counted_quantity > 1000000 then
    raise exception 'A count is a quantity from 0 to 1000000' using errcode = '22023';
  end if;
  return private.inventory_record(jsonb_build_array(jsonb_build_object(
    'item_id', inventory_count.item_id, 'location_id', inventory_count.location_id,
    'kind', 'count', 'counted_quantity', inventory_count.counted_quantity,
    'reason', inventory_count.reason, 'occurred_at', inventory_count.occurred_at)));
end;
$$;
comment on function public.inventory_count(uuid, uuid, numeric, text, timestamptz) is
  'Records a count (inventory.adjust): the difference from the stock as of occurred_at becomes the movement. Idempotent per X-Mutation-Id.';

create function public.inventory_adjust(
  item_id uuid, location_id uuid, quantity numeric, reason text, occurred_at timestamptz default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.inventory_require('inventory.manage');
  perform private.inventory_check_item(inventory_adjust.item_id);
  perform private.inventory_check_location(inventory_adjust.location_id);
  perform private.inventory_check_reason(inventory_adjust.reason);
  if inventory_adjust.quantity is null or inventory_adjust.quantity = 0
    or abs(inventory_adjust.quantity) > 1000000 then
    raise exception 'An adjustment is a quantity other than 0' using errcode = '22023';
  end if;
  if coalesce(btrim(inventory_adjust.reason), '') = '' then
    raise exception 'An adjustment needs a reason' using errcode = '22023';
  end if;
  return private.inventory_record(jsonb_build_array(jsonb_build_object(
    'item_id', inventory_adjust.item_id, 'location_id', inventory_adjust.location_id,
    'kind', 'adjust', 'quantity', inventory_adjust.quantity, 'reason', btrim(inventory_adjust.reason),
    'occurred_at', inventory_adjust.occurred_at)));
end;
$$;
comment on function public.inventory_adjust(uuid, uuid, numeric, text, timestamptz) is
  'Corrects stock by a signed quantity with a reason (inventory.manage). Idempotent per X-Mutation-Id.';

-- Not a movement: setting a level twice is the same as once, so no mutation record is needed.
create function public.inventory_set_par(
  item_id uuid, location_id uuid, par_level numeric, reorder_threshold numeric)
returns public.inventory_stock
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.inventory_stock;
begin
  perform private.inventory_require('inventory.manage');
  perform private.inventory_check_item(inventory_set_par.item_id);
  perform private.inventory_check_location(inventory_set_par.location_id);
  if inventory_set_par.par_level is null or inventory_set_par.reorder_threshold is null
    or inventory_set_par.par_level < 0 or inventory_set_par.reorder_threshold < 0
    or inventory_set_par.par_level > 1000000 or inventory_set_par.reorder_threshold > 1000000 then
    raise exception 'Par level and reorder threshold are from 0 to 1000000' using errcode = '22023';
  end if;
  insert into public.inventory_stock as st (item_id, location_id, par_level, reorder_threshold)
  values (inventory_set_par.item_id, inventory_set_par.location_id, inventory_set_par.par_level,
    inventory_set_par.reorder_threshold)
  on conflict on constraint inventory_stock_pkey do update
  set par_level = excluded.par_level, reorder_threshold = excluded.reorder_threshold, updated_at = now()
  returning * into s;
  return s;
end;
$$;
comment on function public.inventory_set_par(uuid, uuid, numeric, numeric) is
  'Sets the par level and reorder threshold of an item at a location (inventory.manage).';

-- ---------------------------------------------------------------------------------------------
-- Reads: the pick list and low stock
-- ---------------------------------------------------------------------------------------------

-- The cleans scheduled (or under way) on days from_day..to_day (their `day`), optionally of one
-- villa (villa_id). Each consumes, per its cleaning type's consumption: per_stay x1, per_guest x the guests
-- of the stay it follows (turnover_for; else the guests arriving; else the villa's max guests),
-- per_bedroom x the villa's bedrooms (at least 1: a studio has a bed). Per villa and item:
-- needed = that sum; above_par = what the villa holds above its par level; quantity =
-- ceil(needed - above_par), never below 0. A row with property_id null is the total of an item.
create function public.inventory_pick_list(from_day date, to_day date, villa_id uuid default null)
returns table (property_id uuid, item_id uuid, cleans integer, needed numeric, above_par numeric, quantity numeric)
language plpgsql
stable
security definer
set search_path = ''
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
    select n.property_id, n.item_id, n.cleans, n.needed,
      greatest(coalesce(s.on_hand, 0) - coalesce(s.par_level, 0), 0) as above_par
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
  'What the scheduled cleans of the days consume per villa and item, minus stock above par (never below 0); rows with property_id null are totals.';

-- Stock at or below its reorder threshold (with a par level or threshold set): order up to par,
-- rounded up to whole packs.
create view public.inventory_low_stock
with (security_invoker = true)
as
select s.id, s.item_id, s.location_id, l.kind as location_kind, l.property_id, i.name as item_name,
  i.category, i.unit, i.pack_size, s.on_hand, s.par_level, s.reorder_threshold,
  (ceil(greatest(s.par_level - s.on_hand, 0) / i.pack_size) * i.pack_size)::numeric as suggested_order,
  (ceil(greatest(s.par_level - s.on_hand, 0) / i.pack_size) * i.pack_size * i.unit_cost)::numeric(12, 2)
    as suggested_cost
from public.inventory_stock s
join public.inventory_items i on i.id = s.item_id and i.active
join public.inventory_locations l on l.id = s.location_id and l.active
where (s.reorder_threshold > 0 or s.par_level > 0) and s.on_hand <= s.reorder_threshold;
comment on view public.inventory_low_stock is
  'Stock at or below its reorder threshold, with the quantity to order up to par in whole packs.';

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.inventory_items enable row level security;
alter table public.inventory_locations enable row level security;
alter table public.inventory_stock enable row level security;
alter table public.inventory_movements enable row level security;
alter table public.inventory_consumption enable row level security;
alter table private.inventory_answers enable row level security;

revoke all on table public.inventory_items, public.inventory_locations, public.inventory_stock,
  public.inventory_movements, public.inventory_consumption from public, anon, authenticated;
revoke all on table private.inventory_answers from public, anon, authenticated, service_role;
grant all on table public.inventory_items, public.inventory_locations, public.inventory_consumption
  to service_role;
-- The ledger is written only by its function, the service role included.
grant select on table public.inventory_stock, public.inventory_movements to service_role;

grant select on table public.inventory_items, public.inventory_locations, public.inventory_stock,
  public.inventory_movements, public.inventory_consumption to authenticated;
grant insert (id, name, sku, barcode, category, unit, pack_size, unit_cost, photo_path, active),
  update (name, sku, barcode, category, unit, pack_size, unit_cost, photo_path, active)
  on table public.inventory_items to authenticated;
grant insert (id, kind, name, holder_id, active), update (name, holder_id, active)
  on table public.inventory_locations to authenticated;
grant insert (id, cleaning_type_id, item_id, basis, quantity), update (basis, quantity), delete
  on table public.inventory_consumption to authenticated;

grant select on table public.inventory_low_stock to authenticated, service_role;
select private.make_view_read_only('public.inventory_low_stock');

create policy "inventory_items: inventory.view reads"
on public.inventory_items for select to authenticated
using ((select public.has_permission('inventory.view')));
create policy "inventory_items: inventory.manage adds"
on public.inventory_items for insert to authenticated
with check ((select public.has_permission('inventory.manage')));
create policy "inventory_items: inventory.manage edits"
on public.inventory_items for update to authenticated
using ((select public.has_permission('inventory.manage')))
with check ((select public.has_permission('inventory.manage')));

create policy "inventory_locations: inventory.view reads (villas: those the caller sees)"
on public.inventory_locations for select to authenticated
using (
  (select public.has_permission('inventory.view'))
  and (property_id is null or exists (select 1 from public.properties p where p.id = inventory_locations.property_id))
);
-- Warehouses and vans only: a villa's location comes with the villa.
create policy "inventory_locations: inventory.manage adds warehouses and vans"
on public.inventory_locations for insert to authenticated
with check ((select public.has_permission('inventory.manage')) and kind <> 'property');
create policy "inventory_locations: inventory.manage edits"
on public.inventory_locations for update to authenticated
using ((select public.has_permission('inventory.manage')))
with check ((select public.has_permission('inventory.manage')));

create policy "inventory_stock: read with the location"
on public.inventory_stock for select to authenticated
using (
  (select public.has_permission('inventory.view'))
  and exists (select 1 from public.inventory_locations l where l.id = inventory_stock.location_id)
);
create policy "inventory_movements: read with the location"
on public.inventory_movements for select to authenticated
using (
  (select public.has_permission('inventory.view'))
  and exists (select 1 from public.inventory_locations l where l.id = inventory_movements.location_id)
);

create policy "inventory_consumption: inventory.view reads"
on public.inventory_consumption for select to authenticated
using ((select public.has_permission('inventory.view')));
create policy "inventory_consumption: inventory.manage adds"
on public.inventory_consumption for insert to authenticated
with check ((select public.has_permission('inventory.manage')));
create policy "inventory_consumption: inventory.manage edits"
on public.inventory_consumption for update to authenticated
using ((select public.has_permission('inventory.manage')))
with check ((select public.has_permission('inventory.manage')));
create policy "inventory_consumption: inventory.manage removes"
on public.inventory_consumption for delete to authenticated
using ((select public.has_permission('inventory.manage')));

-- Functions: the API's writes and reads to signed-in users (each checks the key); the helpers to
-- nobody but the definer functions' owner.
revoke all on function public.inventory_receive(uuid, uuid, numeric, text, timestamptz) from public, anon;
revoke all on function public.inventory_transfer(uuid, uuid, uuid, numeric, text, timestamptz) from public, anon;
revoke all on function public.inventory_transfer_batch(jsonb, text, timestamptz) from public, anon;
revoke all on function public.inventory_consume(uuid, uuid, numeric, text, uuid, uuid, timestamptz) from public, anon;
revoke all on function public.inventory_count(uuid, uuid, numeric, text, timestamptz) from public, anon;
revoke all on function public.inventory_adjust(uuid, uuid, numeric, text, timestamptz) from public, anon;
revoke all on function public.inventory_set_par(uuid, uuid, numeric, numeric) from public, anon;
revoke all on function public.inventory_pick_list(date, date, uuid) from public, anon;
grant execute on function public.inventory_receive(uuid, uuid, numeric, text, timestamptz) to authenticated, service_role;
grant execute on function public.inventory_transfer(uuid, uuid, uuid, numeric, text, timestamptz) to authenticated, service_role;
grant execute on function public.inventory_transfer_batch(jsonb, text, timestamptz) to authenticated, service_role;
grant execute on function public.inventory_consume(uuid, uuid, numeric, text, uuid, uuid, timestamptz) to authenticated, service_role;
grant execute on function public.inventory_count(uuid, uuid, numeric, text, timestamptz) to authenticated, service_role;
grant execute on function public.inventory_adjust(uuid, uuid, numeric, text, timestamptz) to authenticated, service_role;
grant execute on function public.inventory_set_par(uuid, uuid, numeric, numeric) to authenticated, service_role;
grant execute on function public.inventory_pick_list(date, date, uuid) to authenticated, service_role;

revoke all on function private.inventory_record(jsonb, uuid) from public, anon, authenticated, service_role;
revoke all on function private.inventory_api() from public, anon, authenticated, service_role;
revoke all on function private.inventory_require(text) from public, anon, authenticated, service_role;
revoke all on function private.inventory_check_item(uuid) from public, anon, authenticated, service_role;
revoke all on function private.inventory_check_location(uuid, public.inventory_location_kind) from public, anon, authenticated, service_role;
revoke all on function private.inventory_check_quantity(numeric) from public, anon, authenticated, service_role;
revoke all on function private.inventory_check_reason(text) from public, anon, authenticated, service_role;
revoke all on function private.inventory_stock_guard() from public, anon, authenticated, service_role;
revoke all on function private.inventory_movements_append_only() from public, anon, authenticated, service_role;
revoke all on function private.inventory_property_location() from public, anon, authenticated, service_role;

-- Realtime: stock and movements update the screens live; RLS picks who receives a row.
alter publication supabase_realtime add table public.inventory_stock, public.inventory_movements;
