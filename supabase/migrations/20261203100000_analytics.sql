-- Analytics (issue 33, the SQL half): the figures a manager steers by, computed in SQL under the
-- caller's own RLS. Seven set-returning functions in public, each SECURITY INVOKER (the tables'
-- policies pick the rows: a manager sees the company) and each refusing first without
-- analytics.view (42501). Executable by authenticated only: anon is refused at the grant.
--
-- Every function takes the same arguments:
--   p_from, p_to      company days (Europe/Athens, public.company_time_zone()), both included;
--   p_area            properties.area (exact), p_property a villa, p_cleaning_type a cleaning type,
--   p_person          a user (an assignee; see docs/analytics.md for what each figure filters by);
-- and answers rows for the period ('current') AND the period of the same length just before it
-- ('previous'). Each answer has one total row per period (property_id null), always present, even
-- for an empty range, and rows per villa (or per priority) below it. docs/analytics.md says exactly
-- how each figure is computed.

-- ---------------------------------------------------------------------------------------------
-- Helpers (private: not exposed; executable by authenticated because the invoker functions call them)
-- ---------------------------------------------------------------------------------------------

create function private.analytics_require(p_from date, p_to date)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not public.has_permission('analytics.view') then
    raise exception 'Analytics need the analytics.view permission' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'A range needs a first day on or before its last day' using errcode = '22023';
  end if;
  if p_to - p_from + 1 > 731 then
    raise exception 'A range is at most 731 days' using errcode = '22023';
  end if;
end;
$$;

-- The two periods as company days and as instants: [start_at, end_at) is from p_from's midnight to
-- the midnight after p_to, in the company's time zone (a DST day is 23 or 25 hours).
create function private.analytics_periods(p_from date, p_to date)
returns table (period text, from_day date, to_day date, start_at timestamptz, end_at timestamptz, tz text)
language sql
stable
rows 2
set search_path = ''
as $$
  select x.period, x.f, x.t,
    (x.f::timestamp at time zone z.tz),
    ((x.t + 1)::timestamp at time zone z.tz),
    z.tz
  from (select public.company_time_zone() as tz, p_to - p_from + 1 as days) z
  cross join lateral (values
    ('current'::text, p_from, p_to),
    ('previous'::text, p_from - z.days, p_from - 1)) as x (period, f, t)
$$;

