-- Why: the villa records every other area hangs off (PRODUCT.md "Properties"): reservations, cleans,
-- work orders, stock and chat are all per property. Three tables:
--
--   properties        the record: name, unique short code, address and area, optional coordinates,
--                     type, bedrooms, bathrooms, max guests, status, archive flag, owner, notes,
--                     who created / last changed it.
--   property_access   door, key-safe, alarm and Wi-Fi details, one row per property. A separate
--                     table because Postgres column privileges belong to database roles, not to our
--                     permission keys: RLS on this table asks has_permission('properties.access').
--                     The app reads both with one request, `properties?select=*,property_access(*)`
--                     (a one-to-one embed: an object, or null for someone without the permission).
--   property_photos   photos stored in the `property-photos` bucket (path inside the bucket),
--                     caption, order; at most one is the cover.
--
-- Who may do what (RLS, keys from 20261121103300_access_defaults.sql):
--   read        properties.view (every role by default)
--   write       properties.manage (managers and admins)
--   access row  read with properties.view + properties.access; write with properties.manage +
--               properties.access (nobody overwrites notes they are not allowed to read)
--   anon        nothing.
--
-- Archive, never hard-delete, anything with history: `archived` (archived_at stamped by a trigger)
-- hides a villa from default lists; deleting a villa that has history is refused by a trigger added
-- with the reservations (20261121130100_reservations.sql), which is where the history starts.
--
-- Company settings the system settings (admin area) will own later live here as SQL functions, so
-- SQL and the app share one answer: company_time_zone() (reservation times are timestamptz, shown
-- and entered in this zone), and the check-in / check-out times an all-day iCal event maps to. The
-- admin area replaces their bodies (`create or replace`) to read its settings table.

