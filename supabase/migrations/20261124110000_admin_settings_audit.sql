-- Why: the admin area (docs/admin.md). Three things the database must own, not the UI:
--
--   system_settings   one row: company name, IANA time zone, support e-mail, default check-in and
--                     check-out times, currency, week start. Every signed-in user reads it (the app
--                     shows times in the company zone, the error screen mails support); only
--                     holders of admin.settings change it. company_time_zone(),
--                     default_check_in_time() and default_check_out_time() now read it (they were
--                     constants in 20261121130000_properties.sql).
--   audit_log         every admin change - roles, the matrix, overrides, role assignments,
--                     settings, account status, invites, deletions - written by triggers and
--                     definer functions (who, when, what, before, after). Admins read it; nobody
--                     writes, updates or deletes it through the API, the service role included.
--   access guards     the admin role keeps every admin.* key; nobody removes the last active
--                     admin (their role or their account status); the four system roles keep
--                     their names (20261121103100_access_functions.sql already refuses that).
--
-- Guards apply to API callers (anon, authenticated, service_role); the migration role and the
-- cascades of an auth-server delete run as the table owner and are trusted, as elsewhere.

-- ---------------------------------------------------------------------------------------------
-- system_settings
-- ---------------------------------------------------------------------------------------------

create table public.system_settings (
  -- Exactly one row: the primary key can only be true.
  id boolean primary key default true,
  company_name text not null default 'Arivia Ops',
  time_zone text not null default 'Europe/Athens',
  support_email text not null default 'support@arivia.local',
  default_check_in_time time not null default time '15:00',
  default_check_out_time time not null default time '11:00',
  currency text not null default 'EUR',
  -- ISO day number the calendar weeks start on: 1 = Monday ... 7 = Sunday.
  week_start smallint not null default 1,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint system_settings_single_row check (id),
  constraint system_settings_company_name_length
    check (char_length(btrim(company_name)) between 1 and 100),
  constraint system_settings_support_email_format
    check (char_length(support_email) <= 254
      and support_email ~ '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$'),
  constraint system_settings_currency_format check (currency ~ '^[A-Z]{3}$'),
  constraint system_settings_week_start_range check (week_start between 1 and 7)
);
comment on table public.system_settings is
  'The company''s settings (one row). Read by signed-in users, written with admin.settings.';

insert into public.system_settings (id) values (true);

-- A time zone must be one PostgreSQL knows (a CHECK cannot read a catalogue view). 22023 with the
-- column name first, so the settings form can put the message under the field.
create function public.system_settings_check()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'time_zone: "%" is not a known time zone', left(new.time_zone, 64)
      using errcode = '22023';
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end;
$$;

create trigger system_settings_check before insert or update on public.system_settings
for each row execute function public.system_settings_check();

alter table public.system_settings enable row level security;
revoke all on table public.system_settings from public, anon, authenticated;
grant all on table public.system_settings to service_role;
grant select on table public.system_settings to authenticated;
grant update (company_name, time_zone, support_email, default_check_in_time,
  default_check_out_time, currency, week_start) on table public.system_settings to authenticated;

create policy "system_settings: signed-in users read"
on public.system_settings for select to authenticated
using ((select auth.uid()) is not null);

create policy "system_settings: admin.settings updates"
on public.system_settings for update to authenticated
using ((select public.has_permission('admin.settings')))
with check ((select public.has_permission('admin.settings')));

-- The constants become reads of the row (the defaults stay as a fallback if it were missing).
create or replace function public.company_time_zone()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.time_zone from public.system_settings s where s.id), 'Europe/Athens')
$$;

create or replace function public.default_check_in_time()
returns time
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.default_check_in_time from public.system_settings s where s.id), time '15:00')
$$;

create or replace function public.default_check_out_time()
returns time
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.default_check_out_time from public.system_settings s where s.id), time '11:00')
$$;