revoke all on function private.analytics_require(date, date) from public, anon;
revoke all on function private.analytics_periods(date, date) from public, anon;
grant execute on function private.analytics_require(date, date) to authenticated, service_role;
grant execute on function private.analytics_periods(date, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Cleans done, duration against the estimate
-- ---------------------------------------------------------------------------------------------

create function public.analytics_cleans(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, property_id uuid, property_code text, property_name text,
  cleans_done bigint, timed_cleans bigint, avg_minutes numeric, avg_estimated_minutes numeric)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (select * from private.analytics_periods(p_from, p_to)),
  -- the villas the filters name; with no filter the scans skip it (a custom plan folds the test
  -- away): the tables' RLS already keeps to the villas the caller sees
  vs as materialized (select v.id from public.properties v
    where (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)),
  c as (
    select p.period, t.property_id, t.estimated_minutes,
      case when t.started_at is not null and t.started_at <= t.finished_at
        then extract(epoch from (t.finished_at - t.started_at)) / 60 end as minutes
    from p
    join public.cleaning_tasks t on t.finished_at >= p.start_at and t.finished_at < p.end_at
    where t.status in ('done', 'inspected')
      and t.finished_at >= v_start and t.finished_at < v_end
      and (p_area is null and p_property is null or t.property_id in (select vs.id from vs))
      and (p_cleaning_type is null or t.cleaning_type_id = p_cleaning_type)
      and (p_person is null or exists (select 1 from public.cleaning_task_assignees a
        where a.task_id = t.id and a.user_id = p_person))
  ),
  g as (
    select c.period, c.property_id, count(*) as n, count(c.minutes) as timed,
      round(avg(c.minutes), 1) as avg_min,
      round(avg(c.estimated_minutes) filter (where c.minutes is not null), 1) as avg_est
    from c group by grouping sets ((c.period, c.property_id), (c.period))
  )
  select p.period, null::uuid, null::text, null::text,
    coalesce(g.n, 0), coalesce(g.timed, 0), g.avg_min, g.avg_est
  from p left join g on g.period = p.period and g.property_id is null
  union all
  select g.period, g.property_id, v.code, v.name, g.n, g.timed, g.avg_min, g.avg_est
  from g join public.properties v on v.id = g.property_id
  order by 1, 2 nulls first, 3;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Turnovers: done before the next check-in?
-- ---------------------------------------------------------------------------------------------

create function public.analytics_turnovers(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, property_id uuid, property_code text, property_name text,
  turnovers bigint, on_time bigint, late bigint, on_time_rate numeric)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (select * from private.analytics_periods(p_from, p_to)),
  -- the villas the filters name; with no filter the scans skip it (a custom plan folds the test
  -- away): the tables' RLS already keeps to the villas the caller sees
  vs as materialized (select v.id from public.properties v
    where (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)),
  c as (
    select p.period, t.property_id,
      (t.status in ('done', 'inspected') and t.finished_at <= t.next_check_in) as ok
    from p
    join public.cleaning_tasks t on t.next_check_in >= p.start_at and t.next_check_in < p.end_at
    where t.turnover_for is not null
      and t.next_check_in >= v_start and t.next_check_in < v_end
      and t.status not in ('cancelled', 'skipped')
      -- decided: done, or the check-in has come (a clean still under way for a later arrival is not counted)
      and (t.status in ('done', 'inspected') or t.next_check_in <= now())
      and (p_area is null and p_property is null or t.property_id in (select vs.id from vs))
      and (p_cleaning_type is null or t.cleaning_type_id = p_cleaning_type)
      and (p_person is null or exists (select 1 from public.cleaning_task_assignees a
        where a.task_id = t.id and a.user_id = p_person))
  ),
  g as (
    select c.period, c.property_id, count(*) as n, count(*) filter (where c.ok) as ok_n
    from c group by grouping sets ((c.period, c.property_id), (c.period))
  )
  select p.period, null::uuid, null::text, null::text,
    coalesce(g.n, 0), coalesce(g.ok_n, 0), coalesce(g.n - g.ok_n, 0),
    round(100.0 * g.ok_n / nullif(g.n, 0), 1)
  from p left join g on g.period = p.period and g.property_id is null
  union all
  select g.period, g.property_id, v.code, v.name, g.n, g.ok_n, g.n - g.ok_n,
    round(100.0 * g.ok_n / nullif(g.n, 0), 1)
  from g join public.properties v on v.id = g.property_id
  order by 1, 2 nulls first, 3;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Inspections: passed or sent back
-- ---------------------------------------------------------------------------------------------

create function public.analytics_inspections(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, property_id uuid, property_code text, property_name text,
  inspections bigint, passed bigint, sent_back bigint, pass_rate numeric)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (select * from private.analytics_periods(p_from, p_to)),
  -- the villas the filters name; with no filter the scans skip it (a custom plan folds the test
  -- away): the tables' RLS already keeps to the villas the caller sees
  vs as materialized (select v.id from public.properties v
    where (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)),
  c as (
    select p.period, t.property_id, a.to_status = 'inspected' as ok
    from p
    join public.cleaning_task_activity a on a.at >= p.start_at and a.at < p.end_at
    join public.cleaning_tasks t on t.id = a.task_id
    where a.action = 'status' and a.from_status = 'done' and a.to_status in ('inspected', 'in_progress')
      and a.at >= v_start and a.at < v_end
      and (p_area is null and p_property is null or t.property_id in (select vs.id from vs))
      and (p_cleaning_type is null or t.cleaning_type_id = p_cleaning_type)
      and (p_person is null or exists (select 1 from public.cleaning_task_assignees a
        where a.task_id = t.id and a.user_id = p_person))
  ),
  g as (
    select c.period, c.property_id, count(*) as n, count(*) filter (where c.ok) as ok_n
    from c group by grouping sets ((c.period, c.property_id), (c.period))
  )
  select p.period, null::uuid, null::text, null::text,
    coalesce(g.n, 0), coalesce(g.ok_n, 0), coalesce(g.n - g.ok_n, 0),
    round(100.0 * g.ok_n / nullif(g.n, 0), 1)
  from p left join g on g.period = p.period and g.property_id is null
  union all
  select g.period, g.property_id, v.code, v.name, g.n, g.ok_n, g.n - g.ok_n,
    round(100.0 * g.ok_n / nullif(g.n, 0), 1)
  from g join public.properties v on v.id = g.property_id
  order by 1, 2 nulls first, 3;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Work orders: opened, resolved, time to resolve, backlog (per priority)
-- ---------------------------------------------------------------------------------------------

create function public.analytics_work_orders(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, priority public.work_order_priority,
  opened bigint, resolved bigint, mean_hours_to_resolve numeric,
  backlog bigint, backlog_0_7_days bigint, backlog_8_30_days bigint, backlog_31_90_days bigint,
  backlog_over_90_days bigint)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (
    select pp.*, least(pp.end_at, now()) as as_of from private.analytics_periods(p_from, p_to) pp
  ),
  -- the villas the filters name; with no filter the scans skip it (a custom plan folds the test
  -- away): the tables' RLS already keeps to the villas the caller sees
  vs as materialized (select v.id from public.properties v
    where (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)),
  d as (
    select p.*, x.priority from p
    cross join (
      select e as priority from unnest(enum_range(null::public.work_order_priority)) e
      union all select null) x
  ),
  w as materialized (
    select w.priority, w.created_at, coalesce(w.resolved_at, w.closed_at) as done_at
    from public.work_orders w
    where w.created_at < v_end
      and (p_area is null and p_property is null or w.property_id in (select vs.id from vs))
      and (p_person is null or w.assignee_id = p_person)
  )
  select d.period, d.priority, s.opened, s.resolved, s.mean_hours, s.backlog, s.b7, s.b30, s.b90, s.bmore
  from d
  cross join lateral (
    select
      count(*) filter (where w.created_at >= d.start_at and w.created_at < d.end_at) as opened,
      count(*) filter (where w.done_at >= d.start_at and w.done_at < d.end_at) as resolved,
      round(avg(extract(epoch from (w.done_at - w.created_at)) / 3600)
        filter (where w.done_at >= d.start_at and w.done_at < d.end_at), 1) as mean_hours,
      count(*) filter (where b.open) as backlog,
      count(*) filter (where b.open and b.age <= interval '7 days') as b7,
      count(*) filter (where b.open and b.age > interval '7 days' and b.age <= interval '30 days') as b30,
      count(*) filter (where b.open and b.age > interval '30 days' and b.age <= interval '90 days') as b90,
      count(*) filter (where b.open and b.age > interval '90 days') as bmore
    from w
    cross join lateral (select
      (w.created_at < d.as_of and (w.done_at is null or w.done_at >= d.as_of)) as open,
      d.as_of - w.created_at as age) b
    where d.priority is null or w.priority = d.priority
  ) s
  order by 1, 2 nulls first;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Maintenance cost by villa and category
-- ---------------------------------------------------------------------------------------------

create function public.analytics_maintenance_cost(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, property_id uuid, property_code text, property_name text,
  category public.work_order_category, work_orders bigint,
  parts_cost numeric, labour_cost numeric, external_cost numeric, total_cost numeric)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (select * from private.analytics_periods(p_from, p_to)),
  -- the villas the filters name; with no filter the scans skip it (a custom plan folds the test
  -- away): the tables' RLS already keeps to the villas the caller sees
  vs as materialized (select v.id from public.properties v
    where (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)),
  c as (
    select p.period, w.property_id, w.category, w.parts_cost, w.labour_cost, w.external_cost
    from p
    join public.work_orders w
      on coalesce(w.resolved_at, w.closed_at) >= p.start_at and coalesce(w.resolved_at, w.closed_at) < p.end_at
    where (p_area is null and p_property is null or w.property_id in (select vs.id from vs))
      and coalesce(w.resolved_at, w.closed_at) >= v_start and coalesce(w.resolved_at, w.closed_at) < v_end
      and (p_person is null or w.assignee_id = p_person)
  ),
  g as (
    select c.period, c.property_id, c.category, count(*) as n,
      sum(c.parts_cost) as parts, sum(c.labour_cost) as labour, sum(c.external_cost) as ext
    from c group by grouping sets ((c.period, c.property_id, c.category), (c.period))
  )
  select p.period, null::uuid, null::text, null::text, null::public.work_order_category,
    coalesce(g.n, 0), coalesce(g.parts, 0), coalesce(g.labour, 0), coalesce(g.ext, 0),
    coalesce(g.parts + g.labour + g.ext, 0)
  from p left join g on g.period = p.period and g.property_id is null
  union all
  select g.period, g.property_id, v.code, v.name, g.category, g.n, g.parts, g.labour, g.ext,
    g.parts + g.labour + g.ext
  from g join public.properties v on v.id = g.property_id
  order by 1, 2 nulls first, 3, 5;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Stock consumed and its cost, per villa and per stay
-- ---------------------------------------------------------------------------------------------

create function public.analytics_stock(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, property_id uuid, property_code text, property_name text,
  quantity numeric, cost numeric, stays bigint, cost_per_stay numeric)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (select * from private.analytics_periods(p_from, p_to)),
  vs as materialized (select v.id from public.properties v
    where (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)),
  m as (
    -- the clean and the work order are looked up only for a movement away from a villa
    -- (coalesce evaluates its arguments lazily): most consumption is recorded at the villa
    select p.period,
      coalesce(l.property_id,
        (select t.property_id from public.cleaning_tasks t where t.id = m.clean_id),
        (select w.property_id from public.work_orders w where w.id = m.work_order_id)) as property_id,
      -m.quantity as qty, -m.quantity * m.unit_cost as cost
    from p
    join public.inventory_movements m on m.occurred_at >= p.start_at and m.occurred_at < p.end_at
    join public.inventory_locations l on l.id = m.location_id
    where m.kind = 'consume'
      and m.occurred_at >= v_start and m.occurred_at < v_end
      and (p_cleaning_type is null or exists (select 1 from public.cleaning_tasks t
        where t.id = m.clean_id and t.cleaning_type_id = p_cleaning_type))
      and (p_person is null or m.created_by = p_person)
  ),
  mg as (
    select m.period, m.property_id, sum(m.qty) as qty, sum(m.cost) as cost
    from m where m.property_id is not null
      and (p_area is null and p_property is null or m.property_id in (select vs.id from vs))
    group by m.period, m.property_id
  ),
  sg as (
    select p.period, r.property_id, count(*) as stays
    from p join public.reservations r on r.check_out >= p.start_at and r.check_out < p.end_at
    where r.status = 'confirmed' and (p_area is null and p_property is null or r.property_id in (select vs.id from vs))
      and r.check_out >= v_start and r.check_out < v_end
    group by p.period, r.property_id
  ),
  g as (
    select coalesce(mg.period, sg.period) as period, coalesce(mg.property_id, sg.property_id) as property_id,
      coalesce(mg.qty, 0) as qty, coalesce(mg.cost, 0) as cost, coalesce(sg.stays, 0) as stays
    from mg full join sg on sg.period = mg.period and sg.property_id = mg.property_id
  )
  select p.period, null::uuid, null::text, null::text,
    coalesce(t.qty, 0), coalesce(t.cost, 0), coalesce(t.stays, 0)::bigint,
    round(t.cost / nullif(t.stays, 0), 2)
  from p left join lateral (
    select sum(g.qty) as qty, sum(g.cost) as cost, sum(g.stays) as stays from g where g.period = p.period
  ) t on true
  union all
  select g.period, g.property_id, v.code, v.name, g.qty, g.cost, g.stays,
    round(g.cost / nullif(g.stays, 0), 2)
  from g join public.properties v on v.id = g.property_id
  order by 1, 2 nulls first, 3;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Occupancy and turnovers per villa
-- ---------------------------------------------------------------------------------------------

create function public.analytics_occupancy(
  p_from date, p_to date, p_area text default null, p_property uuid default null,
  p_cleaning_type uuid default null, p_person uuid default null)
returns table (
  period text, property_id uuid, property_code text, property_name text,
  nights bigint, occupied_nights bigint, occupancy_rate numeric, turnovers bigint)
language plpgsql
stable
security invoker
set search_path = ''
-- a plan made for the actual range each call: a cached generic plan, which cannot see the bounds,
-- took 20 s where the custom plan takes under 1 s (docs/analytics.md "Speed")
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  -- both periods' bounds as values the planner sees (a custom plan estimates the range's rows)
  v_start timestamptz;
  v_end timestamptz;
