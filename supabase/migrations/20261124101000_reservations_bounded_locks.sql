-- Why: the overlap check took one advisory lock per villa (20261121160000). A lock is held to the
-- end of the transaction and each takes an entry in Postgres's shared lock table, so one bulk
-- write of stays over 20,000 villas took 20,000 locks and exhausted the table (53200, "out of
-- shared memory") for every session. The locks a request takes must not grow with the request.
--
-- Now every writer of a villa's confirmed stays locks one of 64 slots, chosen by a hash of the
-- villa id: a transaction holds at most 64 such locks whatever it writes. Writers of one villa
-- still go one at a time (they lock the same slot), so racing stays still get the readable 409;
-- villas that share a slot sometimes wait for each other for the few milliseconds a write takes.
--
-- import_reservations() keeps its own per-villa key for its whole batch (one lock per import);
-- its rows written with arivia.import_in_progress = 'on' now take the villa's slot too, so a form
-- write waits for an import's writes and then finds its stays. (A stay entered by hand between an
-- import's decision and its writes still fails that import with 23P01, as documented there.)

create or replace function public.reservation_slot_lock(property_id uuid)
returns void
language sql
security invoker
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('reservations_villa_slot'),
    pg_catalog.hashtext(property_id::text) & 63);
$$;

revoke all on function public.reservation_slot_lock(uuid) from public, anon, authenticated, service_role;

create or replace function public.reservations_check_overlap()
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
  -- result (the flag only skips the friendly message: the constraint still holds). Its writes hold
  -- the villa's slot, so other writers wait for the import's commit.
  if current_setting('arivia.import_in_progress', true) = 'on' then
    perform public.reservation_slot_lock(new.property_id);
    return new;
  end if;
  if new.status <> 'confirmed' then
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
  -- One writer per villa at a time (its slot of 64): a second writer waits here for the first to
  -- commit, then finds its stay below.
  perform public.reservation_slot_lock(new.property_id);
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

revoke all on function public.reservations_check_overlap() from public, anon, authenticated, service_role;
