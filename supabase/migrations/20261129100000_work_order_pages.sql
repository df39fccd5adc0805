-- Why: maintenance's screens read what they show, page by page (issue 29, docs/maintenance.md
-- "How the screen reads"), instead of every work order at once to filter on the phone.
--
--   indexes                 for the list's two orders: most urgent first (priority, urgent
--                           first as the enum orders it, then the earliest due, then the oldest
--                           report, then id) and newest first (created, id).
--   my_work_order_areas()   the technician's areas: those (a villa's `area`, trimmed) of the villas
--                           of every work order they have had, in any status. Worked out here, from
--                           their own work orders, instead of from every work order on the phone.
--   my_work_orders()        "Mine": the caller's open work orders and, when include_unassigned, the
--                           open unassigned ones of their areas (every unassigned one while they
--                           have no areas). PostgREST orders, pages and counts it like a table.
--
-- Both are SECURITY INVOKER: the caller's RLS on work_orders and properties decides what they see,
-- exactly as the list's own read does; a user with no role sees nothing.

create index work_orders_urgency_idx
  on public.work_orders (priority desc, due_at asc nulls last, created_at, id);
create index work_orders_newest_idx on public.work_orders (created_at desc, id desc);
-- The open unassigned ones (Mine, "Assignee: Unassigned"), by villa.
create index work_orders_unassigned_idx on public.work_orders (property_id)
  where assignee_id is null and status = 'open';

create function public.my_work_order_areas()
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(array_agg(distinct pg_catalog.btrim(p.area)), '{}')
  from public.work_orders w
  join public.properties p on p.id = w.property_id
  where w.assignee_id = (select auth.uid()) and pg_catalog.btrim(p.area) <> ''
$$;
comment on function public.my_work_order_areas() is
  'The caller''s areas: those of the villas of every work order they have had (Mine, docs/maintenance.md).';
revoke all on function public.my_work_order_areas() from public, anon;
grant execute on function public.my_work_order_areas() to authenticated, service_role;

create function public.my_work_orders(include_unassigned boolean default true)
returns setof public.work_orders
language sql
stable
security invoker
set search_path = ''
as $$
  with areas as (select pg_catalog.unnest(public.my_work_order_areas()) as area)
  select w.*
  from public.work_orders w
  where (
      w.assignee_id = (select auth.uid())
      and w.status in ('open', 'assigned', 'in_progress', 'on_hold')
    )
    or (
      my_work_orders.include_unassigned
      and w.status = 'open'
      and w.assignee_id is null
      and (
        not exists (select 1 from areas)
        or exists (
          select 1 from public.properties p
          where p.id = w.property_id and pg_catalog.btrim(p.area) in (select a.area from areas a)
        )
      )
    )
$$;
comment on function public.my_work_orders(boolean) is
  'Mine: the caller''s open work orders and, with include_unassigned, the open unassigned ones of their areas.';
revoke all on function public.my_work_orders(boolean) from public, anon;
grant execute on function public.my_work_orders(boolean) to authenticated, service_role;