begin
  perform private.analytics_require(p_from, p_to);
  select min(x.start_at), max(x.end_at) into v_start, v_end from private.analytics_periods(p_from, p_to) x;
  return query
  with p as (select * from private.analytics_periods(p_from, p_to)),
  vs as materialized (
    select v.id, v.code, v.name from public.properties v
    where not v.archived
      and (p_area is null or v.area = p_area) and (p_property is null or v.id = p_property)
  ),
  occ as (
    select p.period, r.property_id,
      sum(greatest(0,
        least((r.check_out at time zone p.tz)::date, p.to_day + 1)
        - greatest((r.check_in at time zone p.tz)::date, p.from_day))) as nights
    from p join public.reservations r on r.check_out > p.start_at and r.check_in < p.end_at
    where r.status = 'confirmed' and (p_area is null and p_property is null or r.property_id in (select vs.id from vs))
      and r.check_out > v_start and r.check_in < v_end
    group by p.period, r.property_id
  ),
  tov as (
    select p.period, t.property_id, count(*) as n
    from p join public.cleaning_tasks t on t.window_start >= p.start_at and t.window_start < p.end_at
    where t.turnover_for is not null and t.status <> 'cancelled'
      and t.window_start >= v_start and t.window_start < v_end
      and (p_area is null and p_property is null or t.property_id in (select vs.id from vs))
    group by p.period, t.property_id
  ),
  g as (
    select p.period, vs.id as property_id, vs.code, vs.name, (p.to_day - p.from_day + 1)::bigint as nights,
      coalesce(occ.nights, 0)::bigint as occupied, coalesce(tov.n, 0)::bigint as turnovers
    from p cross join vs
    left join occ on occ.period = p.period and occ.property_id = vs.id
    left join tov on tov.period = p.period and tov.property_id = vs.id
  )
  select p.period, null::uuid, null::text, null::text,
    coalesce(t.nights, 0)::bigint, coalesce(t.occupied, 0)::bigint,
    round(100.0 * t.occupied / nullif(t.nights, 0), 1), coalesce(t.turnovers, 0)::bigint
  from p left join lateral (
    select sum(g.nights) as nights, sum(g.occupied) as occupied, sum(g.turnovers) as turnovers
    from g where g.period = p.period
  ) t on true
  union all
  select g.period, g.property_id, g.code, g.name, g.nights, g.occupied,
    round(100.0 * g.occupied / nullif(g.nights, 0), 1), g.turnovers
  from g
  order by 1, 2 nulls first, 3;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Indexes the periods' range scans use (EXPLAIN: docs/analytics.md "Speed")
