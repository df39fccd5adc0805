-- Why: every function in `public` is callable through /rest/v1/rpc by whoever holds EXECUTE on it,
-- and an audit of them (docs/security-sql.md) found two kinds of hole:
--
-- 1. property_has_history(uuid) is SECURITY DEFINER and answered any signed-in user, even one with
--    no role, whether a villa has reservations: an oracle over rows RLS hides from them. It now
--    asks for properties.manage (the only caller that needs it decides between deleting and
--    archiving a villa) when called through the API; the delete guard, which runs inside a
--    manager's (or the service role's) delete, still gets the answer.
--
-- 2. `revoke all ... from public` does not take back what default privileges grant `anon`
--    directly: Supabase's defaults (and the local backend's, server/db/bootstrap.sql) give anon,
--    authenticated and service_role EXECUTE on every new function in public. So anon could call
--    default_check_in_time() and default_check_out_time() (and company_time_zone() was granted to
--    it on purpose). Nothing before sign-in needs them: anon loses them. And from here on a new
--    function in public is not executable by anon unless a migration grants it
--    (ALTER DEFAULT PRIVILEGES for the migration role, which creates them).
--
-- Kept for anon, on purpose: my_permissions(), has_permission(), has_role(), is_admin() and
-- is_manager_or_admin() answer only about the caller (false / empty for anon), and a policy
-- written for anon and authenticated may call them.
--
-- supabase/tests/rpc-exposure.test.ts lists every function the API exposes and fails on one whose
-- refusals it does not test.

alter default privileges in schema public revoke execute on functions from anon;

revoke execute on function public.company_time_zone() from anon;
revoke execute on function public.default_check_in_time() from anon;
revoke execute on function public.default_check_out_time() from anon;

create or replace function public.property_has_history(property_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- API callers (the JWT's role) need properties.manage; the service role and SQL run by the
  -- database itself (the delete guard inside an allowed delete, scripts) are trusted.
  if coalesce(auth.role(), '') in ('anon', 'authenticated')
    and not public.has_permission('properties.manage')
  then
    raise exception 'Checking a villa''s history needs the properties.manage permission'
      using errcode = '42501';
  end if;
  return exists (
    select 1 from public.reservations r where r.property_id = property_has_history.property_id
  );
end;
$$;
comment on function public.property_has_history(uuid) is
  'True when the property has history (reservations, later cleans and work orders): archive it, do not delete it. API callers need properties.manage.';
revoke all on function public.property_has_history(uuid) from public, anon;
grant execute on function public.property_has_history(uuid) to authenticated, service_role;
