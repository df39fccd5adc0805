-- Why: an area adds its reasons and its history instead of redefining the whole (issue 26,
-- docs/adding-an-area.md "SQL"). private.property_readiness was re-created whole by
-- 20261121130300, 20261124120300 and 20261124150100, and public.property_has_history by
-- 20261121130100, 20261124100200, 20261124120200 and 20261124130000: each area copied every
-- reason (or table) of the areas before it. Now both are composed of one view per area:
--
--   private.view_parts                  which views a composed view is the UNION ALL of
--   private.add_view_part(whole, part)  registers a part and rebuilds the whole from its parts
--                                       (every part has the same columns, or it is refused)
--   private.readiness_codes             every reason code: its area, its place in a villa's
--                                       list of reasons, what it means. scripts/gen-types.ts
--                                       writes src/lib/readiness-codes.ts from it.
--   private.readiness_reasons           (property_id, code, due_at, task_id): one row per reason
--                                       a villa is not guest-ready, the UNION ALL of
--                                         private.readiness_reasons_properties    archived, inactive,
--                                                                                 reservation_conflict
--                                         private.readiness_reasons_housekeeping  turnover_pending,
--                                                                                 inspection_pending
--                                         private.readiness_reasons_maintenance   work_order_blocking
--                                       due_at: by when the reason should clear (the turnover's
--                                       due time); task_id: the clean it waits for. Null when the
--                                       area has neither.
--   private.property_readiness          same columns as before (property_overview reads it):
--                                       reasons in readiness_codes.position order, the earliest
--                                       due_at, the clean it waits for.
--   private.property_history            (property_id): one row per thing that must outlive the
--                                       villa, the UNION ALL of
--                                         private.property_history_reservations   every stay
--                                         private.property_history_housekeeping   cleans not cancelled
--   public.property_has_history(id)     same signature, caller check and answer as
--                                       20261124130000, now an exists() over property_history.
--
-- A new area's migration: create its view, register it, and (for readiness) insert its codes:
--
--   create view private.readiness_reasons_inventory as select ... ;
--   insert into private.readiness_codes (code, area, position, description) values (...);
--   select private.add_view_part('private.readiness_reasons', 'private.readiness_reasons_inventory');
--
-- Cost: property_overview reads property_readiness with a villa's id (scalar subqueries, only for
-- the rows a page returns), and the planner pushes that id into every branch of the UNION ALL: an
-- index probe per branch, so a villa costs a few probes more than the single view did (on PGlite
-- with bench/properties.ts's 2,000 villas, about 1.5 to 2 times its time per list query; same
-- results).

-- ---------------------------------------------------------------------------------------------
-- Composed views
-- ---------------------------------------------------------------------------------------------

create table private.view_parts (
  whole text not null,
  part regclass not null,
  primary key (whole, part),
  constraint view_parts_whole_name check (whole ~ '^private\.[a-z_][a-z0-9_]*$')
);
comment on table private.view_parts is
  'The parts (one view per area) whose UNION ALL is each composed view (private.add_view_part).';

-- "name type, name type, ..." of a relation's columns, to compare parts.
create function private.view_columns(rel regclass)
returns text
language sql
stable
set search_path = ''
as $$
  select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
  from pg_catalog.pg_attribute a
  where a.attrelid = view_columns.rel and a.attnum > 0 and not a.attisdropped
$$;

-- Registers `part` (once) and rebuilds `whole` as the UNION ALL of its parts, in name order. The
-- whole keeps its grants and comment and the views built on it; a part whose columns differ from
-- the others' is refused (22023).
create function private.add_view_part(whole text, part regclass)
returns void
language plpgsql
set search_path = ''
as $$
declare
  parts regclass[];
  first_columns text;
  p regclass;
begin
  insert into private.view_parts (whole, part) values (add_view_part.whole, add_view_part.part)
  on conflict do nothing;
  select array_agg(vp.part order by vp.part::text) into parts
  from private.view_parts vp where vp.whole = add_view_part.whole;
  first_columns := private.view_columns(parts[1]);
  foreach p in array parts loop
    if private.view_columns(p) is distinct from first_columns then
      raise exception '% has the columns (%), the other parts of % have (%)',
        p, private.view_columns(p), add_view_part.whole, first_columns
        using errcode = '22023';
    end if;
  end loop;
  execute format('create or replace view %s as %s', add_view_part.whole, (
    select string_agg(format('select * from %s', x.part), E'\nunion all\n' order by x.n)
    from unnest(parts) with ordinality as x(part, n)));
end;
$$;
revoke all on function private.view_columns(regclass) from public, anon, authenticated;
revoke all on function private.add_view_part(text, regclass) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Readiness
-- ---------------------------------------------------------------------------------------------

create table private.readiness_codes (
  code text primary key,
  area text not null,
  position integer not null unique,
  description text not null,
  constraint readiness_codes_code_format check (code ~ '^[a-z][a-z_]*$')
);
comment on table private.readiness_codes is
  'Every reason a villa may not be guest-ready (property_overview.not_ready_reasons), in list order. src/lib/readiness-codes.ts is generated from it.';