-- ---------------------------------------------------------------------------------------------

create index cleaning_tasks_finished_idx on public.cleaning_tasks (finished_at)
  where status in ('done', 'inspected');
create index cleaning_tasks_next_check_in_idx on public.cleaning_tasks (next_check_in)
  where turnover_for is not null;
create index cleaning_tasks_turnover_window_idx on public.cleaning_tasks (window_start)
  where turnover_for is not null;
create index cleaning_task_activity_inspection_idx on public.cleaning_task_activity (at)
  where action = 'status' and from_status = 'done';
create index work_orders_created_idx on public.work_orders (created_at);
create index work_orders_done_idx on public.work_orders ((coalesce(resolved_at, closed_at)));
create index reservations_confirmed_check_out_idx on public.reservations (check_out)
  where status = 'confirmed';

-- ---------------------------------------------------------------------------------------------
-- Grants: signed-in users only; the functions refuse without analytics.view
-- ---------------------------------------------------------------------------------------------

do $$
declare
  f text;
begin
  foreach f in array array['analytics_cleans', 'analytics_turnovers', 'analytics_inspections',
    'analytics_work_orders', 'analytics_maintenance_cost', 'analytics_stock', 'analytics_occupancy']
  loop
    execute format('revoke all on function public.%I(date, date, text, uuid, uuid, uuid) from public, anon', f);
    execute format('grant execute on function public.%I(date, date, text, uuid, uuid, uuid) to authenticated, service_role', f);
  end loop;
