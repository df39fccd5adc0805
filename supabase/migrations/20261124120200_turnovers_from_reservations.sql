-- Why: reservations drive the work (docs/areas.md). A confirmed stay's check-out makes its
-- turnover clean here, in the database, so a stay typed in the office, replayed from a phone's
-- queue or imported from an iCal feed behaves alike (docs/housekeeping.md):
--
--   - confirmed stay (insert, or re-confirmed)  -> its turnover, window from the check-out to the
--     next confirmed check-in of that villa (or turnover_rules.fallback_window_hours when none
--     follows); same_day when the next guests arrive the day the last ones leave; the number of
--     guests arriving (never their names). Only when turnover_rules.enabled; an existing turnover
--     always follows its stay.
--   - stay moved (dates or villa)               -> a scheduled turnover moves with it; one already
--     started or done keeps its times and is flagged.
--   - stay cancelled or deleted                 -> a scheduled turnover is cancelled; one already
--     started or done is flagged, never removed.
--   - the stay before it in the villa           -> its turnover's window now ends at this check-in
--     (or at its old next check-in, when this stay moved away).
--
-- Exactly one turnover per check-out: cleaning_tasks.turnover_for is unique, and the turnover is
-- written with INSERT ... ON CONFLICT (turnover_for) DO UPDATE. Writers of one villa's stays take
-- the villa's lock slot (public.reservation_slot_lock, the one reservations_check_overlap takes), so
-- neighbouring turnovers are computed from a settled order of stays.
--
-- The functions are SECURITY DEFINER: whoever may write a stay makes its turnover, though they may
-- hold no housekeeping permission (field staff never see guest names: the clean carries times and
-- guest numbers only).

create function private.turnover_type_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select t.id from public.cleaning_types t where t.code = 'turnover'
$$;

