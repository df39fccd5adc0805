-- Why: recurring tasks (issue 32, docs/recurring.md): the work that repeats - pool service, AC
-- filters, pest control, linen checks - made ahead as ordinary cleans and work orders, exactly once
-- per schedule, villa and day however often generation runs. This adds:
--
--   recurring_schedules            what repeats: a clean of a cleaning type or a work order from a
--                                  template (title, category, priority, description, checklist),
--                                  an RFC 5545 RRULE, start / end dates, a local time window, a
--                                  default assignee, a pause, and how far ahead to make it.
--   recurring_schedule_properties  the villas it targets (or, instead, every villa of an `area`).
--   recurring_skips                single days left out.
--   recurring_occurrences          one row per schedule, villa and day that was made, with the clean
--                                  or work order it made. UNIQUE (schedule_id, property_id, day) is
--                                  what makes generation idempotent: `on conflict do nothing`.
--   cleaning_tasks.recurring_schedule_id, work_orders.recurring_schedule_id
--                                  the mark "recurring" on what a schedule made, readable by whoever
--                                  reads the clean / work order (field staff included); the schedule
--                                  itself is read only with settings.manage.
--   private.rrule_days()           the RRULE expanded in SQL, in company days.
--   public.generate_recurring()    the one generation function (settings.manage or the service role).
--
-- Editing a schedule (its rule, window, template, targets, skips, pause) removes its future
-- occurrences that have not started - a clean still `scheduled`, a work order still `open` or
-- `assigned` and not started, whose window has not begun - and makes them again from the new
-- schedule; past and started ones are never touched. Pausing removes them, resuming makes them
-- again. Triggers do it, in the saving transaction.

create type public.recurring_kind as enum ('clean', 'work_order');

create table public.recurring_schedules (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  kind public.recurring_kind not null,
  -- kind 'clean'
  cleaning_type_id uuid references public.cleaning_types (id),
  -- kind 'work_order': the template
  category public.work_order_category not null default 'other',
  priority public.work_order_priority not null default 'medium',
  description text not null default '',
  -- A JSON array of short texts, written into the work order's description as a list.
  checklist jsonb not null default '[]'::jsonb,
  -- Targets: every active villa of this area when set, else the villas in recurring_schedule_properties.
  area text,
  rrule text not null,
  starts_on date not null default ((now() at time zone public.company_time_zone())::date),
  ends_on date,
  -- Local times in the company's zone; an end at or before the start ends the next day.
  window_start time not null default '10:00',
  window_end time not null default '14:00',
  default_assignee_id uuid references public.profiles (id) on delete set null,
  paused_at timestamptz,
  horizon_days integer not null default 30,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint recurring_schedules_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint recurring_schedules_description_length check (char_length(description) <= 5000),
  constraint recurring_schedules_rrule_length check (char_length(rrule) between 1 and 500),
  constraint recurring_schedules_area_length check (area is null or char_length(area) between 1 and 120),
  constraint recurring_schedules_clean_type check (kind <> 'clean' or cleaning_type_id is not null),
  constraint recurring_schedules_dates check (ends_on is null or ends_on >= starts_on),
  constraint recurring_schedules_window check (window_end <> window_start),
  constraint recurring_schedules_horizon check (horizon_days between 1 and 366),
  constraint recurring_schedules_checklist check (
    jsonb_typeof(checklist) = 'array' and jsonb_array_length(checklist) <= 50)
);
comment on table public.recurring_schedules is
  'Recurring work: a clean or a work order template, an RRULE in company days, targets, window (docs/recurring.md).';

