-- Why: reservations arrive from the channels' iCal exports (Airbnb, Booking.com, VRBO) as often as
-- they are typed in (PRODUCT.md "Reservations": re-import is idempotent). The edge function
-- `ical-import` fetches and parses a feed (or an uploaded .ics file) and hands the events to
-- import_reservations(), which applies them in one transaction and says what changed. Keeping the
-- rules here means every client (edge function, a script, the app with a file) gets the same
-- result, and the company time zone and default times are applied where they are defined.
--
-- SECURITY INVOKER: the import runs as the calling user, so RLS decides exactly as for a manual
-- entry (reservations.manage to write; the property must be visible). It also checks
-- reservations.manage up front, to refuse before doing anything. The service role may call it too
-- (a scheduled sync); RLS does not apply to it.
--
-- Contract:
--   import_reservations(property_id uuid, source reservation_source, events jsonb,
--                       full_sync boolean default false) returns jsonb
--   events: array (at most 5,000) of
--     { "uid": text (required, <= 500 chars; unique within the call),
--       "status": "confirmed" | "cancelled" (default confirmed),
--       "check_in" | "check_in_local" | "check_in_date": one of
--            check_in        an instant with an explicit offset ('2026-07-01T13:00:00Z')
--            check_in_local  a wall time in company_time_zone() ('2026-07-01T15:00:00')
--            check_in_date   a date: default_check_in_time() on that day, company time
--       "check_out" | "check_out_local" | "check_out_date": the same, default_check_out_time(),
--       "guest_name": text (optional; an empty name never overwrites a known one),
--       "guests": integer 1..100 (optional), "notes": text (optional; used when creating) }
--   Matching is by (property_id, uid = reservations.external_uid):
--     - new uid, confirmed -> created
--     - known uid, dates, name or guests changed -> updated
--     - known uid, nothing changed -> unchanged (no write: running a feed twice changes nothing)
--     - uid of a stay cancelled here -> unchanged, listed in skipped: an import never revives a
--       cancelled stay (Booking.com exports owner closures like bookings; a manager who cancelled
--       one must not see it return on every sync). A reinstated booking is re-confirmed by hand.
--     - status cancelled -> the confirmed stay is cancelled (unknown or already cancelled:
--       unchanged)
--     - full_sync and a confirmed stay of this source and property whose uid is missing from the
--       feed and which has not started yet -> cancelled. Stays that have begun or ended are history
--       and are never cancelled by a feed that dropped them (exports drop past stays). A full sync
--       of a feed with no events cancels nothing and warns 'empty_feed' (channels sometimes serve
--       an empty calendar on a bad day; a real mass cancellation is done by hand).
--     - an event that overlaps a confirmed stay outside this import, or an earlier event of the
--       same feed (stays the import itself moves make room, so swapped dates apply) -> not
--       applied, reported in conflicts and kept
--       in reservation_import_conflicts (the villa is then not guest-ready) until an import of its
--       uid applies it or it leaves the feed.
--     - malformed events (no uid, bad dates, end before start, duplicate uid) -> reported in
--       invalid; their uids still count as present, so a full sync does not cancel their stays.
--   Returns { created, updated, cancelled, unchanged: int,
--             changes: [{action, uid, reservation_id, check_in, check_out, guest_name}],
--             conflicts: [{uid, check_in, check_out, guest_name, conflicting_reservation_id}],
--             invalid: [{index, uid, reason}], skipped: [{index, uid, reason}],
--             warnings: [text] }
--   Imports of one property are serialised (advisory lock), so two syncs never interleave.