insert into private.readiness_codes (code, area, position, description) values
  ('archived', 'properties', 10, 'The villa is archived.'),
  ('inactive', 'properties', 20, 'The villa is out of service (status inactive).'),
  ('reservation_conflict', 'properties', 30,
    'A feed event could not be imported because it overlaps a confirmed stay.'),
  ('turnover_pending', 'housekeeping', 40,
    'The last turnover before the next arrival is scheduled or in progress.'),
  ('inspection_pending', 'housekeeping', 50, 'That turnover is done and waits for its inspection.'),
  ('work_order_blocking', 'maintenance', 60,
    'A blocking work order of the villa is neither resolved nor closed.');

-- The villa's own flags (a primary-key probe each); conflicts are read from their table's index
-- (grouped: one row per villa whatever their number).
create view private.readiness_reasons_properties as
select p.id as property_id, 'archived'::text as code, null::timestamptz as due_at, null::uuid as task_id
from public.properties p
where p.archived
union all
select p.id, 'inactive', null, null
from public.properties p
where p.status = 'inactive'
union all
select c.property_id, 'reservation_conflict', null, null
from public.reservation_import_conflicts c
group by c.property_id;

-- The villa's latest turnover (not cancelled) whose window starts before the next confirmed
-- check-in (any time when no stay is booked), while it is not done, or done and not inspected
-- where an inspection is required (20261124120300_guest_ready_turnovers.sql).
create view private.readiness_reasons_housekeeping as
select
  p.id as property_id,
  case when tr.status = 'done' then 'inspection_pending' else 'turnover_pending' end::text as code,
  tr.due_at,
  tr.id as task_id
from public.properties p
cross join lateral (
  select t.id, t.status, t.inspection_required, t.due_at
  from public.cleaning_tasks t
  where t.property_id = p.id
    and t.turnover_for is not null
    and t.status <> 'cancelled'
    and t.window_start < coalesce((
      select min(s.check_in)
      from public.reservations s
      where s.property_id = p.id and s.status = 'confirmed' and s.check_in >= now()
    ), 'infinity'::timestamptz)
  order by t.window_start desc
  limit 1
) tr
where tr.status in ('scheduled', 'in_progress') or (tr.status = 'done' and tr.inspection_required);

-- Grouped: one row per villa whatever the number of its blocking work orders.
create view private.readiness_reasons_maintenance as
select w.property_id, 'work_order_blocking'::text as code, null::timestamptz as due_at,
  null::uuid as task_id
from public.work_orders w
where w.blocking and w.status not in ('resolved', 'closed')
group by w.property_id;

select private.add_view_part('private.readiness_reasons', 'private.readiness_reasons_properties');
select private.add_view_part('private.readiness_reasons', 'private.readiness_reasons_housekeeping');
select private.add_view_part('private.readiness_reasons', 'private.readiness_reasons_maintenance');
comment on view private.readiness_reasons is
  'One row per reason a villa is not guest-ready: the UNION ALL of the areas'' views registered in private.view_parts.';

-- Same columns as before; a code missing from readiness_codes still shows, after the known ones.
create or replace view private.property_readiness as
select
  p.id as property_id,
  coalesce(r.reasons, '{}'::text[]) as reasons,
  r.due_at,
  r.task_id
from public.properties p
cross join lateral (
  select
    array_agg(x.code order by (
      select c.position from private.readiness_codes c where c.code = x.code) nulls last, x.code)
      as reasons,
    min(x.due_at) as due_at,
    (array_agg(x.task_id) filter (where x.task_id is not null))[1] as task_id
  from private.readiness_reasons x
  where x.property_id = p.id
) r;
comment on view private.property_readiness is
  'Why each property is not guest-ready (empty array = ready), by when, and the clean it waits for; owner rights: only for property_overview. Composed of private.readiness_reasons: an area registers its view there.';

-- ---------------------------------------------------------------------------------------------
-- History
-- ---------------------------------------------------------------------------------------------

create view private.property_history_reservations as
select r.property_id from public.reservations r;

create view private.property_history_housekeeping as
select t.property_id from public.cleaning_tasks t where t.status <> 'cancelled';

select private.add_view_part('private.property_history', 'private.property_history_reservations');
select private.add_view_part('private.property_history', 'private.property_history_housekeeping');
comment on view private.property_history is
  'One row per thing that must outlive a villa (it is archived, not deleted): the UNION ALL of the areas'' views registered in private.view_parts.';

-- Same caller check and answer as 20261124130000_definer_caller_checks.sql.
create or replace function public.property_has_history(property_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated')
    and not public.has_permission('properties.manage')
  then
    raise exception 'Checking a villa''s history needs the properties.manage permission'
      using errcode = '42501';
  end if;
  return exists (
    select 1 from private.property_history h where h.property_id = property_has_history.property_id);
end;
$$;
comment on function public.property_has_history(uuid) is
  'True when the property has history (anything in private.property_history: reservations, cleans not cancelled): archive it, do not delete it.';

revoke all on private.view_parts, private.readiness_codes, private.readiness_reasons,
  private.readiness_reasons_properties, private.readiness_reasons_housekeeping,
  private.readiness_reasons_maintenance, private.property_history,
  private.property_history_reservations, private.property_history_housekeeping
  from public, anon, authenticated;
