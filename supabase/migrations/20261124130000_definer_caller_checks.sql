-- Two SECURITY DEFINER functions answered any signed-in caller (found by
-- supabase/tests/rpc-exposure.test.ts; see docs/security-sql.md):
-- - property_has_history: 20261124120200 redefined it to count cleans as history and dropped the
--   caller check that 20261124100200 had added. Both are kept here: cleans count, and API callers
--   need properties.manage (the service role and the database's own guards are trusted).
-- - other_active_admin_exists: the last-admin guards run as the caller, and only admins can
--   change roles or account status, so any other API caller is refused.

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
    select 1 from public.reservations r where r.property_id = property_has_history.property_id
  ) or exists (
    select 1 from public.cleaning_tasks t
    where t.property_id = property_has_history.property_id and t.status <> 'cancelled'
  );
end;
$$;
revoke all on function public.property_has_history(uuid) from public, anon;
grant execute on function public.property_has_history(uuid) to authenticated, service_role;

create or replace function public.other_active_admin_exists(except_user uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not public.is_admin() then
    raise exception 'Only an admin may ask about other admins' using errcode = '42501';
  end if;
  return exists (
    select 1
    from public.user_roles ur
    join public.roles r on r.id = ur.role_id and r.name = 'admin'
    join public.profiles p on p.id = ur.user_id and p.active
    where ur.user_id <> except_user
  );
end;
$$;
revoke all on function public.other_active_admin_exists(uuid) from public, anon;
grant execute on function public.other_active_admin_exists(uuid) to authenticated, service_role;