create table public.recurring_schedule_properties (
  schedule_id uuid not null references public.recurring_schedules (id) on delete cascade,
  property_id uuid not null references public.properties (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (schedule_id, property_id)
);
create index recurring_schedule_properties_property_idx on public.recurring_schedule_properties (property_id);

create table public.recurring_skips (
  schedule_id uuid not null references public.recurring_schedules (id) on delete cascade,
  day date not null,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  primary key (schedule_id, day)
);

alter table public.cleaning_tasks
  add column recurring_schedule_id uuid references public.recurring_schedules (id) on delete set null;
alter table public.work_orders
  add column recurring_schedule_id uuid references public.recurring_schedules (id) on delete set null;
create index cleaning_tasks_recurring_idx on public.cleaning_tasks (recurring_schedule_id)
  where recurring_schedule_id is not null;
create index work_orders_recurring_idx on public.work_orders (recurring_schedule_id)
  where recurring_schedule_id is not null;
comment on column public.cleaning_tasks.recurring_schedule_id is
  'The recurring schedule that made this clean (null: a turnover or an ad-hoc clean).';
comment on column public.work_orders.recurring_schedule_id is
  'The recurring schedule that made this work order (its source is then recurring).';

create table public.recurring_occurrences (
  id uuid primary key default gen_random_uuid(),
  schedule_id uuid not null references public.recurring_schedules (id) on delete cascade,
  property_id uuid not null references public.properties (id) on delete cascade,
  day date not null,
  starts_at timestamptz not null,
  due_at timestamptz not null,
  -- Deferred: generation inserts the occurrence first (the constraint decides who makes it) and
  -- the clean / work order with the id it chose in the same statement. Set null when someone
  -- deletes the work order: the day stays claimed, so it is not made again.
  cleaning_task_id uuid references public.cleaning_tasks (id) on delete set null deferrable initially deferred,
  work_order_id uuid references public.work_orders (id) on delete set null deferrable initially deferred,
  created_at timestamptz not null default now(),
  constraint recurring_occurrences_once unique (schedule_id, property_id, day),
  constraint recurring_occurrences_one_task check (cleaning_task_id is null or work_order_id is null)
);
create index recurring_occurrences_day_idx on public.recurring_occurrences (day);
create index recurring_occurrences_task_idx on public.recurring_occurrences (cleaning_task_id);
create index recurring_occurrences_work_order_idx on public.recurring_occurrences (work_order_id);
comment on table public.recurring_occurrences is
  'What generation made: at most one per schedule, villa and day (the unique constraint).';

-- ---------------------------------------------------------------------------------------------
-- RRULE expansion (RFC 5545) in company days
-- ---------------------------------------------------------------------------------------------

-- The days of `rrule` from `dtstart` that fall in [p_from, p_to]. Supported: FREQ DAILY, WEEKLY,
-- MONTHLY, YEARLY; INTERVAL; BYDAY (MO..SU, with an ordinal in MONTHLY / YEARLY: 2MO, -1FR);
-- BYMONTHDAY (1..31, -1..-31: a day a month lacks is skipped, as RFC 5545 says); BYMONTH; COUNT
-- (counted from dtstart); UNTIL (a date, or a UTC time taken as its company day); WKST=MO only.
-- Anything else is refused (22023). A day is a calendar date of the company: no time, no zone.
create function private.rrule_days(rrule text, dtstart date, p_from date, p_to date)
returns setof date
language plpgsql
stable
set search_path = ''
as $$
declare
  codes constant text[] := array['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  part text;
  k text;
  v text;
  item text;
  m text[];
  freq text;
  intv integer := 1;
  cnt integer;
  until_day date;
  bd_ord integer[] := '{}';
  bd_wd integer[] := '{}';
  bymd integer[] := '{}';
  bymon integer[] := '{}';
  emitted integer := 0;
  n integer := 0;
  pstart date;
  pend date;
  ms date;
  me date;
  cands date[];
  d date;
  i integer;
  mon integer;
  stop_day date;
begin
  if rrule is null or dtstart is null then
    raise exception 'A rule and a start date are needed' using errcode = '22023';
  end if;
  foreach part in array string_to_array(upper(regexp_replace(btrim(rrule), '^RRULE:', '', 'i')), ';') loop
    continue when btrim(part) = '';
    k := btrim(split_part(part, '=', 1));
    v := btrim(split_part(part, '=', 2));
    if v = '' then
      raise exception 'Unreadable rule part "%"', part using errcode = '22023';
    end if;
    case k
      when 'FREQ' then
        if v not in ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY') then
          raise exception 'FREQ=% is not supported (DAILY, WEEKLY, MONTHLY or YEARLY)', v using errcode = '22023';
        end if;
        freq := v;
      when 'INTERVAL' then
        if v !~ '^[0-9]{1,3}$' or v::integer < 1 then
          raise exception 'INTERVAL must be a whole number from 1' using errcode = '22023';
        end if;
        intv := v::integer;
      when 'COUNT' then
        if v !~ '^[0-9]{1,4}$' or v::integer < 1 then
          raise exception 'COUNT must be a whole number from 1' using errcode = '22023';
        end if;
        cnt := v::integer;
      when 'UNTIL' then
        m := regexp_match(v, '^([0-9]{8})(T([0-9]{6})(Z?))?$');
        if m is null then
          raise exception 'UNTIL must be a date (YYYYMMDD) or a time (YYYYMMDDTHHMMSSZ)' using errcode = '22023';
        end if;
        if m[4] = 'Z' then
          until_day := (to_timestamp(m[1] || m[3], 'YYYYMMDDHH24MISS')::timestamp at time zone 'UTC'
            at time zone public.company_time_zone())::date;
        else
          until_day := to_date(m[1], 'YYYYMMDD');
        end if;
      when 'BYDAY' then
        foreach item in array string_to_array(v, ',') loop
          m := regexp_match(btrim(item), '^([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU)$');
          if m is null or (m[1] is not null and (abs(m[1]::integer) not between 1 and 53)) then
            raise exception 'Unreadable BYDAY "%"', item using errcode = '22023';
          end if;
          bd_ord := bd_ord || coalesce(m[1]::integer, 0);
          bd_wd := bd_wd || array_position(codes, m[2]);
        end loop;
      when 'BYMONTHDAY' then
        foreach item in array string_to_array(v, ',') loop
          if btrim(item) !~ '^[+-]?[0-9]{1,2}$' or btrim(item)::integer = 0 or abs(btrim(item)::integer) > 31 then
            raise exception 'Unreadable BYMONTHDAY "%"', item using errcode = '22023';
          end if;
          bymd := bymd || btrim(item)::integer;
        end loop;
      when 'BYMONTH' then
        foreach item in array string_to_array(v, ',') loop
          if btrim(item) !~ '^[0-9]{1,2}$' or btrim(item)::integer not between 1 and 12 then
            raise exception 'Unreadable BYMONTH "%"', item using errcode = '22023';
          end if;
          bymon := bymon || btrim(item)::integer;
        end loop;
      when 'WKST' then
        if v <> 'MO' then
          raise exception 'Only WKST=MO is supported' using errcode = '22023';
        end if;
      else
        raise exception 'Rule part % is not supported', k using errcode = '22023';
    end case;
  end loop;
  if freq is null then
    raise exception 'The rule needs a FREQ' using errcode = '22023';
  end if;
  if cnt is not null and until_day is not null then
    raise exception 'COUNT and UNTIL cannot both be given' using errcode = '22023';
  end if;
  if freq in ('DAILY', 'WEEKLY') and exists (select 1 from unnest(bd_ord) o where o <> 0) then
    raise exception 'BYDAY with a number (2MO, -1FR) needs FREQ=MONTHLY or YEARLY' using errcode = '22023';
  end if;
  if freq = 'WEEKLY' and cardinality(bymd) > 0 then
    raise exception 'BYMONTHDAY cannot be used with FREQ=WEEKLY' using errcode = '22023';
  end if;

  stop_day := least(p_to, coalesce(until_day, 'infinity'::date));
  loop
    -- The n-th period (day, week, month or year) from dtstart's, and its candidate days.
    cands := '{}';
    if freq = 'DAILY' then
      pstart := dtstart + n * intv;
      pend := pstart;
      cands := array[pstart];
    elsif freq = 'WEEKLY' then
      pstart := dtstart - (extract(isodow from dtstart)::integer - 1) + 7 * n * intv;
      pend := pstart + 6;
      if cardinality(bd_wd) = 0 then
        cands := array[pstart + extract(isodow from dtstart)::integer - 1];
      else
        select array_agg(pstart + w - 1) into cands from unnest(bd_wd) w;
      end if;
    elsif freq = 'MONTHLY' then
      pstart := (date_trunc('month', dtstart) + make_interval(months => n * intv))::date;
      pend := (pstart + interval '1 month')::date - 1;
    else
      pstart := (date_trunc('year', dtstart) + make_interval(years => n * intv))::date;
      pend := (pstart + interval '1 year')::date - 1;
    end if;
    exit when pstart > stop_day;
    exit when cnt is not null and emitted >= cnt;

    if freq in ('MONTHLY', 'YEARLY') then
      -- The months of the period that the rule looks in.
      for mon in
        select x from generate_series(1, 12) x
        where (freq = 'MONTHLY' and x = extract(month from pstart))
          or (freq = 'YEARLY' and (x = any (bymon)
            or (cardinality(bymon) = 0 and (cardinality(bd_wd) = 0 or cardinality(bymd) > 0)
                and x = extract(month from dtstart))))
      loop
        ms := make_date(extract(year from pstart)::integer, mon, 1);
        me := (ms + interval '1 month')::date - 1;
        if cardinality(bymd) > 0 then
          cands := cands || array(
            select case when md > 0 then ms + md - 1 else me + md + 1 end
            from unnest(bymd) md
            where abs(md) <= me - ms + 1);
        elsif cardinality(bd_wd) > 0 then
          cands := cands || private.rrule_weekdays(ms, me, bd_ord, bd_wd);
        else
          if extract(day from dtstart) <= me - ms + 1 then
            cands := cands || (ms + extract(day from dtstart)::integer - 1);
          end if;
        end if;
      end loop;
      -- YEARLY with BYDAY and no BYMONTH / BYMONTHDAY: the ordinal counts in the year.
      if freq = 'YEARLY' and cardinality(bymon) = 0 and cardinality(bymd) = 0 and cardinality(bd_wd) > 0 then
        cands := cands || private.rrule_weekdays(pstart, pend, bd_ord, bd_wd);
      end if;
    end if;

    for d in
      select distinct c from unnest(cands) c
      where c >= dtstart and c <= stop_day
        and (cardinality(bymon) = 0 or extract(month from c)::integer = any (bymon))
        -- BYMONTHDAY / BYDAY as filters where they do not expand (RFC 5545's table).
        and (freq not in ('DAILY') or cardinality(bymd) = 0
          or extract(day from c)::integer = any (bymd)
          or (extract(day from c)::integer - extract(day from (date_trunc('month', c) + interval '1 month - 1 day'))::integer - 1) = any (bymd))
        and (freq not in ('DAILY') or cardinality(bd_wd) = 0 or extract(isodow from c)::integer = any (bd_wd))
        and (freq not in ('MONTHLY', 'YEARLY') or cardinality(bymd) = 0 or cardinality(bd_wd) = 0
          or extract(isodow from c)::integer = any (bd_wd))
      order by c
    loop
      exit when cnt is not null and emitted >= cnt;
      emitted := emitted + 1;
      if d >= p_from then
        return next d;
      end if;
    end loop;
    n := n + 1;
  end loop;
  return;
end;
$$;

-- The days of [ms, me] on the given weekdays (1 = Monday), each with an ordinal: 0 every one,
-- n the n-th, -n the n-th from the end.
create function private.rrule_weekdays(ms date, me date, ords integer[], wds integer[])
returns date[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(d order by d), '{}')
  from (
    select case
      when o > 0 then first_day + 7 * (o - 1)
      else last_day + 7 * (o + 1)
    end as d, o
    from (
      select x.o, x.w,
        ms + ((x.w - extract(isodow from ms)::integer + 7) % 7) as first_day,
        me - ((extract(isodow from me)::integer - x.w + 7) % 7) as last_day
      from unnest(ords, wds) as x (o, w)
    ) y
    where y.o <> 0
    union all
    select ms + g, 0
    from unnest(ords, wds) as x (o, w), generate_series(0, me - ms) g
    where x.o = 0 and extract(isodow from ms + g)::integer = x.w
  ) z
  where d between ms and me
$$;

-- ---------------------------------------------------------------------------------------------
-- Guards and stamps
-- ---------------------------------------------------------------------------------------------

-- SECURITY INVOKER: current_user tells an API write from the database's own (stamp_authors).
create function private.recurring_schedules_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.title := btrim(new.title);
  new.area := nullif(btrim(new.area), '');
  new.rrule := upper(regexp_replace(btrim(new.rrule), '^RRULE:', '', 'i'));
  -- Reads the rule once: an unreadable one is refused here (22023), not at generation.
  perform private.rrule_days(new.rrule, new.starts_on, new.starts_on, new.starts_on);
  if exists (select 1 from jsonb_array_elements(new.checklist) e
             where jsonb_typeof(e) <> 'string' or char_length(e #>> '{}') not between 1 and 200) then
    raise exception 'A checklist is a list of short texts' using errcode = '22023';
  end if;
  if new.kind = 'work_order' then
    new.cleaning_type_id := null;
  end if;
  if new.default_assignee_id is not null
    and (tg_op = 'INSERT' or new.default_assignee_id is distinct from old.default_assignee_id
         or new.kind is distinct from old.kind)
    and not (case when new.kind = 'clean' then private.can_do_cleans(new.default_assignee_id)
                  else private.can_do_work_orders(new.default_assignee_id) end)
  then
    raise exception 'The default assignee cannot do this work' using errcode = '22023',
      hint = 'Cleans need housekeeping.complete, work orders maintenance.work.';
  end if;
  return new;
end;
$$;
create trigger recurring_schedules_a_before_write before insert or update on public.recurring_schedules
for each row execute function private.recurring_schedules_before_write();
create trigger recurring_schedules_b_stamp_authors before insert or update on public.recurring_schedules
for each row execute function public.stamp_authors();

create function private.recurring_skips_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_at := now();
  if current_user in ('anon', 'authenticated') then
    new.created_by := auth.uid();
  end if;
  return new;
end;
$$;
create trigger recurring_skips_before_insert before insert on public.recurring_skips
for each row execute function private.recurring_skips_before_insert();

-- ---------------------------------------------------------------------------------------------
-- Generation
-- ---------------------------------------------------------------------------------------------

-- Removes the occurrences of a schedule (of one villa, of one day, when given) that have not
-- started and whose window has not begun, with their clean / work order. Past and started ones stay.
create function private.recurring_remove_future(p_schedule uuid, p_property uuid default null, p_day date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  with gone as (
    delete from public.recurring_occurrences o
    where o.schedule_id = p_schedule
      and (p_property is null or o.property_id = p_property)
      and (p_day is null or o.day = p_day)
      and o.starts_at > now()
      and (
        exists (select 1 from public.cleaning_tasks t
                where t.id = o.cleaning_task_id and t.status = 'scheduled' and t.started_at is null)
        or exists (select 1 from public.work_orders w
                   where w.id = o.work_order_id and w.status in ('open', 'assigned') and w.started_at is null)
      )
    returning o.cleaning_task_id, o.work_order_id
  ),
  cleans as (
    delete from public.cleaning_tasks t using gone where t.id = gone.cleaning_task_id returning t.id
  ),
  orders as (
    delete from public.work_orders w using gone where w.id = gone.work_order_id returning w.id
  )
  select count(*) into removed from gone;
  return removed;
end;
$$;

-- Makes what is missing of the schedules (one, or all that are not paused) from the company's
-- today (occurrences whose window has begun are not made) up to p_until or each schedule's
-- horizon. Returns how many occurrences it made. Idempotent: the unique constraint decides.
create function private.recurring_generate(p_schedule uuid default null, p_until date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  tz text := public.company_time_zone();
  today date := (now() at time zone public.company_time_zone())::date;
  made integer;
  saved text;
begin
  if p_until is not null and p_until > today + 400 then
    raise exception 'Generation reaches at most 400 days ahead' using errcode = '22023';
  end if;
  -- One generation at a time (a second waits, then finds everything made). The constraint alone
  -- keeps it to one occurrence per day; the lock keeps concurrent runs from deadlocking on it.
  perform pg_advisory_xact_lock(hashtext('arivia.recurring_generate'));
  saved := private.suspend_mutation_id();

  with s as (
    select rs.*
    from public.recurring_schedules rs
    where rs.paused_at is null and (p_schedule is null or rs.id = p_schedule)
  ),
  days as (
    select s.id as schedule_id, d.day
    from s
    cross join lateral private.rrule_days(
      s.rrule, s.starts_on, greatest(today, s.starts_on),
      least(coalesce(p_until, today + s.horizon_days), coalesce(s.ends_on, 'infinity'::date))) as d (day)
    where not exists (select 1 from public.recurring_skips k where k.schedule_id = s.id and k.day = d.day)
  ),
  targets as (
    select s.id as schedule_id, p.id as property_id
    from s join public.properties p on p.area = s.area
    where s.area is not null and p.status = 'active' and not p.archived
    union
    select s.id, p.id
    from s
    join public.recurring_schedule_properties sp on sp.schedule_id = s.id
    join public.properties p on p.id = sp.property_id
    where s.area is null and p.status = 'active' and not p.archived
  ),
  cand as (
    select t.schedule_id, t.property_id, days.day, s.kind,
      (days.day + s.window_start) at time zone tz as starts_at,
      (days.day + s.window_end + case when s.window_end <= s.window_start then interval '1 day' else interval '0' end)
        at time zone tz as due_at
    from targets t
    join days on days.schedule_id = t.schedule_id
    join s on s.id = t.schedule_id
    where not exists (
      select 1 from public.recurring_occurrences o
      where o.schedule_id = t.schedule_id and o.property_id = t.property_id and o.day = days.day)
  ),
  ins as (
    insert into public.recurring_occurrences
      (schedule_id, property_id, day, starts_at, due_at, cleaning_task_id, work_order_id)
    -- A window inside the spring-forward gap (03:00-04:00 in Athens) can collapse: keep it open.
    select c.schedule_id, c.property_id, c.day, c.starts_at,
      greatest(c.due_at, c.starts_at + interval '15 minutes'),
      case when c.kind = 'clean' then gen_random_uuid() end,
      case when c.kind = 'work_order' then gen_random_uuid() end
    from cand c
    where c.starts_at > now()
    order by c.schedule_id, c.property_id, c.day
    on conflict on constraint recurring_occurrences_once do nothing
    returning *
  ),
  cleans as (
    insert into public.cleaning_tasks
      (id, property_id, cleaning_type_id, window_start, due_at, day, notes, recurring_schedule_id, created_by)
    select i.cleaning_task_id, i.property_id, s.cleaning_type_id, i.starts_at, i.due_at, i.day,
      s.description, s.id, s.created_by
    from ins i join public.recurring_schedules s on s.id = i.schedule_id
    where i.cleaning_task_id is not null
    returning id, recurring_schedule_id
  ),
  cleaners as (
    insert into public.cleaning_task_assignees (task_id, user_id)
    select c.id, s.default_assignee_id
    from cleans c join public.recurring_schedules s on s.id = c.recurring_schedule_id
    where s.default_assignee_id is not null and private.can_do_cleans(s.default_assignee_id)
    returning id
  ),
  orders as (
    insert into public.work_orders
      (id, property_id, title, description, category, priority, due_at, source, status, assignee_id,
       reporter_id, recurring_schedule_id, created_by)
    select i.work_order_id, i.property_id, s.title,
      left(concat_ws(E'\n\n', nullif(s.description, ''),
        nullif((select string_agg('- ' || (e #>> '{}'), E'\n') from jsonb_array_elements(s.checklist) e), '')), 5000),
      s.category, s.priority, i.due_at, 'recurring',
      case when a.ok then 'assigned'::public.work_order_status else 'open'::public.work_order_status end,
      case when a.ok then s.default_assignee_id end,
      s.created_by, s.id, s.created_by
    from ins i
    join public.recurring_schedules s on s.id = i.schedule_id
    cross join lateral (select s.default_assignee_id is not null
                          and private.can_do_work_orders(s.default_assignee_id) as ok) a
    where i.work_order_id is not null
    returning id
  )
  select (select count(*) from ins) + 0 * ((select count(*) from cleans) + (select count(*) from cleaners)
    + (select count(*) from orders))
  into made;

  perform private.resume_mutation_id(saved);
  return made;
end;
$$;

create function public.generate_recurring(p_schedule uuid default null, p_until date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not public.has_permission('settings.manage') then
    raise exception 'Generating recurring tasks needs settings.manage' using errcode = '42501';
  end if;
  return private.recurring_generate(p_schedule, p_until);
end;
$$;
comment on function public.generate_recurring(uuid, date) is
  'Makes the missing occurrences of one schedule or all (to p_until or each horizon); idempotent. Returns how many it made.';
revoke all on function public.generate_recurring(uuid, date) from public, anon;
grant execute on function public.generate_recurring(uuid, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Edits follow into the future occurrences
-- ---------------------------------------------------------------------------------------------

create function private.recurring_schedules_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (
    new.kind, new.cleaning_type_id, new.title, new.category, new.priority, new.description,
    new.checklist, new.area, new.rrule, new.starts_on, new.ends_on, new.window_start,
    new.window_end, new.default_assignee_id, new.paused_at is null, new.horizon_days
  ) is not distinct from (
    old.kind, old.cleaning_type_id, old.title, old.category, old.priority, old.description,
    old.checklist, old.area, old.rrule, old.starts_on, old.ends_on, old.window_start,
    old.window_end, old.default_assignee_id, old.paused_at is null, old.horizon_days
  ) then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    perform private.recurring_remove_future(new.id);
  end if;
  if new.paused_at is null then
    perform private.recurring_generate(new.id);
  end if;
  return null;
end;
$$;
create trigger recurring_schedules_after_write after insert or update on public.recurring_schedules
for each row execute function private.recurring_schedules_after_write();

create function private.recurring_schedules_before_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.recurring_remove_future(old.id);
  return old;
end;
$$;
create trigger recurring_schedules_before_delete before delete on public.recurring_schedules
for each row execute function private.recurring_schedules_before_delete();

create function private.recurring_targets_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.recurring_remove_future(old.schedule_id, old.property_id);
  elsif exists (select 1 from public.recurring_schedules s where s.id = new.schedule_id and s.paused_at is null) then
    perform private.recurring_generate(new.schedule_id);
  end if;
  return null;
end;
$$;
create trigger recurring_targets_after_write after insert or delete on public.recurring_schedule_properties
for each row execute function private.recurring_targets_after_write();

create function private.recurring_skips_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.recurring_schedules s where s.id = old.schedule_id and s.paused_at is null) then
      perform private.recurring_generate(old.schedule_id);
    end if;
  else
    perform private.recurring_remove_future(new.schedule_id, null, new.day);
  end if;
  return null;
end;
$$;
create trigger recurring_skips_after_write after insert or delete on public.recurring_skips
for each row execute function private.recurring_skips_after_write();

-- ---------------------------------------------------------------------------------------------
-- RLS and grants: settings.manage reads and writes schedules; nobody else reads them. Field
-- staff see the mark (recurring_schedule_id) on the cleans and work orders they already read.
-- ---------------------------------------------------------------------------------------------

alter table public.recurring_schedules enable row level security;
alter table public.recurring_schedule_properties enable row level security;
alter table public.recurring_skips enable row level security;
alter table public.recurring_occurrences enable row level security;

revoke all on table public.recurring_schedules, public.recurring_schedule_properties,
  public.recurring_skips, public.recurring_occurrences from public, anon, authenticated;
grant all on table public.recurring_schedules, public.recurring_schedule_properties,
  public.recurring_skips, public.recurring_occurrences to service_role;

grant select, delete on table public.recurring_schedules to authenticated;
grant insert (id, title, kind, cleaning_type_id, category, priority, description, checklist, area, rrule,
    starts_on, ends_on, window_start, window_end, default_assignee_id, paused_at, horizon_days)
  on table public.recurring_schedules to authenticated;
grant update (title, kind, cleaning_type_id, category, priority, description, checklist, area, rrule,
    starts_on, ends_on, window_start, window_end, default_assignee_id, paused_at, horizon_days)
  on table public.recurring_schedules to authenticated;
grant select, insert, delete on table public.recurring_schedule_properties to authenticated;
grant select, delete on table public.recurring_skips to authenticated;
grant insert (schedule_id, day) on table public.recurring_skips to authenticated;
grant select on table public.recurring_occurrences to authenticated;

create policy "recurring_schedules: settings.manage reads"
on public.recurring_schedules for select to authenticated
using ((select public.has_permission('settings.manage')));
create policy "recurring_schedules: settings.manage inserts"
on public.recurring_schedules for insert to authenticated
with check ((select public.has_permission('settings.manage')));
create policy "recurring_schedules: settings.manage updates"
on public.recurring_schedules for update to authenticated
using ((select public.has_permission('settings.manage')))
with check ((select public.has_permission('settings.manage')));
create policy "recurring_schedules: settings.manage deletes"
on public.recurring_schedules for delete to authenticated
using ((select public.has_permission('settings.manage')));

create policy "recurring_schedule_properties: settings.manage reads"
on public.recurring_schedule_properties for select to authenticated
using ((select public.has_permission('settings.manage')));
create policy "recurring_schedule_properties: settings.manage adds visible villas"
on public.recurring_schedule_properties for insert to authenticated
with check (
  (select public.has_permission('settings.manage'))
  and exists (select 1 from public.properties p where p.id = recurring_schedule_properties.property_id)
);
create policy "recurring_schedule_properties: settings.manage removes"
on public.recurring_schedule_properties for delete to authenticated
using ((select public.has_permission('settings.manage')));

create policy "recurring_skips: settings.manage reads"
on public.recurring_skips for select to authenticated
using ((select public.has_permission('settings.manage')));
create policy "recurring_skips: settings.manage skips"
on public.recurring_skips for insert to authenticated
with check ((select public.has_permission('settings.manage')));
create policy "recurring_skips: settings.manage unskips"
on public.recurring_skips for delete to authenticated
using ((select public.has_permission('settings.manage')));

create policy "recurring_occurrences: settings.manage reads"
on public.recurring_occurrences for select to authenticated
using (
  (select public.has_permission('settings.manage'))
  and exists (select 1 from public.properties p where p.id = recurring_occurrences.property_id)
);

-- The manager's screens follow changes live; RLS decides per subscriber (nobody else gets a row).
alter publication supabase_realtime add table public.recurring_schedules, public.recurring_occurrences;

-- The schedules' guard (SECURITY INVOKER) reads the rule as the API caller.
revoke all on function private.rrule_days(text, date, date, date) from public, anon;
revoke all on function private.rrule_weekdays(date, date, integer[], integer[]) from public, anon;
grant execute on function private.rrule_days(text, date, date, date) to authenticated, service_role;
grant execute on function private.rrule_weekdays(date, date, integer[], integer[]) to authenticated, service_role;
revoke all on function private.recurring_remove_future(uuid, uuid, date) from public, anon, authenticated;
revoke all on function private.recurring_generate(uuid, date) from public, anon, authenticated;
revoke all on function private.recurring_schedules_before_write() from public, anon, authenticated, service_role;
revoke all on function private.recurring_skips_before_insert() from public, anon, authenticated, service_role;
revoke all on function private.recurring_schedules_after_write() from public, anon, authenticated, service_role;
revoke all on function private.recurring_schedules_before_delete() from public, anon, authenticated, service_role;
revoke all on function private.recurring_targets_after_write() from public, anon, authenticated, service_role;
revoke all on function private.recurring_skips_after_write() from public, anon, authenticated, service_role;
