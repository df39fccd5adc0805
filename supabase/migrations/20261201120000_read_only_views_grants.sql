-- Why (issue 34): a write to a read-only view must be refused as a refusal (42501: PostgREST's 401
-- for anon, 403 for a signed-in user), never as the 500 (55000) of a view Postgres cannot update.
-- 20261127200000_read_only_views.sql did that for the views of its day with a loop over the
-- catalogue; this migration states it view by view for every view public has now, so what each
-- view grants is written down in one place, and checks the result.
--
-- The views, listed with
--   select schemaname, viewname from pg_views where schemaname = 'public' order by 2;
--   select schemaname, matviewname from pg_matviews where schemaname = 'public';  -- none
-- are:
--   admin_accounts       admins' list of accounts, read only through the admin functions
--                        (security definer): no grant at all to anon or authenticated.
--   inventory_low_stock  security_invoker: what a signed-in user's RLS on the inventory tables
--                        lets through. SELECT for authenticated (and service_role), as
--                        20261129200000_inventory.sql grants it. anon held SELECT only through the
--                        platform's default privileges (the view was created after them), never
--                        granted on purpose: revoked here. anon's read answers as before (401,
--                        42501), now refused at the view rather than at inventory_stock.
--   property_overview    security_invoker over properties: SELECT for authenticated.
--
-- None of them is written through on purpose. property_overview is one Postgres could update
-- (a simple view of one table); it stays read-only like the others: villas are written through
-- public.properties.
--
-- For each view: every write privilege (INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER) is
-- revoked from public, anon and authenticated, and private.make_view_read_only() (re)creates its
-- INSTEAD OF trigger that refuses with 42501 (with it the rewriter accepts the statement and the
-- privilege check answers first; the trigger itself refuses a role that holds a write grant, the
-- service role). Both are idempotent. A view added later calls private.make_view_read_only() in
-- its own migration (docs/security-sql.md, "Read-only views"); tests/server/view-grants.test.ts and
-- supabase/tests/view-writes.test.ts walk every view the catalogue lists, so one that does not
-- fails them.

-- admin_accounts
revoke insert, update, delete, truncate, references, trigger
  on table public.admin_accounts from public, anon, authenticated;
revoke select on table public.admin_accounts from public, anon, authenticated;
select private.make_view_read_only('public.admin_accounts');

-- inventory_low_stock
revoke insert, update, delete, truncate, references, trigger
  on table public.inventory_low_stock from public, anon, authenticated;
revoke select on table public.inventory_low_stock from public, anon;
grant select on table public.inventory_low_stock to authenticated;
select private.make_view_read_only('public.inventory_low_stock');

-- property_overview
revoke insert, update, delete, truncate, references, trigger
  on table public.property_overview from public, anon, authenticated;
revoke select on table public.property_overview from public, anon;
grant select on table public.property_overview to authenticated;
select private.make_view_read_only('public.property_overview');

-- How inventory_low_stock's anon SELECT came about, closed for the views and tables to come: the
-- platform's default privileges give anon every privilege on a new table or view in public, and
-- 20261127200000 took back only the write ones. Each migration grants SELECT explicitly to whom it
-- serves (tables revoke all first), so anon gets nothing by default any more either, as
-- 20261124100200_rpc_caller_checks.sql did for EXECUTE on functions.
alter default privileges in schema public revoke select on tables from anon;

-- The check: no view in public may be written by anon or authenticated, and each has its refusing
-- trigger. A view left writable or without its trigger fails here, on PGlite and PostgreSQL alike.
do $$
declare
  v record;
begin
  for v in
    select c.oid, c.oid::regclass as name, c.relkind
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('v', 'm')
  loop
    if exists (
      select 1
      from unnest(array['anon', 'authenticated']) as r(role),
           unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(priv)
      where pg_catalog.has_table_privilege(r.role, v.oid, p.priv)
    ) then
      raise exception 'view % can still be written by anon or authenticated', v.name;
    end if;
    if v.relkind = 'v' and not exists (
      select 1 from pg_catalog.pg_trigger t
      where t.tgrelid = v.oid and t.tgname = 'refuse_write' and t.tgenabled <> 'D'
    ) then
      raise exception 'view % has no refuse_write trigger (private.make_view_read_only)', v.name;
    end if;
  end loop;
end;
$$;
