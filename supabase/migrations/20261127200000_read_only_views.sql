-- Why: a write to a read-only view in the API's schema answered 500 (55000, "Views that do not
-- select from a single table or view are not automatically updatable") even to anon and to an
-- account with no role: Postgres's rewriter refuses a write to a view it cannot update before the
-- executor ever checks privileges, so a missing grant never got the chance to answer. Revoking
-- grants alone does not change that (public.admin_accounts already had none).
--
-- The rule (docs/security-sql.md "Read-only views"): every view in public is read-only for the API
-- unless a migration says otherwise. private.make_view_read_only(view):
--   1. revokes every write privilege (INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER) from
--      public, anon and authenticated; SELECT stays as the view's own migration granted it;
--   2. gives the view INSTEAD OF INSERT / UPDATE / DELETE triggers that refuse (42501). With an
--      INSTEAD OF trigger the rewriter accepts the statement, so the executor's privilege check
--      runs first and refuses the caller with 42501: PostgREST's 401 for anon, 403 for a signed-in
--      user. The trigger itself only runs for a role that does hold a write grant (service_role,
--      the migration role) and refuses it the same way, instead of the 500.
--
-- A migration that adds a view in public calls private.make_view_read_only() on it (the last
-- statement below shows how). supabase/tests/view-writes.test.ts walks every view in public, read
-- from the catalogue, as anon, as a user with no role and as each demo role, and fails on one a
-- write reaches with anything but a 401 / 403, so a view added without it fails the suite. The
-- default privileges are tightened too, so a future view starts with no write grant for anon and
-- authenticated (tables get their grants explicitly in their own migrations, which revoke all
-- first; see 20261121103200_access_policies.sql).

create or replace function private.refuse_view_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'permission denied for view %', tg_table_name
    using errcode = '42501', hint = 'This view is read-only.';
end;
$$;

revoke all on function private.refuse_view_write() from public, anon, authenticated;

create or replace function private.make_view_read_only(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
begin
  if (select c.relkind from pg_catalog.pg_class c where c.oid = target) not in ('v', 'm') then
    raise exception '% is not a view', target using errcode = '42809';
  end if;
  execute format(
    'revoke insert, update, delete, truncate, references, trigger on %s from public, anon, authenticated',
    target);
  if (select c.relkind from pg_catalog.pg_class c where c.oid = target) = 'v' then
    v_name := 'refuse_write';
    execute format('drop trigger if exists %I on %s', v_name, target);
    execute format(
      'create trigger %I instead of insert or update or delete on %s for each row '
      'execute function private.refuse_view_write()',
      v_name, target);
  end if;
end;
$$;

revoke all on function private.make_view_read_only(regclass) from public, anon, authenticated;

-- New views: no write grant for the API roles by default (SELECT is granted by each migration).
alter default privileges in schema public
  revoke insert, update, delete, truncate, references, trigger on tables from anon, authenticated;

-- Every view in public today.
do $$
declare
  v regclass;
begin
  for v in
    select c.oid::regclass
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('v', 'm')
  loop
    perform private.make_view_read_only(v);
  end loop;
end;
$$;