-- ---------------------------------------------------------------------------------------------
-- audit_log
-- ---------------------------------------------------------------------------------------------

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The signed-in user who made the change (null: the auth server, a migration, the service role).
  actor_id uuid,
  -- Their e-mail at the time, so the log still names them after the account is deleted.
  actor_email text,
  -- The table or the account action: roles, role_permissions, custom_permissions, user_roles,
  -- system_settings, profiles (account status), account (created, invited, deleted).
  entity text not null,
  -- insert, update, delete; for accounts: created, deactivated, reactivated, deleted.
  action text not null,
  -- The user the change is about (user_roles, custom_permissions, profiles, account), if any.
  subject_user_id uuid,
  -- The row's key as text (role id, user id, 'role_id/key'...).
  entity_id text,
  before jsonb,
  after jsonb
);
create index audit_log_at_idx on public.audit_log (at desc);
create index audit_log_entity_at_idx on public.audit_log (entity, at desc);
create index audit_log_actor_at_idx on public.audit_log (actor_id, at desc);
create index audit_log_subject_at_idx on public.audit_log (subject_user_id, at desc);
comment on table public.audit_log is
  'Every admin change, written by the database (triggers, definer functions). Admins read it.';

alter table public.audit_log enable row level security;
revoke all on table public.audit_log from public, anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

create policy "audit_log: admins read"
on public.audit_log for select to authenticated
using ((select public.is_admin()));

-- Grants already refuse writes; this also refuses them to any other API role that might be
-- granted more later. The table owner (migrations, the definer writers) is not stopped.
create function public.audit_log_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated', 'service_role') then
    raise exception 'The audit log cannot be changed' using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

create trigger audit_log_immutable before update or delete on public.audit_log
for each row execute function public.audit_log_immutable();

