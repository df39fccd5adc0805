-- Why: one resolution of "what may this user do", in SQL, used by every RLS policy and returned to
-- the client (ARCHITECTURE.md "One resolution, two places"), plus the triggers that keep the access
-- tables honest: profiles created from sign-ups, the first account on an empty system made admin,
-- profiles.custom_permissions kept equal to the custom_permissions table, and guards for what RLS
-- cannot express (which columns changed, and to what).
--
-- Conventions: helpers are SECURITY DEFINER with search_path = '' and fully qualified names, so
-- they read the access tables whatever the caller's RLS, and cannot be hijacked through the search
-- path. They are owned by the migration role, which owns the tables (so RLS does not apply to them).
--
-- Role checks are exact: has_role('manager') is false for an admin. "Admin passes every manager
-- guard" (ARCHITECTURE.md) is expressed by is_manager_or_admin() and by the default matrix (admin
-- holds every key); policies on business tables should prefer has_permission('area.action').
-- A deactivated profile (active = false) holds no role and no permission.
--
-- In policies, wrap the helpers in a scalar subquery - `(select public.has_permission('x'))` - so
-- Postgres evaluates them once per statement, not once per row.

-- ---------------------------------------------------------------------------------------------
-- Resolution
-- ---------------------------------------------------------------------------------------------

-- The keys a user holds: granted by any of their roles, then overrides (true adds, false removes).
create function public.user_permissions(uid uuid default auth.uid())
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select k.permission_key
  from (
    select rp.permission_key
    from public.user_roles ur
    join public.role_permissions rp on rp.role_id = ur.role_id and rp.granted
    where ur.user_id = user_permissions.uid
    union
    select cp.permission_key
    from public.custom_permissions cp
    where cp.user_id = user_permissions.uid and cp.granted
  ) k
  where exists (
      select 1 from public.profiles p where p.id = user_permissions.uid and p.active
    )
    and not exists (
      select 1
      from public.custom_permissions deny
      where deny.user_id = user_permissions.uid
        and deny.permission_key = k.permission_key
        and not deny.granted
    )
  order by 1
$$;
comment on function public.user_permissions(uuid) is
  'Resolved permission keys of a user (role grants, then overrides). Internal: clients call my_permissions().';

-- What the client caches for 5 minutes (SEED-SPEC.md §4): the caller's resolved keys.
create function public.my_permissions()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(k order by k), '{}'::text[])
  from public.user_permissions(auth.uid()) as k
$$;
comment on function public.my_permissions() is 'The signed-in user''s resolved permission keys.';

create function public.has_permission(permission_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_permissions(auth.uid()) as k where k = has_permission.permission_key
  )
$$;
comment on function public.has_permission(text) is 'Does the signed-in user hold this permission key?';

-- Exact match on role name, as the spec's role check (SEED-SPEC.md §6).
create function public.has_role(role_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles ur
    join public.roles r on r.id = ur.role_id
    join public.profiles p on p.id = ur.user_id
    where ur.user_id = auth.uid() and r.name = has_role.role_name and p.active
  )
$$;
comment on function public.has_role(text) is 'Does the signed-in, active user hold exactly this role?';

create function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.has_role('admin')
$$;
comment on function public.is_admin() is 'Is the signed-in user an active admin?';

create function public.is_manager_or_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.has_role('manager') or public.has_role('admin')
$$;
comment on function public.is_manager_or_admin() is
  'Does the signed-in user pass a manager guard? (admin passes every manager guard)';

-- user_permissions(uid) answers for any user: only trusted callers (service role, other definer
-- functions). Everyone else asks about themselves through the helpers above.
revoke all on function public.user_permissions(uuid) from public, anon, authenticated;
grant execute on function public.user_permissions(uuid) to service_role;

revoke all on function public.my_permissions() from public;
revoke all on function public.has_permission(text) from public;
revoke all on function public.has_role(text) from public;
revoke all on function public.is_admin() from public;
revoke all on function public.is_manager_or_admin() from public;
-- anon gets them too (they answer false / empty) so a policy written for both roles never errors.
grant execute on function public.my_permissions() to anon, authenticated, service_role;
grant execute on function public.has_permission(text) to anon, authenticated, service_role;
grant execute on function public.has_role(text) to anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;
grant execute on function public.is_manager_or_admin() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- custom_permissions -> profiles.custom_permissions
-- ---------------------------------------------------------------------------------------------

create function public.custom_permissions_map(uid uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(cp.permission_key, cp.granted), '{}'::jsonb)
  from public.custom_permissions cp
  where cp.user_id = custom_permissions_map.uid
$$;
revoke all on function public.custom_permissions_map(uuid) from public, anon, authenticated;
grant execute on function public.custom_permissions_map(uuid) to service_role;

-- Whoever writes profiles.custom_permissions (only trusted roles can), the table wins.
create function public.profiles_derive_custom_permissions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.custom_permissions := public.custom_permissions_map(new.id);
  return new;