end;
$$;

comment on function public.analytics_cleans(date, date, text, uuid, uuid, uuid) is
  'Cleans done (finished in the period) and their average duration against the estimate, per villa, with the previous period (analytics.view).';
comment on function public.analytics_turnovers(date, date, text, uuid, uuid, uuid) is
  'Turnovers whose next check-in falls in the period: done before it (on time) or late, per villa, with the previous period (analytics.view).';
comment on function public.analytics_inspections(date, date, text, uuid, uuid, uuid) is
  'Inspections in the period: passed or sent back, per villa, with the previous period (analytics.view).';
comment on function public.analytics_work_orders(date, date, text, uuid, uuid, uuid) is
  'Work orders opened and resolved, mean hours to resolve, and the backlog at the period''s end by age, per priority, with the previous period (analytics.view).';
comment on function public.analytics_maintenance_cost(date, date, text, uuid, uuid, uuid) is
  'Cost of the work orders resolved in the period, per villa and category, with the previous period (analytics.view).';
comment on function public.analytics_stock(date, date, text, uuid, uuid, uuid) is
  'Stock consumed for villas and its cost, the stays that checked out and the cost per stay, per villa, with the previous period (analytics.view).';
comment on function public.analytics_occupancy(date, date, text, uuid, uuid, uuid) is
  'Occupied nights of the nights in the period and turnovers, per villa, with the previous period (analytics.view).';
