-- Why: reservations drive the work (PRODUCT.md core idea 2): turnover cleans go between a check-out
-- and the next check-in, stock follows bookings, guest-ready looks at the next arrival. This adds:
--
--   reservations                   a stay at a property: guest, guests, check-in / check-out
--                                  (timestamptz; entered and shown in company_time_zone()), source,
--                                  external_uid (the iCal UID), status confirmed / cancelled, notes.
--   property_ical_feeds            per-property iCal export URLs (Airbnb, Booking.com, VRBO, ...)
--                                  and how their last sync went.
--   reservation_import_conflicts   feed events that could not be applied because they overlap a
--                                  confirmed stay; an open conflict makes the villa not guest-ready.
--
-- Overlaps: two confirmed stays in one property may not overlap - enforced by an exclusion
-- constraint (btree_gist), so no form, import or race can break it. Stays are half-open ranges
-- [check_in, check_out): a check-out at 11:00 and the next check-in at 11:00 are back to back, not
-- overlapping. A BEFORE trigger looks for the overlap first so the app gets a clear answer:
-- SQLSTATE 23P01 with a readable message and the other stay's id and dates, delivered through
-- PostgREST's `RAISE SQLSTATE 'PGRST'` so the HTTP status is 409 Conflict (PostgREST maps a bare
-- 23P01 to 400). Two writers racing past the trigger still meet the constraint (23P01, 400). The
-- constraint is DEFERRABLE INITIALLY IMMEDIATE only so that an iCal import can move several stays
-- in one go (two guests swapping dates) and have the end result checked.
--
-- Who may do what: reservations.view reads reservations (field staff lack it: guest names stay with
-- the office; they still see next check-in / check-out times through property_overview, see
-- 20261121130300_properties_overview.sql); reservations.manage inserts and updates. Nobody deletes
-- a reservation through the API: a stay is cancelled (status), so history and the cleans made from
-- it stay explained. Feed URLs are secrets (anyone with the URL reads the calendar): only
-- reservations.manage sees or edits them.
--
-- History: a property with reservations (any status) cannot be deleted; archive it. The check is
-- public.property_has_history(id), which later areas (cleans, work orders, stock) extend with
-- `create or replace` as their tables arrive; a foreign key with on delete restrict backs it.

create extension if not exists btree_gist with schema extensions;

create type public.reservation_status as enum ('confirmed', 'cancelled');
create type public.reservation_source as enum ('direct', 'airbnb', 'booking', 'vrbo', 'other');

-- ---------------------------------------------------------------------------------------------
-- reservations
-- ---------------------------------------------------------------------------------------------

create table public.reservations (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete restrict,
  -- Imports often know no name (Airbnb exports say "Reserved"): then ''.
  guest_name text not null default '',
  guests smallint,
  check_in timestamptz not null,
  check_out timestamptz not null,
  source public.reservation_source not null default 'direct',
  -- UID of the iCal event this stay was imported from; null for stays entered by hand.
  external_uid text,
  status public.reservation_status not null default 'confirmed',
  cancelled_at timestamptz,
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint reservations_check_out_after_check_in check (check_out > check_in),
  -- Longer is a typo or a hostile feed, and it would block the villa for years.
  constraint reservations_stay_length check (check_out - check_in <= interval '366 days'),
  constraint reservations_guest_name_length check (char_length(guest_name) <= 200),
  constraint reservations_guests_range check (guests is null or guests between 1 and 100),
  constraint reservations_external_uid_length check (
    external_uid is null or char_length(external_uid) between 1 and 500
  ),
  constraint reservations_notes_length check (char_length(notes) <= 5000),
  constraint reservations_cancelled_at check ((status = 'cancelled') = (cancelled_at is not null)),
  constraint reservations_external_uid_key unique (property_id, external_uid),
  constraint reservations_no_overlap exclude using gist (
    property_id with =,
    tstzrange(check_in, check_out, '[)') with &&
  ) where (status = 'confirmed') deferrable initially immediate
);
comment on table public.reservations is
  'Stays at a property. Confirmed stays never overlap (exclusion constraint); cancel, never delete.';
comment on column public.reservations.check_in is 'Arrival instant; entered and shown in company_time_zone().';
comment on column public.reservations.check_out is 'Departure instant; the stay is [check_in, check_out).';
comment on column public.reservations.external_uid is
  'iCal UID the stay was imported from (unique per property); null when entered by hand.';

-- Next check-in / check-out per property (property_overview) and "who is in the villa now".
create index reservations_property_check_in_idx on public.reservations (property_id, check_in)
  where status = 'confirmed';
create index reservations_property_check_out_idx on public.reservations (property_id, check_out)
  where status = 'confirmed';