-- ---------------------------------------------------------------------------------------------
-- Company settings (until the admin area's settings table exists)
-- ---------------------------------------------------------------------------------------------

create function public.company_time_zone()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select 'Europe/Athens'::text
$$;
comment on function public.company_time_zone() is
  'IANA time zone of the company: reservation times are entered and shown in it.';

create function public.default_check_in_time()
returns time
language sql
stable
security definer
set search_path = ''
as $$
  select time '15:00'
$$;
comment on function public.default_check_in_time() is
  'Check-in time (company time zone) for a stay known only by its dates (all-day iCal events).';

create function public.default_check_out_time()
returns time
language sql
stable
security definer
set search_path = ''
as $$
  select time '11:00'
$$;
comment on function public.default_check_out_time() is
  'Check-out time (company time zone) for a stay known only by its dates (all-day iCal events).';

revoke all on function public.company_time_zone() from public;
revoke all on function public.default_check_in_time() from public;
revoke all on function public.default_check_out_time() from public;
grant execute on function public.company_time_zone() to anon, authenticated, service_role;
grant execute on function public.default_check_in_time() to authenticated, service_role;
grant execute on function public.default_check_out_time() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Who created / last changed a row
-- ---------------------------------------------------------------------------------------------

-- For API callers (anon / authenticated) the stamps come from the verified JWT, whatever the
-- request body says; trusted roles (service role, seeds, migrations) may set them. Reusable by any
-- table with created_at, updated_at, created_by, updated_by. SECURITY INVOKER on purpose: it reads
-- current_user, which is the API role only outside definer functions.
create function public.stamp_authors()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.updated_at := now();
    if api then
      new.created_by := auth.uid();
      new.updated_by := auth.uid();
    else
      new.created_by := coalesce(new.created_by, auth.uid());
      new.updated_by := coalesce(new.updated_by, new.created_by);
    end if;
  else
    new.updated_at := now();
    if api then
      new.created_at := old.created_at;
      new.created_by := old.created_by;
      new.updated_by := auth.uid();
    elsif new.updated_by is not distinct from old.updated_by then
      new.updated_by := coalesce(auth.uid(), old.updated_by);
    end if;
  end if;
  return new;
end;
$$;
revoke all on function public.stamp_authors() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- properties
-- ---------------------------------------------------------------------------------------------

create type public.property_type as enum ('villa', 'house', 'apartment', 'suite', 'studio');
create type public.property_status as enum ('active', 'inactive');

create table public.properties (
  id uuid primary key default gen_random_uuid(),
  -- Short code staff say on the phone and write on keys: SAN-OIA-01. Stored upper-case (trigger).
  code text not null,
  name text not null,
  type public.property_type not null default 'villa',
  -- inactive = temporarily out of service (renovation, owner's own use); still listed.
  status public.property_status not null default 'active',
  address text not null default '',
  -- Locality the team plans routes by ("Oia, Santorini").
  area text not null default '',
  latitude double precision,
  longitude double precision,
  bedrooms smallint not null default 1,
  bathrooms smallint not null default 1,
  max_guests smallint not null default 2,
  owner_name text not null default '',
  owner_phone text,
  owner_email text,
  notes text not null default '',
  archived boolean not null default false,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint properties_code_key unique (code),
  constraint properties_code_format check (code ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and char_length(code) <= 24),
  constraint properties_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint properties_address_length check (char_length(address) <= 300),
  constraint properties_area_length check (char_length(area) <= 120),
  constraint properties_coordinates check (
    (latitude is null) = (longitude is null)
    and (latitude is null or latitude between -90 and 90)
    and (longitude is null or longitude between -180 and 180)
  ),
  constraint properties_bedrooms_range check (bedrooms between 0 and 50),
  constraint properties_bathrooms_range check (bathrooms between 0 and 50),
  constraint properties_max_guests_range check (max_guests between 1 and 100),
  constraint properties_owner_name_length check (char_length(owner_name) <= 120),
  constraint properties_owner_phone_format check (owner_phone is null or owner_phone ~ '^\+?[0-9 ()./-]{3,32}$'),
  constraint properties_owner_email_format check (
    owner_email is null or (owner_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(owner_email) <= 254)
  ),
  constraint properties_notes_length check (char_length(notes) <= 10000),
  constraint properties_archived_at check (archived = (archived_at is not null))
);
comment on table public.properties is
  'Villa records. Archived ones are hidden from default lists; those with history are never deleted.';
comment on column public.properties.code is 'Unique short code (upper-case letters, digits, dashes).';
comment on column public.properties.archived is
  'Archived: hidden from default lists, takes no new reservations. archived_at is stamped by a trigger.';

-- The list sorts by name and filters by area and status; 2,000 villas sort in memory cheaply, but
-- the name index lets "first page by name" stop after 50 rows.
create index properties_name_idx on public.properties (name);
create index properties_area_idx on public.properties (area);

create function public.properties_normalise()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.code := upper(btrim(new.code));
  new.name := btrim(new.name);
  new.area := btrim(new.area);
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := now();
  elsif not new.archived then
    new.archived_at := null;
  else
    new.archived_at := old.archived_at;
  end if;
  return new;
end;
$$;
revoke all on function public.properties_normalise() from public, anon, authenticated, service_role;

create trigger properties_normalise before insert or update on public.properties
for each row execute function public.properties_normalise();
create trigger properties_stamp_authors before insert or update on public.properties
for each row execute function public.stamp_authors();

-- ---------------------------------------------------------------------------------------------
-- property_access
-- ---------------------------------------------------------------------------------------------

create table public.property_access (
  property_id uuid primary key references public.properties (id) on delete cascade,
  -- How to get in: where the keys are, gate, parking, quirks of the door.
  access_notes text not null default '',
  key_safe_code text,
  alarm_code text,
  wifi_name text,
  wifi_password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint property_access_notes_length check (char_length(access_notes) <= 5000),
  constraint property_access_key_safe_length check (key_safe_code is null or char_length(key_safe_code) <= 64),
  constraint property_access_alarm_length check (alarm_code is null or char_length(alarm_code) <= 64),
  constraint property_access_wifi_name_length check (wifi_name is null or char_length(wifi_name) <= 64),
  constraint property_access_wifi_password_length check (wifi_password is null or char_length(wifi_password) <= 128)
);
comment on table public.property_access is
  'Access and Wi-Fi details of a property; readable only with the properties.access permission.';

create trigger property_access_stamp_authors before insert or update on public.property_access
for each row execute function public.stamp_authors();

-- ---------------------------------------------------------------------------------------------
-- property_photos
-- ---------------------------------------------------------------------------------------------

create table public.property_photos (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  -- Object name inside the `property-photos` bucket, e.g. '<property id>/<uuid>.jpg'
  -- (the demo seed uses '<CODE>/<n>.jpg').
  storage_path text not null,
  caption text not null default '',
  position integer not null default 0,
  is_cover boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint property_photos_storage_path_key unique (storage_path),
  constraint property_photos_storage_path_format check (
    char_length(storage_path) between 1 and 1024
    and storage_path !~ '(^/|\.\./|^\.\.$|/\.\.$|//)'
  ),
  constraint property_photos_caption_length check (char_length(caption) <= 200),
  constraint property_photos_position_range check (position between 0 and 10000)
);
comment on table public.property_photos is
  'Photos of a property (objects in the property-photos bucket), in display order; one may be the cover.';
comment on column public.property_photos.is_cover is
  'The cover photo (at most one per property). Without one, lists show the first photo by position.';

create index property_photos_property_position_idx on public.property_photos (property_id, position);
create unique index property_photos_one_cover_idx on public.property_photos (property_id) where is_cover;

-- Making a photo the cover takes the flag from the previous one in the same statement, so the app
-- sets a cover with one update.
create function public.property_photos_single_cover()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_cover and (tg_op = 'INSERT' or not old.is_cover or new.property_id <> old.property_id) then
    update public.property_photos
    set is_cover = false
    where property_id = new.property_id and is_cover and id <> new.id;
  end if;
  return new;
end;
$$;
revoke all on function public.property_photos_single_cover() from public, anon, authenticated, service_role;

create trigger property_photos_single_cover before insert or update of is_cover, property_id
on public.property_photos
for each row execute function public.property_photos_single_cover();
create trigger property_photos_stamp_authors before insert or update on public.property_photos
for each row execute function public.stamp_authors();

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.properties enable row level security;
alter table public.property_access enable row level security;
alter table public.property_photos enable row level security;

revoke all on table public.properties, public.property_access, public.property_photos
  from public, anon, authenticated;
grant all on table public.properties, public.property_access, public.property_photos to service_role;

-- id is insertable: the offline app makes ids on the phone. Key columns are also updatable because
-- an upsert (PostgREST: ON CONFLICT DO UPDATE SET every column sent) writes them back unchanged;
-- the foreign keys keep a referenced id from really changing. Stamps, archived_at: triggers only.
grant select, delete on table public.properties to authenticated;
grant insert (id, code, name, type, status, address, area, latitude, longitude, bedrooms, bathrooms,
    max_guests, owner_name, owner_phone, owner_email, notes, archived)
  on table public.properties to authenticated;
grant update (id, code, name, type, status, address, area, latitude, longitude, bedrooms, bathrooms,
    max_guests, owner_name, owner_phone, owner_email, notes, archived)
  on table public.properties to authenticated;

grant select, delete on table public.property_access to authenticated;
grant insert (property_id, access_notes, key_safe_code, alarm_code, wifi_name, wifi_password)
  on table public.property_access to authenticated;
grant update (property_id, access_notes, key_safe_code, alarm_code, wifi_name, wifi_password)
  on table public.property_access to authenticated;

grant select, delete on table public.property_photos to authenticated;
grant insert (id, property_id, storage_path, caption, position, is_cover)
  on table public.property_photos to authenticated;
grant update (id, property_id, caption, position, is_cover) on table public.property_photos to authenticated;

-- properties ----------------------------------------------------------------------------------

create policy "properties: properties.view reads"
on public.properties for select to authenticated
using ((select public.has_permission('properties.view')));

create policy "properties: properties.manage inserts"
on public.properties for insert to authenticated
with check ((select public.has_permission('properties.manage')));

create policy "properties: properties.manage updates"
on public.properties for update to authenticated
using ((select public.has_permission('properties.manage')))
with check ((select public.has_permission('properties.manage')));

create policy "properties: properties.manage deletes"
on public.properties for delete to authenticated
using ((select public.has_permission('properties.manage')));

-- property_access -----------------------------------------------------------------------------

create policy "property_access: properties.access reads"
on public.property_access for select to authenticated
using (
  (select public.has_permission('properties.view'))
  and (select public.has_permission('properties.access'))
);

create policy "property_access: manage + access inserts"
on public.property_access for insert to authenticated
with check (
  (select public.has_permission('properties.manage'))
  and (select public.has_permission('properties.access'))
);

create policy "property_access: manage + access updates"
on public.property_access for update to authenticated
using (
  (select public.has_permission('properties.manage'))
  and (select public.has_permission('properties.access'))
)
with check (
  (select public.has_permission('properties.manage'))
  and (select public.has_permission('properties.access'))
);

create policy "property_access: manage + access deletes"
on public.property_access for delete to authenticated
using (
  (select public.has_permission('properties.manage'))
  and (select public.has_permission('properties.access'))
);

-- property_photos -----------------------------------------------------------------------------

create policy "property_photos: properties.view reads"
on public.property_photos for select to authenticated
using ((select public.has_permission('properties.view')));

create policy "property_photos: properties.manage inserts"
on public.property_photos for insert to authenticated
with check ((select public.has_permission('properties.manage')));

create policy "property_photos: properties.manage updates"
on public.property_photos for update to authenticated
using ((select public.has_permission('properties.manage')))
with check ((select public.has_permission('properties.manage')));

create policy "property_photos: properties.manage deletes"
on public.property_photos for delete to authenticated
using ((select public.has_permission('properties.manage')));