-- Cancel or flag the turnover of a stay that no longer needs one.
create function private.release_turnover(p_reservation_id uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.cleaning_tasks t
  set status = 'cancelled', version = t.version + 1
  where t.turnover_for = p_reservation_id and t.status = 'scheduled';
  update public.cleaning_tasks t
  set flagged = true, flag_reason = p_reason
  where t.turnover_for = p_reservation_id
    and t.status in ('in_progress', 'done', 'inspected')
    and not t.flagged;
end;
$$;

-- Make or move the turnover of one stay, from the stays as they are now.
create function private.refresh_turnover(p_reservation_id uuid, p_revive boolean default false)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  rules record;
  nxt record;
  ex record;
  tz text := public.company_time_zone();
  v_due timestamptz;
  v_same_day boolean;
  v_type uuid;
  d record;
begin
  select s.id, s.property_id, s.check_in, s.check_out, s.status into r
  from public.reservations s where s.id = p_reservation_id;
  if not found then
    return;
  end if;
  if r.status <> 'confirmed' then
    perform private.release_turnover(r.id, 'The stay was cancelled after the clean started');
    return;
  end if;
  select * into rules from public.turnover_rules limit 1;
  select s.check_in, s.guests into nxt
  from public.reservations s
  where s.property_id = r.property_id and s.status = 'confirmed' and s.id <> r.id and s.check_in >= r.check_out
  order by s.check_in
  limit 1;
  v_due := coalesce(nxt.check_in, r.check_out + make_interval(hours => coalesce(rules.fallback_window_hours, 24)));
  if v_due <= r.check_out then
    v_due := r.check_out + interval '1 minute';
  end if;
  v_same_day := nxt.check_in is not null and coalesce(rules.flag_same_day, true)
    and (nxt.check_in at time zone tz)::date = (r.check_out at time zone tz)::date;

  select t.id, t.status, t.property_id, t.window_start into ex
  from public.cleaning_tasks t where t.turnover_for = r.id;
  if not found then
    if not coalesce(rules.enabled, true) then
      return;
    end if;
    v_type := private.turnover_type_id();
    select * into d from private.cleaning_defaults(r.property_id, v_type);
    insert into public.cleaning_tasks as t (
      property_id, cleaning_type_id, turnover_for, window_start, due_at, day, estimated_minutes,
      checklist_version_id, inspection_required, next_check_in, guests_arriving, same_day)
    values (
      r.property_id, v_type, r.id, r.check_out, v_due, (r.check_out at time zone tz)::date,
      coalesce(d.minutes, 60), d.checklist_version_id, coalesce(d.inspection_required, false),
      nxt.check_in, nxt.guests, v_same_day)
    on conflict (turnover_for) do update
    set window_start = excluded.window_start, due_at = excluded.due_at, day = excluded.day,
        next_check_in = excluded.next_check_in, guests_arriving = excluded.guests_arriving,
        same_day = excluded.same_day
    where t.status = 'scheduled';
    return;
  end if;

  if ex.status = 'cancelled' and p_revive then
    update public.cleaning_tasks t set status = 'scheduled', version = t.version + 1 where t.id = ex.id;
    ex.status := 'scheduled';
  end if;
  if ex.status = 'scheduled' then
    update public.cleaning_tasks t
    set property_id = r.property_id,
        window_start = r.check_out,
        due_at = v_due,
        -- A day the manager chose inside the new window stays; otherwise the check-out day.
        day = case
          when t.day between (r.check_out at time zone tz)::date and (v_due at time zone tz)::date then t.day
          else (r.check_out at time zone tz)::date end,
        next_check_in = nxt.check_in,
        guests_arriving = nxt.guests,
        same_day = v_same_day
    where t.id = ex.id
      and (t.property_id, t.window_start, t.due_at, t.next_check_in, t.guests_arriving, t.same_day)
        is distinct from (r.property_id, r.check_out, v_due, nxt.check_in, nxt.guests, v_same_day);
  elsif ex.status in ('in_progress', 'done', 'inspected') then
    update public.cleaning_tasks t
    set next_check_in = nxt.check_in,
        guests_arriving = nxt.guests,
        flagged = t.flagged or ex.window_start <> r.check_out or ex.property_id <> r.property_id,
        flag_reason = case
          when t.flagged then t.flag_reason
          when ex.window_start <> r.check_out or ex.property_id <> r.property_id
            then 'The stay moved after the clean started'
          else t.flag_reason end
    where t.id = ex.id
      and (t.next_check_in is distinct from nxt.check_in
        or t.guests_arriving is distinct from nxt.guests
        or (not t.flagged and (ex.window_start <> r.check_out or ex.property_id <> r.property_id)));
  end if;
end;
$$;

-- The confirmed stay of a villa that checks out last at or before `at`: its turnover's window ends
-- at the next check-in, which may just have changed.
create function private.refresh_turnover_before(p_property_id uuid, p_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  prev uuid;
begin
  select s.id into prev
  from public.reservations s
  where s.property_id = p_property_id and s.status = 'confirmed' and s.check_out <= p_at
  order by s.check_out desc
  limit 1;
  if found then
    perform private.refresh_turnover(prev);
  end if;
end;
$$;

create function private.reservations_turnovers()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved text;
begin
  if tg_op = 'UPDATE'
    and (new.property_id, new.check_in, new.check_out, new.status, new.guests)
      is not distinct from (old.property_id, old.check_in, old.check_out, old.status, old.guests)
  then
    return null;
  end if;
  saved := private.suspend_mutation_id();
  if tg_op <> 'INSERT' then
    perform public.reservation_slot_lock(old.property_id);  -- bounded locks: 20261124101000
  end if;
  if tg_op <> 'DELETE' then
    perform public.reservation_slot_lock(new.property_id);  -- bounded locks: 20261124101000
    perform private.refresh_turnover(new.id,
      tg_op = 'UPDATE' and old.status = 'cancelled' and new.status = 'confirmed');
    perform private.refresh_turnover_before(new.property_id, new.check_in);
  end if;
  if tg_op <> 'INSERT' then
    perform private.refresh_turnover_before(old.property_id, old.check_in);
  end if;
  perform private.resume_mutation_id(saved);
  return null;
end;
$$;

-- Before the row goes (afterwards its turnover's link is already cleared by the foreign key).
create function private.reservations_release_turnover()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved text := private.suspend_mutation_id();
begin
  perform private.release_turnover(old.id, 'The stay was deleted after the clean started');
  perform private.resume_mutation_id(saved);
  return old;
end;
$$;

create trigger reservations_e_turnovers after insert or update or delete on public.reservations
for each row execute function private.reservations_turnovers();
create trigger reservations_e_release_turnover before delete on public.reservations
for each row execute function private.reservations_release_turnover();

-- A cleaning task is history: a villa with cleans that happened (not cancelled) is archived, not
-- deleted. (Cancelled turnovers of deleted stays go with the villa.)
create or replace function public.property_has_history(property_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.reservations r where r.property_id = property_has_history.property_id
  ) or exists (
    select 1 from public.cleaning_tasks t
    where t.property_id = property_has_history.property_id and t.status <> 'cancelled'
  )
$$;

revoke all on function private.turnover_type_id() from public, anon, authenticated;
revoke all on function private.release_turnover(uuid, text) from public, anon, authenticated;
revoke all on function private.refresh_turnover(uuid, boolean) from public, anon, authenticated;
revoke all on function private.refresh_turnover_before(uuid, timestamptz) from public, anon, authenticated;
revoke all on function private.reservations_turnovers() from public, anon, authenticated, service_role;
revoke all on function private.reservations_release_turnover() from public, anon, authenticated, service_role;
grant execute on function private.turnover_type_id() to service_role;
grant execute on function private.refresh_turnover(uuid, boolean) to service_role;