-- Today's arrivals and departures across all villas (dashboard, turnover planning).
create index reservations_check_in_idx on public.reservations (check_in);
create index reservations_check_out_idx on public.reservations (check_out);

create function public.reservations_normalise()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.guest_name := btrim(new.guest_name);
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
  elsif new.status = 'confirmed' then
    new.cancelled_at := null;
  else
    new.cancelled_at := old.cancelled_at;
  end if;
  return new;
end;
$$;

-- An archived villa takes no new stays (nor stays moved onto it, nor cancelled ones revived).
-- Definer: the writer may hold reservations.manage without properties.view.
create function public.reservations_guard_property()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'confirmed'
    and (tg_op = 'INSERT' or new.property_id <> old.property_id or old.status <> 'confirmed')
    and exists (select 1 from public.properties p where p.id = new.property_id and p.archived)
  then
    raise exception 'This property is archived and takes no new reservations'
      using errcode = '22023', hint = 'Restore the property from the archive first.';
  end if;
  return new;
end;
$$;

-- The clear answer to an overlap (see the header). Definer so the writer learns about a clashing
-- stay even if their RLS hides it; the message names dates only, never the other guest.
create function public.reservations_check_overlap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  other record;
  tz text := public.company_time_zone();
begin
  -- import_reservations writes a batch in which stays trade places; the constraint checks the end
  -- result. (Setting this flag only skips the friendly message: the constraint still holds.)
  if new.status <> 'confirmed' or current_setting('arivia.import_in_progress', true) = 'on' then
    return new;
  end if;
  -- Backwards dates: the check constraint answers (23514), not a range error from here.
  if new.check_out <= new.check_in then
    return new;
  end if;
  if tg_op = 'UPDATE'
    and old.status = 'confirmed'
    and new.property_id = old.property_id
    and new.check_in = old.check_in
    and new.check_out = old.check_out
  then
    return new;
  end if;
  select r.id, r.check_in, r.check_out
  into other
  from public.reservations r
  where r.property_id = new.property_id
    and r.status = 'confirmed'
    and r.id <> new.id
    and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  order by r.check_in
  limit 1;
  if found then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', '23P01',
        'message', format(
          'These dates overlap another confirmed reservation at this property (%s to %s)',
          to_char(other.check_in at time zone tz, 'YYYY-MM-DD HH24:MI'),
          to_char(other.check_out at time zone tz, 'YYYY-MM-DD HH24:MI')),
        'details', format(
          'Overlaps reservation %s: check-in %s, check-out %s (%s)',
          other.id,
          to_char(other.check_in at time zone tz, 'YYYY-MM-DD HH24:MI'),
          to_char(other.check_out at time zone tz, 'YYYY-MM-DD HH24:MI'),
          tz),
        'hint', 'Change the dates, or cancel the other reservation first.')::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
  return new;
end;
$$;

revoke all on function public.reservations_normalise() from public, anon, authenticated, service_role;
revoke all on function public.reservations_guard_property() from public, anon, authenticated, service_role;
revoke all on function public.reservations_check_overlap() from public, anon, authenticated, service_role;

-- Triggers fire in name order: normalise, guard, overlap, stamps.
create trigger reservations_a_normalise before insert or update on public.reservations
for each row execute function public.reservations_normalise();
create trigger reservations_b_guard_property before insert or update on public.reservations
for each row execute function public.reservations_guard_property();
create trigger reservations_c_check_overlap before insert or update on public.reservations
for each row execute function public.reservations_check_overlap();
create trigger reservations_d_stamp_authors before insert or update on public.reservations
for each row execute function public.stamp_authors();

-- ---------------------------------------------------------------------------------------------
-- History: archive instead of delete
-- ---------------------------------------------------------------------------------------------

-- Does anything refer to this property that must outlive it? Later areas add their tables here.
create function public.property_has_history(property_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.reservations r where r.property_id = property_has_history.property_id
  )
$$;
comment on function public.property_has_history(uuid) is
  'True when the property has history (reservations, later cleans and work orders): archive it, do not delete it.';
revoke all on function public.property_has_history(uuid) from public, anon;
grant execute on function public.property_has_history(uuid) to authenticated, service_role;

create function public.properties_guard_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.property_has_history(old.id) then
    raise exception 'Property % has history (reservations) and cannot be deleted: archive it instead', old.code
      using errcode = '23503', hint = 'Set archived = true to hide it from lists.';
  end if;
  return old;
end;
$$;
revoke all on function public.properties_guard_delete() from public, anon, authenticated, service_role;

create trigger properties_guard_delete before delete on public.properties
for each row execute function public.properties_guard_delete();

-- ---------------------------------------------------------------------------------------------
-- iCal feeds
-- ---------------------------------------------------------------------------------------------