create function public.import_reservations(
  property_id uuid,
  source public.reservation_source,
  events jsonb,
  full_sync boolean default false
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_tz text := public.company_time_zone();
  v_in_time time := public.default_check_in_time();
  v_out_time time := public.default_check_out_time();
  v_archived boolean;
  v_ev jsonb;
  v_idx bigint;
  v_uid text;
  v_status text;
  v_check_in timestamptz;
  v_check_out timestamptz;
  v_guests integer;
  v_reason text;
  v_present text[] := '{}';
  v_cancel_uids text[] := '{}';
  v_pending jsonb := '[]'::jsonb;
  v_next jsonb;
  v_rejected jsonb := '[]'::jsonb;
  v_moving text[];
  v_max_end timestamptz;
  v_progress boolean;
  v_x record;
  v_res record;
  v_name text;
  v_new_id uuid;
  v_created integer := 0;
  v_updated integer := 0;
  v_cancelled integer := 0;
  v_unchanged integer := 0;
  v_changes jsonb := '[]'::jsonb;
  v_conflicts jsonb := '[]'::jsonb;
  v_invalid jsonb := '[]'::jsonb;
  v_skipped jsonb := '[]'::jsonb;
  v_warnings jsonb := '[]'::jsonb;
begin
  -- The service role (scripts, scheduled syncs) is trusted; users need the permission.
  if current_user in ('anon', 'authenticated') and not public.has_permission('reservations.manage') then
    raise exception 'Importing reservations needs the reservations.manage permission'
      using errcode = '42501';
  end if;
  if import_reservations.events is null or jsonb_typeof(import_reservations.events) <> 'array' then
    raise exception 'events must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(import_reservations.events) > 5000 then
    raise exception 'Too many events (% > 5000) in one import', jsonb_array_length(import_reservations.events)
      using errcode = '22023';
  end if;

  select p.archived into v_archived from public.properties p where p.id = import_reservations.property_id;
  if not found then
    raise exception 'Property % not found', import_reservations.property_id
      using errcode = '22023', hint = 'It does not exist or you may not see it.';
  end if;
  if v_archived then
    raise exception 'This property is archived and takes no new reservations'
      using errcode = '22023', hint = 'Restore the property from the archive first.';
  end if;

  perform pg_advisory_xact_lock(hashtext('import_reservations'), hashtext(import_reservations.property_id::text));

  -- 1. Validate and normalise -----------------------------------------------------------------
  for v_ev, v_idx in
    select e.value, e.ordinality - 1 from jsonb_array_elements(import_reservations.events) with ordinality as e
  loop
    v_reason := null;
    v_uid := null;
    v_check_in := null;
    v_check_out := null;
    if jsonb_typeof(v_ev) <> 'object' then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', null, 'reason', 'not an object');
      continue;
    end if;
    v_uid := btrim(v_ev ->> 'uid');
    if v_uid is null or v_uid = '' then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', null, 'reason', 'missing UID');
      continue;
    end if;
    if char_length(v_uid) > 500 then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', left(v_uid, 80), 'reason', 'UID longer than 500 characters');
      continue;
    end if;
    if v_uid = any(v_present) then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', v_uid, 'reason', 'duplicate UID in the feed');
      continue;
    end if;
    v_present := v_present || v_uid;

    v_status := coalesce(v_ev ->> 'status', 'confirmed');
    if v_status not in ('confirmed', 'cancelled') then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', v_uid, 'reason', 'unknown status');
      continue;
    end if;
    if v_status = 'cancelled' then
      v_cancel_uids := v_cancel_uids || v_uid;
      continue;
    end if;

    begin
      if v_ev ? 'check_in' then
        if (v_ev ->> 'check_in') !~ '(Z|z|[+-][0-9]{2}(:?[0-9]{2})?)$' then
          raise exception 'no offset' using errcode = '22007';
        end if;
        v_check_in := (v_ev ->> 'check_in')::timestamptz;
      elsif v_ev ? 'check_in_local' then
        v_check_in := (v_ev ->> 'check_in_local')::timestamp at time zone v_tz;
      elsif v_ev ? 'check_in_date' then
        v_check_in := ((v_ev ->> 'check_in_date')::date + v_in_time) at time zone v_tz;
      end if;
      if v_ev ? 'check_out' then
        if (v_ev ->> 'check_out') !~ '(Z|z|[+-][0-9]{2}(:?[0-9]{2})?)$' then
          raise exception 'no offset' using errcode = '22007';
        end if;
        v_check_out := (v_ev ->> 'check_out')::timestamptz;
      elsif v_ev ? 'check_out_local' then
        v_check_out := (v_ev ->> 'check_out_local')::timestamp at time zone v_tz;
      elsif v_ev ? 'check_out_date' then
        v_check_out := ((v_ev ->> 'check_out_date')::date + v_out_time) at time zone v_tz;
      end if;
    exception when data_exception then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', v_uid, 'reason', 'unreadable date');
      continue;
    end;
    if v_check_in is null or v_check_out is null then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', v_uid, 'reason', 'missing check-in or check-out');
      continue;
    end if;
    if v_check_out <= v_check_in then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', v_uid, 'reason', 'check-out is not after check-in');
      continue;
    end if;
    if v_check_out - v_check_in > interval '366 days' then
      v_invalid := v_invalid || jsonb_build_object('index', v_idx, 'uid', v_uid, 'reason', 'stay longer than 366 days');
      continue;
    end if;
    v_guests := null;
    if jsonb_typeof(v_ev -> 'guests') = 'number' and (v_ev ->> 'guests') ~ '^[0-9]{1,3}$' then
      v_guests := (v_ev ->> 'guests')::integer;
      if v_guests not between 1 and 100 then
        v_guests := null;
      end if;
    end if;
    -- Cancelled here (by a person, or by an earlier sync): never revived by a feed. Booking.com
    -- exports owner closures exactly like bookings, and a manager who cancelled one must not see it
    -- come back on every sync; a reinstated booking is re-confirmed by hand.
    if exists (
      select 1 from public.reservations r
      where r.property_id = import_reservations.property_id
        and r.external_uid = v_uid
        and r.status = 'cancelled'
    ) then
      v_unchanged := v_unchanged + 1;
      v_skipped := v_skipped || jsonb_build_object(
        'index', v_idx, 'uid', v_uid, 'reason', 'cancelled here; re-confirm it by hand to follow the feed');
      continue;
    end if;
    v_pending := v_pending || jsonb_build_object(
      'uid', v_uid,
      'check_in', v_check_in,
      'check_out', v_check_out,
      'guest_name', left(btrim(coalesce(v_ev ->> 'guest_name', '')), 200),
      'guests', v_guests,
      'notes', left(coalesce(v_ev ->> 'notes', ''), 5000));
  end loop;

  -- 2. Cancellations first, so moved stays can take the freed dates ----------------------------
  for v_res in
    select r.id, r.external_uid, r.check_in, r.check_out, r.guest_name
    from public.reservations r
    where r.property_id = import_reservations.property_id
      and r.status = 'confirmed'
      and r.external_uid is not null
      and (
        r.external_uid = any(v_cancel_uids)
        or (
          import_reservations.full_sync
          and cardinality(v_present) > 0
          and r.source = import_reservations.source
          and r.check_in > now()
          and not (r.external_uid = any(v_present))
        )
      )
    order by r.check_in
  loop
    update public.reservations set status = 'cancelled' where id = v_res.id;
    v_cancelled := v_cancelled + 1;
    v_changes := v_changes || jsonb_build_object(
      'action', 'cancelled', 'uid', v_res.external_uid, 'reservation_id', v_res.id,
      'check_in', v_res.check_in, 'check_out', v_res.check_out, 'guest_name', v_res.guest_name);
  end loop;
  v_unchanged := v_unchanged + cardinality(v_cancel_uids)
    - (select count(*) from jsonb_array_elements(v_changes) c where c ->> 'uid' = any(v_cancel_uids))::integer;
  if import_reservations.full_sync and jsonb_array_length(import_reservations.events) = 0 then
    v_warnings := v_warnings || to_jsonb('empty_feed'::text);
  end if;

  -- 3. Decide which events fit. Stays this import moves are no obstacle (their rows move too), so
  --    swapped or shifted dates apply. An event that overlaps a stay outside the import, or an
  --    earlier event of the same feed, is rejected; a rejected event's stay keeps its old dates and
  --    so becomes an obstacle itself: decide again until no rejection adds one.
  v_moving := array(select e ->> 'uid' from jsonb_array_elements(v_pending) as e);
  loop
    v_next := '[]'::jsonb;
    v_max_end := '-infinity';
    v_progress := false;
    for v_x in
      select x.*
      from jsonb_to_recordset(v_pending) as x (
        uid text, check_in timestamptz, check_out timestamptz, guest_name text, guests integer, notes text)
      order by x.check_in, x.uid
    loop
      if v_x.check_in < v_max_end or exists (
        select 1
        from public.reservations r
        where r.property_id = import_reservations.property_id
          and r.status = 'confirmed'
          and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(v_x.check_in, v_x.check_out, '[)')
          and (r.external_uid is null or not (r.external_uid = any(v_moving)))
      ) then
        v_rejected := v_rejected || to_jsonb(v_x);
        if exists (
          select 1
          from public.reservations r
          where r.property_id = import_reservations.property_id
            and r.external_uid = v_x.uid
            and r.status = 'confirmed'
        ) then
          v_moving := array_remove(v_moving, v_x.uid);
          v_progress := true;
        end if;
      else
        v_next := v_next || to_jsonb(v_x);
        v_max_end := greatest(v_max_end, v_x.check_out);
      end if;
    end loop;
    v_pending := v_next;
    exit when not v_progress;
  end loop;

  -- 4. Apply what fits. Mid-way a moved stay may overlap one not yet moved, so the overlap
  --    constraint is checked once all are written (deferred, then immediate again: a stay entered
  --    by hand meanwhile still makes the whole import fail with 23P01), and the friendly per-row
  --    check is skipped - the constraint, not the trigger, is the guarantee.
  perform set_config('arivia.import_in_progress', 'on', true);
  set constraints public.reservations_no_overlap deferred;
  for v_x in
    select x.*
    from jsonb_to_recordset(v_pending) as x (
      uid text, check_in timestamptz, check_out timestamptz, guest_name text, guests integer, notes text)
    order by x.check_in, x.uid
  loop
    select r.id, r.status, r.check_in, r.check_out, r.guest_name, r.guests
    into v_res
    from public.reservations r
    where r.property_id = import_reservations.property_id and r.external_uid = v_x.uid;

    if found then
      v_name := case when v_x.guest_name <> '' then v_x.guest_name else v_res.guest_name end;
      if v_res.check_in = v_x.check_in
        and v_res.check_out = v_x.check_out
        and v_res.guest_name = v_name
        and coalesce(v_x.guests, v_res.guests) is not distinct from v_res.guests
      then
        v_unchanged := v_unchanged + 1;
        continue;
      end if;
      update public.reservations
      set check_in = v_x.check_in,
          check_out = v_x.check_out,
          guest_name = v_name,
          guests = coalesce(v_x.guests, guests)
      where id = v_res.id;
      v_updated := v_updated + 1;
      v_changes := v_changes || jsonb_build_object(
        'action', 'updated', 'uid', v_x.uid, 'reservation_id', v_res.id,
        'check_in', v_x.check_in, 'check_out', v_x.check_out, 'guest_name', v_name);
    else
      insert into public.reservations (
        property_id, guest_name, guests, check_in, check_out, source, external_uid, status, notes)
      values (
        import_reservations.property_id, v_x.guest_name, v_x.guests, v_x.check_in, v_x.check_out,
        import_reservations.source, v_x.uid, 'confirmed', v_x.notes)
      returning id into v_new_id;
      v_created := v_created + 1;
      v_changes := v_changes || jsonb_build_object(
        'action', 'created', 'uid', v_x.uid, 'reservation_id', v_new_id,
        'check_in', v_x.check_in, 'check_out', v_x.check_out, 'guest_name', v_x.guest_name);
    end if;
  end loop;
  set constraints public.reservations_no_overlap immediate;
  perform set_config('arivia.import_in_progress', '', true);

  -- 5. What could not be applied --------------------------------------------------------------
  delete from public.reservation_import_conflicts c
  where c.property_id = import_reservations.property_id
    and (
      c.external_uid = any(v_present)
      or (import_reservations.full_sync and c.source = import_reservations.source)
    );
  for v_x in
    select x.*
    from jsonb_to_recordset(v_rejected) as x (
      uid text, check_in timestamptz, check_out timestamptz, guest_name text, guests integer, notes text)
    order by x.check_in, x.uid
  loop
    select r.id into v_new_id
    from public.reservations r
    where r.property_id = import_reservations.property_id
      and r.status = 'confirmed'
      and r.external_uid is distinct from v_x.uid
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(v_x.check_in, v_x.check_out, '[)')
    order by r.check_in
    limit 1;
    if not found then
      v_new_id := null;
    end if;
    insert into public.reservation_import_conflicts (
      property_id, source, external_uid, guest_name, check_in, check_out, conflicting_reservation_id)
    values (
      import_reservations.property_id, import_reservations.source, v_x.uid, v_x.guest_name,
      v_x.check_in, v_x.check_out, v_new_id);
    v_conflicts := v_conflicts || jsonb_build_object(
      'uid', v_x.uid, 'check_in', v_x.check_in, 'check_out', v_x.check_out,
      'guest_name', v_x.guest_name, 'conflicting_reservation_id', v_new_id);
  end loop;

  return jsonb_build_object(
    'created', v_created,
    'updated', v_updated,
    'cancelled', v_cancelled,
    'unchanged', v_unchanged,
    'changes', v_changes,
    'conflicts', v_conflicts,
    'invalid', v_invalid,
    'skipped', v_skipped,
    'warnings', v_warnings);
end;
$$;
comment on function public.import_reservations(uuid, public.reservation_source, jsonb, boolean) is
  'Applies iCal events to a property''s reservations (idempotent on the UID) and reports what changed.';

revoke all on function public.import_reservations(uuid, public.reservation_source, jsonb, boolean)
  from public, anon;
grant execute on function public.import_reservations(uuid, public.reservation_source, jsonb, boolean)
  to authenticated, service_role;