-- The one writer. Definer: it inserts whatever the caller's own rights.
create function public.audit_write(
  p_entity text,
  p_action text,
  p_subject uuid,
  p_entity_id text,
  p_before jsonb,
  p_after jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
begin
  insert into public.audit_log (actor_id, actor_email, entity, action, subject_user_id, entity_id, before, after)
  values (
    v_actor,
    (select p.email from public.profiles p where p.id = v_actor),
    p_entity, p_action, p_subject, p_entity_id, p_before, p_after
  );
end;
$$;
revoke all on function public.audit_write(text, text, uuid, text, jsonb, jsonb)
  from public, anon, authenticated, service_role;

create function public.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_subject uuid;
  v_id text;
  v_action text := lower(tg_op);
begin
  if tg_op = 'UPDATE' and v_old - 'updated_at' = v_new - 'updated_at' then
    return null;
  end if;
  case tg_table_name
    when 'roles' then
      v_id := v_row ->> 'id';
    when 'role_permissions' then
      v_id := (v_row ->> 'role_id') || '/' || (v_row ->> 'permission_key');
    when 'custom_permissions' then
      v_subject := (v_row ->> 'user_id')::uuid;
      v_id := v_row ->> 'permission_key';
    when 'user_roles' then
      v_subject := (v_row ->> 'user_id')::uuid;
      v_id := v_row ->> 'role_id';
      -- The role's name, so the log reads well after the role is renamed or deleted.
      v_row := (select jsonb_build_object('role', r.name) from public.roles r
                where r.id = (v_row ->> 'role_id')::uuid);
      if v_old is not null then v_old := v_old || coalesce(v_row, '{}'); end if;
      if v_new is not null then v_new := v_new || coalesce(v_row, '{}'); end if;
    when 'system_settings' then
      v_id := 'settings';
    when 'profiles' then
      v_subject := (v_row ->> 'id')::uuid;
      v_id := v_row ->> 'id';
      if tg_op = 'UPDATE' then
        -- Only the account status is an admin change; people edit their own names and phones.
        if (v_old ->> 'active') is not distinct from (v_new ->> 'active') then
          return null;
        end if;
        v_action := case when (v_new ->> 'active')::boolean then 'reactivated' else 'deactivated' end;
        v_old := jsonb_build_object('active', v_old -> 'active', 'email', v_old -> 'email');
        v_new := jsonb_build_object('active', v_new -> 'active', 'email', v_new -> 'email');
      else
        v_action := case when tg_op = 'INSERT' then 'created' else 'deleted' end;
        v_old := case when v_old is not null then v_old - 'custom_permissions' end;
        v_new := case when v_new is not null then v_new - 'custom_permissions' end;
      end if;
    else
      v_id := null;
  end case;
  perform public.audit_write(
    case when tg_table_name = 'profiles' then 'account' else tg_table_name end,
    v_action, v_subject, v_id, v_old, v_new);
  return null;
end;
$$;
revoke all on function public.audit_row() from public, anon, authenticated, service_role;

create trigger audit_roles after insert or update or delete on public.roles
for each row execute function public.audit_row();
create trigger audit_role_permissions after insert or update or delete on public.role_permissions
for each row execute function public.audit_row();
create trigger audit_custom_permissions after insert or update or delete on public.custom_permissions
for each row execute function public.audit_row();
create trigger audit_user_roles after insert or update or delete on public.user_roles
for each row execute function public.audit_row();
create trigger audit_system_settings after update on public.system_settings
for each row execute function public.audit_row();
create trigger audit_profiles after insert or delete or update of active on public.profiles
for each row execute function public.audit_row();

-- ---------------------------------------------------------------------------------------------
-- Access guards
-- ---------------------------------------------------------------------------------------------

-- Is there an active admin other than `except_user`?
create function public.other_active_admin_exists(except_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles ur
    join public.roles r on r.id = ur.role_id and r.name = 'admin'
    join public.profiles p on p.id = ur.user_id and p.active
    where ur.user_id <> except_user
  )
$$;
-- The guards below run as the caller (they read current_user), so API roles may ask this; it
-- answers only whether some other active admin exists.
revoke all on function public.other_active_admin_exists(uuid) from public, anon;
grant execute on function public.other_active_admin_exists(uuid) to authenticated, service_role;

-- The system keeps one active admin: neither taking the admin role away nor deactivating an
-- account may leave none.
create function public.guard_last_admin()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_user uuid;
begin
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return coalesce(new, old);
  end if;
  if tg_table_name = 'user_roles' then
    v_user := old.user_id;
    if not exists (select 1 from public.roles r where r.id = old.role_id and r.name = 'admin')
      or (tg_op = 'UPDATE' and new.role_id = old.role_id and new.user_id = old.user_id)
      or not exists (select 1 from public.profiles p where p.id = old.user_id and p.active)
    then
      return coalesce(new, old);
    end if;
  else
    v_user := old.id;
    if not (old.active and not new.active)
      or not exists (
        select 1 from public.user_roles ur join public.roles r on r.id = ur.role_id
        where ur.user_id = old.id and r.name = 'admin')
    then
      return new;
    end if;
  end if;
  if not public.other_active_admin_exists(v_user) then
    raise exception 'The last admin cannot lose the admin role or be deactivated'
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;
revoke all on function public.guard_last_admin() from public, anon, authenticated, service_role;

create trigger user_roles_guard_last_admin before update or delete on public.user_roles
for each row execute function public.guard_last_admin();
create trigger profiles_guard_last_admin before update of active on public.profiles
for each row execute function public.guard_last_admin();

-- The admin role keeps every admin.* key: without them nobody could open the admin area again.
create function public.guard_admin_role_permissions()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return coalesce(new, old);
  end if;
  if old.permission_key like 'admin.%'
    and exists (select 1 from public.roles r where r.id = old.role_id and r.name = 'admin')
    and (tg_op = 'DELETE' or not new.granted or new.role_id <> old.role_id
      or new.permission_key <> old.permission_key)
  then
    raise exception 'The admin role keeps every admin.* permission (%)', old.permission_key
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;
revoke all on function public.guard_admin_role_permissions() from public, anon, authenticated, service_role;

create trigger role_permissions_guard_admin before update or delete on public.role_permissions
for each row execute function public.guard_admin_role_permissions();

revoke all on function public.system_settings_check() from public, anon, authenticated, service_role;
revoke all on function public.audit_log_immutable() from public, anon, authenticated, service_role;