create table public.property_ical_feeds (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  source public.reservation_source not null,
  url text not null,
  label text not null default '',
  active boolean not null default true,
  last_synced_at timestamptz,
  last_status text,
  last_error text,
  -- The report import_reservations returned on the last sync.
  last_report jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint property_ical_feeds_url_key unique (property_id, url),
  constraint property_ical_feeds_url_format check (url ~* '^https?://[^\s]+$' and char_length(url) <= 2048),
  constraint property_ical_feeds_source check (source <> 'direct'),
  constraint property_ical_feeds_label_length check (char_length(label) <= 120),
  constraint property_ical_feeds_last_status check (last_status is null or last_status in ('ok', 'error')),
  constraint property_ical_feeds_last_error_length check (last_error is null or char_length(last_error) <= 2000)
);
comment on table public.property_ical_feeds is
  'iCal export URLs per property (secrets: only reservations.manage reads them) and their last sync.';

create index property_ical_feeds_property_idx on public.property_ical_feeds (property_id);

create trigger property_ical_feeds_stamp_authors before insert or update on public.property_ical_feeds
for each row execute function public.stamp_authors();

create table public.reservation_import_conflicts (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  source public.reservation_source not null,
  external_uid text not null,
  guest_name text not null default '',
  check_in timestamptz not null,
  check_out timestamptz not null,
  -- The confirmed stay it overlaps (null once that one is gone).
  conflicting_reservation_id uuid references public.reservations (id) on delete set null,
  detected_at timestamptz not null default now(),
  constraint reservation_import_conflicts_uid_key unique (property_id, external_uid)
);
comment on table public.reservation_import_conflicts is
  'Feed events that overlap a confirmed stay, as of the last import. An open one makes the property not guest-ready.';

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.reservations enable row level security;
alter table public.property_ical_feeds enable row level security;
alter table public.reservation_import_conflicts enable row level security;

revoke all on table public.reservations, public.property_ical_feeds, public.reservation_import_conflicts
  from public, anon, authenticated;
grant all on table public.reservations, public.property_ical_feeds, public.reservation_import_conflicts
  to service_role;

grant select on table public.reservations to authenticated;
grant insert (id, property_id, guest_name, guests, check_in, check_out, source, external_uid, status, notes)
  on table public.reservations to authenticated;
-- id updatable for upserts of the offline queue (written back unchanged), as for properties.
grant update (id, property_id, guest_name, guests, check_in, check_out, source, external_uid, status, notes)
  on table public.reservations to authenticated;

grant select, delete on table public.property_ical_feeds to authenticated;
grant insert (id, property_id, source, url, label, active) on table public.property_ical_feeds to authenticated;
grant update (id, property_id, source, url, label, active, last_synced_at, last_status, last_error, last_report)
  on table public.property_ical_feeds to authenticated;

-- Written by import_reservations (SECURITY INVOKER, so as the importing user); a manager may
-- dismiss one by deleting it.
grant select, insert, delete on table public.reservation_import_conflicts to authenticated;

-- reservations --------------------------------------------------------------------------------

create policy "reservations: reservations.view reads"
on public.reservations for select to authenticated
using ((select public.has_permission('reservations.view')));

create policy "reservations: reservations.manage inserts"
on public.reservations for insert to authenticated
with check ((select public.has_permission('reservations.manage')));

create policy "reservations: reservations.manage updates"
on public.reservations for update to authenticated
using ((select public.has_permission('reservations.manage')))
with check ((select public.has_permission('reservations.manage')));

-- property_ical_feeds -------------------------------------------------------------------------

create policy "property_ical_feeds: reservations.manage reads"
on public.property_ical_feeds for select to authenticated
using ((select public.has_permission('reservations.manage')));

create policy "property_ical_feeds: reservations.manage inserts"
on public.property_ical_feeds for insert to authenticated
with check ((select public.has_permission('reservations.manage')));

create policy "property_ical_feeds: reservations.manage updates"
on public.property_ical_feeds for update to authenticated
using ((select public.has_permission('reservations.manage')))
with check ((select public.has_permission('reservations.manage')));

create policy "property_ical_feeds: reservations.manage deletes"
on public.property_ical_feeds for delete to authenticated
using ((select public.has_permission('reservations.manage')));

-- reservation_import_conflicts ----------------------------------------------------------------

create policy "reservation_import_conflicts: reservations.view reads"
on public.reservation_import_conflicts for select to authenticated
using ((select public.has_permission('reservations.view')));

create policy "reservation_import_conflicts: reservations.manage inserts"
on public.reservation_import_conflicts for insert to authenticated
with check ((select public.has_permission('reservations.manage')));

create policy "reservation_import_conflicts: reservations.manage deletes"
on public.reservation_import_conflicts for delete to authenticated
using ((select public.has_permission('reservations.manage')));
