-- Why: on PostgreSQL two confirmed stays written at the same moment for one villa could both pass
-- reservations_check_overlap() (neither saw the other's uncommitted row) and meet only at the
-- exclusion constraint: the loser got a bare 23P01 as 400 instead of the readable 409, or, when
-- both had already entered the GiST index, a deadlock (40P01) - seen in the RLS suite's race test.
-- A phone replaying its queue while the office enters a stay is exactly that race.
--
-- The overlap check now takes a transaction-scoped advisory lock per villa before it looks, the
-- same key import_reservations() already holds for its whole batch: writers of one villa's
-- confirmed stays (forms, replays, imports) go one at a time, and every loser gets the clear
-- answer. Stays of different villas never wait for each other. The constraint stays the rule.

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
  -- One writer per villa at a time (the key import_reservations takes too): a second writer waits
  -- here for the first to commit, then finds its stay below.
  perform pg_advisory_xact_lock(hashtext('import_reservations'), hashtext(new.property_id::text));
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