end;
$$;

create trigger profiles_derive_custom_permissions
before insert or update of custom_permissions on public.profiles
for each row execute function public.profiles_derive_custom_permissions();

create function public.sync_profile_custom_permissions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    update public.profiles
    set custom_permissions = public.custom_permissions_map(old.user_id)
    where id = old.user_id;
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id is distinct from old.user_id) then
    update public.profiles
    set custom_permissions = public.custom_permissions_map(new.user_id)
    where id = new.user_id;
  end if;
  return null;
end;
$$;

create trigger custom_permissions_sync_profile
after insert or update or delete on public.custom_permissions
for each row execute function public.sync_profile_custom_permissions();

-- ---------------------------------------------------------------------------------------------
-- updated_at
-- ---------------------------------------------------------------------------------------------

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_set_updated_at before update on public.profiles
for each row execute function public.set_updated_at();
create trigger roles_set_updated_at before update on public.roles
for each row execute function public.set_updated_at();
create trigger role_permissions_set_updated_at before update on public.role_permissions
for each row execute function public.set_updated_at();
create trigger custom_permissions_set_updated_at before update on public.custom_permissions
for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Guards RLS cannot express. They apply to API callers (role anon or authenticated); the service
-- role, the auth server and the migration role are trusted. SECURITY INVOKER on purpose: they
-- read current_user, which is the API role only outside definer functions.
-- ---------------------------------------------------------------------------------------------

-- Column grants already keep users to full_name, phone, avatar_url, language (and active); this
-- decides who may change `active`: an admin, and never on their own account (no self-lockout).
create function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.active is distinct from old.active then
    if not public.is_admin() then
      raise exception 'Only an admin can activate or deactivate an account'
        using errcode = '42501';
    end if;
    if old.id = auth.uid() then
      raise exception 'You cannot deactivate your own account'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

create trigger profiles_guard_update before update on public.profiles
for each row execute function public.guard_profile_update();

-- The code names the system roles: they keep their names and cannot be deleted.
create function public.guard_system_role()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.is_system then
      raise exception 'The built-in role "%" cannot be deleted', old.name using errcode = '42501';
    end if;
    return old;
  end if;
  if old.is_system and (new.name is distinct from old.name or not new.is_system) then
    raise exception 'The built-in role "%" cannot be renamed', old.name using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger roles_guard_system before update or delete on public.roles
for each row execute function public.guard_system_role();

-- An admin cannot take away their own admin role; with self-deactivation also refused, the system
-- always keeps one active admin (short of deleting the account through the service role).
create function public.guard_own_admin_role()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
    and old.user_id = auth.uid()
    and exists (select 1 from public.roles r where r.id = old.role_id and r.name = 'admin')
    and (tg_op = 'DELETE' or new.role_id is distinct from old.role_id or new.user_id is distinct from old.user_id)
  then
    raise exception 'You cannot remove your own admin role' using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

create trigger user_roles_guard_own_admin before update or delete on public.user_roles
for each row execute function public.guard_own_admin_role();

-- ---------------------------------------------------------------------------------------------
-- auth.users -> profiles
-- ---------------------------------------------------------------------------------------------

-- Runs as the table owner when the auth server (role supabase_auth_admin, not a superuser) inserts
-- a user, so it works the same locally and on hosted Supabase.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name)
  values (
    new.id,
    new.email,
    left(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name', '')), 100)
  );

  -- The first account on an empty system becomes admin. Concurrent sign-ups queue on this lock
  -- (held to the end of the transaction) and each then sees the users committed before it, so at
  -- most one of them is first. Accounts added later get no role until an admin assigns one; a
  -- system that has users but lost its admins does not hand admin to the next sign-up.
  perform pg_advisory_xact_lock(7254101);
  if not exists (select 1 from auth.users u where u.id <> new.id) then
    insert into public.user_roles (user_id, role_id)
    select new.id, r.id from public.roles r where r.name = 'admin';
  end if;
  return new;
end;
$$;

create trigger on_auth_user_created
after insert on auth.users
for each row execute function public.handle_new_user();

create function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed
after update of email on auth.users
for each row
when (old.email is distinct from new.email)
execute function public.handle_user_email_change();

-- Trigger functions are never called directly.
revoke all on function public.profiles_derive_custom_permissions() from public, anon, authenticated, service_role;
revoke all on function public.sync_profile_custom_permissions() from public, anon, authenticated, service_role;
revoke all on function public.set_updated_at() from public, anon, authenticated, service_role;
revoke all on function public.guard_profile_update() from public, anon, authenticated, service_role;
revoke all on function public.guard_system_role() from public, anon, authenticated, service_role;
revoke all on function public.guard_own_admin_role() from public, anon, authenticated, service_role;
revoke all on function public.handle_new_user() from public, anon, authenticated, service_role;
revoke all on function public.handle_user_email_change() from public, anon, authenticated, service_role;
