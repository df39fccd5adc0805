-- Why: what the admin screens read and do beyond plain RLS (docs/admin.md). Reading accounts
-- means reading auth.users, which no API role may; measuring health means reading catalogues
-- and platform schemas; deleting an account must first prove it has no history. Each function
-- below is SECURITY DEFINER, checks the caller's admin.* key itself, and is granted to
-- `authenticated` only (and refused to anon). They run the same on hosted Supabase, where SQL and
-- functions are all a project owns.
--
--   web_vitals      LCP / INP / CLS (and FCP, TTFB) a signed-in browser measured on a page;
--                   any signed-in user inserts their own, only admins read (health p75s).
--   client_events   what the server cannot see: writes a client's sync queue gave up on
--                   (refused) and failed sign-ins (GoTrue does not log those in SQL).
--   admin_list_users, admin_waiting_count, admin_user_access, admin_user_has_history,
--   admin_delete_user, admin_note_account_created, admin_health.

-- ---------------------------------------------------------------------------------------------
-- Client reports
-- ---------------------------------------------------------------------------------------------

create table public.web_vitals (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The route pattern or path, without query string.
  page text not null,
  name text not null,
  value double precision not null,
  created_at timestamptz not null default now(),
  constraint web_vitals_page_format check (page ~ '^/[^?#]{0,199}$'),
  constraint web_vitals_name check (name in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
  -- Milliseconds up to 10 minutes; CLS is unitless and small.
  constraint web_vitals_value_range check (
    value >= 0 and value <= case when name = 'CLS' then 100 else 600000 end)
);
create index web_vitals_created_idx on public.web_vitals (created_at desc);
create index web_vitals_user_created_idx on public.web_vitals (user_id, created_at desc);
comment on table public.web_vitals is
  'Web vitals reported by signed-in browsers. Insert own; admins read (health page p75s).';

create table public.client_events (
  id bigint generated always as identity primary key,
  -- null: reported before sign-in (a failed sign-in).
  user_id uuid default auth.uid() references auth.users (id) on delete cascade,
  kind text not null,
  -- A short machine code (HTTP status, error code), never free text from a user.
  code text not null default '',
  created_at timestamptz not null default now(),
  constraint client_events_kind check (kind in ('write_refused', 'sign_in_failed')),
  constraint client_events_code_format check (code ~ '^[A-Za-z0-9_.:-]{0,40}$')
);
create index client_events_kind_created_idx on public.client_events (kind, created_at desc);
create index client_events_user_created_idx on public.client_events (user_id, created_at desc);
comment on table public.client_events is
  'Counts the server cannot see: writes refused to a client''s sync queue, failed sign-ins.';

-- Bounded reporting: a signed-in user may send 120 reports a minute per table, and everyone
-- before sign-in together 300 failed sign-ins a minute. Beyond that: 54000, the API's 4xx.
create function public.client_report_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_recent int;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  new.user_id := v_uid;
  new.created_at := now();
  if tg_table_name = 'web_vitals' then
    select count(*) into v_recent from (
      select 1 from public.web_vitals w
      where w.user_id = v_uid and w.created_at > now() - interval '1 minute' limit 121) x;
  elsif v_uid is null then
    select count(*) into v_recent from (
      select 1 from public.client_events e
      where e.user_id is null and e.created_at > now() - interval '1 minute' limit 301) x;
    v_recent := v_recent * 120 / 300;
  else
    select count(*) into v_recent from (
      select 1 from public.client_events e
      where e.user_id = v_uid and e.created_at > now() - interval '1 minute' limit 121) x;
  end if;
  if v_recent >= 120 then
    raise exception 'Too many reports; try again in a minute' using errcode = '54000';
  end if;
  return new;
end;
$$;
revoke all on function public.client_report_limit() from public, anon, authenticated, service_role;

create trigger web_vitals_limit before insert on public.web_vitals
for each row execute function public.client_report_limit();
create trigger client_events_limit before insert on public.client_events
for each row execute function public.client_report_limit();

alter table public.web_vitals enable row level security;
alter table public.client_events enable row level security;
revoke all on table public.web_vitals, public.client_events from public, anon, authenticated;
grant all on table public.web_vitals, public.client_events to service_role;
grant select on table public.web_vitals, public.client_events to authenticated;
grant insert (page, name, value) on table public.web_vitals to authenticated;
grant insert (kind, code) on table public.client_events to anon, authenticated;

create policy "web_vitals: signed-in users insert their own"
on public.web_vitals for insert to authenticated
with check ((select auth.uid()) is not null);

create policy "web_vitals: admins read"
on public.web_vitals for select to authenticated
using ((select public.is_admin()));

create policy "client_events: failed sign-ins before sign-in"
on public.client_events for insert to anon
with check (kind = 'sign_in_failed');

create policy "client_events: signed-in users report"
on public.client_events for insert to authenticated
with check ((select auth.uid()) is not null);

create policy "client_events: admins read"
on public.client_events for select to authenticated
using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Accounts
-- ---------------------------------------------------------------------------------------------

create function public.require_permission(permission_key text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission(require_permission.permission_key) then
    raise exception 'You need the % permission', require_permission.permission_key
      using errcode = '42501';
  end if;
end;
$$;
revoke all on function public.require_permission(text) from public, anon, authenticated, service_role;

-- One account as the admin screens show it. status: deactivated (profile inactive or banned),
-- invited (invited and never signed in), active.
create view public.admin_accounts with (security_barrier = true) as
select
  u.id,
  u.email::text as email,
  coalesce(p.full_name, '') as full_name,
  case
    when not coalesce(p.active, false) or (u.banned_until is not null and u.banned_until > now())
      then 'deactivated'
    when u.invited_at is not null and u.last_sign_in_at is null then 'invited'
    else 'active'
  end as status,
  coalesce(
    (select array_agg(r.name order by r.name)
     from public.user_roles ur join public.roles r on r.id = ur.role_id
     where ur.user_id = u.id),
    '{}'::text[]) as roles,
  u.last_sign_in_at,
  u.created_at
from auth.users u
left join public.profiles p on p.id = u.id;
-- Only the definer functions below read it.
revoke all on table public.admin_accounts from public, anon, authenticated, service_role;

-- Paged, searchable, sortable list. p_filter: all | waiting (active, no role) | active | invited |
-- deactivated. p_sort: created_at | last_sign_in_at | email | full_name | status.
create function public.admin_list_users(
  p_search text default '',
  p_filter text default 'all',
  p_sort text default 'created_at',
  p_desc boolean default true,
  p_limit integer default 25,
  p_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := lower(btrim(coalesce(p_search, '')));
  v_result jsonb;
begin
  perform public.require_permission('admin.users');
  if p_filter not in ('all', 'waiting', 'active', 'invited', 'deactivated') then
    raise exception 'p_filter: unknown filter' using errcode = '22023';
  end if;
  if p_sort not in ('created_at', 'last_sign_in_at', 'email', 'full_name', 'status') then
    raise exception 'p_sort: unknown sort' using errcode = '22023';
  end if;
  if p_limit not between 1 and 100 or p_offset < 0 or p_offset > 100000 then
    raise exception 'p_limit: 1 to 100, p_offset: 0 to 100000' using errcode = '22023';
  end if;
  if char_length(v_search) > 100 then
    raise exception 'p_search: at most 100 characters' using errcode = '22023';
  end if;

  with matching as (
    select a.*
    from public.admin_accounts a
    where (v_search = ''
        or strpos(lower(coalesce(a.email, '')), v_search) > 0
        or strpos(lower(a.full_name), v_search) > 0)
      and case p_filter
        when 'waiting' then a.status = 'active' and cardinality(a.roles) = 0
        when 'all' then true
        else a.status = p_filter
      end
  ),
  ranked as (
    select m.*, row_number() over (order by
      case when not p_desc and p_sort = 'created_at' then m.created_at end asc,
      case when p_desc and p_sort = 'created_at' then m.created_at end desc,
      case when not p_desc and p_sort = 'last_sign_in_at' then m.last_sign_in_at end asc nulls first,
      case when p_desc and p_sort = 'last_sign_in_at' then m.last_sign_in_at end desc nulls last,
      case when not p_desc and p_sort = 'email' then lower(m.email) end asc,
      case when p_desc and p_sort = 'email' then lower(m.email) end desc,
      case when not p_desc and p_sort = 'full_name' then lower(m.full_name) end asc,
      case when p_desc and p_sort = 'full_name' then lower(m.full_name) end desc,
      case when not p_desc and p_sort = 'status' then m.status end asc,
      case when p_desc and p_sort = 'status' then m.status end desc,
      m.id) as rn
    from matching m
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'users', coalesce((
      select jsonb_agg(to_jsonb(r) - 'rn' order by r.rn)
      from ranked r where r.rn > p_offset and r.rn <= p_offset + p_limit), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;

-- Accounts waiting for access: active, no role (the sidebar badge and the overview).
create function public.admin_waiting_count()
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('admin.users');
  return (
    select count(*)::int from public.admin_accounts a
    where a.status = 'active' and cardinality(a.roles) = 0
  );
end;
$$;

-- One account's access: roles, overrides, and each effective key with where it comes from.
create function public.admin_user_access(p_user uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_account jsonb;
begin
  perform public.require_permission('admin.users');
  select to_jsonb(a) into v_account from public.admin_accounts a where a.id = p_user;
  if v_account is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return v_account || jsonb_build_object(
    'overrides', coalesce((
      select jsonb_object_agg(cp.permission_key, cp.granted)
      from public.custom_permissions cp where cp.user_id = p_user), '{}'::jsonb),
    'effective', coalesce((
      select jsonb_agg(k order by k) from public.user_permissions(p_user) k), '[]'::jsonb),
    -- key -> the roles that grant it
    'from_roles', coalesce((
      select jsonb_object_agg(x.permission_key, x.roles)
      from (
        select rp.permission_key, jsonb_agg(r.name order by r.name) as roles
        from public.user_roles ur
        join public.roles r on r.id = ur.role_id
        join public.role_permissions rp on rp.role_id = ur.role_id and rp.granted
        where ur.user_id = p_user
        group by rp.permission_key
      ) x), '{}'::jsonb)
  );
end;
$$;

-- History: any row in a public table that points at the account (authorship, sync records...)
-- other than its own access rows and reports, any audit entry it made, any file it owns.
create function public.user_has_history(p_user uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  fk record;
  v_found boolean;
begin
  if exists (select 1 from public.audit_log l where l.actor_id = p_user) then
    return true;
  end if;
  if exists (select 1 from storage.objects o where o.owner_id = p_user::text) then
    return true;
  end if;
  for fk in
    select n.nspname as schema_name, c.relname as table_name, a.attname as column_name
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_class c on c.oid = con.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    where con.contype = 'f'
      and cardinality(con.conkey) = 1
      and n.nspname = 'public'
      and con.confrelid in ('public.profiles'::regclass, 'auth.users'::regclass)
      and c.relname not in ('profiles', 'user_roles', 'custom_permissions', 'web_vitals',
        'client_events', 'system_settings')
  loop
    execute format('select exists (select 1 from %I.%I where %I = $1)',
      fk.schema_name, fk.table_name, fk.column_name)
      into v_found using p_user;
    if v_found then
      return true;
    end if;
  end loop;
  return false;
end;
$$;
revoke all on function public.user_has_history(uuid) from public, anon, authenticated, service_role;

create function public.admin_user_has_history(p_user uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('admin.users');
  return public.user_has_history(p_user);
end;
$$;

-- Delete an account that has no history (the audit log records who). With history: 'has_history'
-- and nothing is deleted (the caller deactivates instead).
create function public.admin_delete_user(p_user uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('admin.users');
  if p_user = auth.uid() then
    raise exception 'You cannot delete your own account' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(7254101);
  if not exists (select 1 from auth.users u where u.id = p_user) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if public.user_has_history(p_user) then
    return 'has_history';
  end if;
  if not public.other_active_admin_exists(p_user) then
    raise exception 'The last admin cannot be deleted' using errcode = '42501';
  end if;
  delete from auth.users u where u.id = p_user;
  return 'deleted';
end;
$$;

-- Accounts are created by the auth server (the admin-users function), whose transaction has no
-- caller: its audit row says 'created' with no actor. The function then calls this, as the
-- admin, to name them and say whether it was an invitation.
create function public.admin_note_account_created(p_user uuid, p_invited boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('admin.users');
  update public.audit_log l
  set actor_id = auth.uid(),
      actor_email = (select p.email from public.profiles p where p.id = auth.uid()),
      action = case when p_invited then 'invited' else 'created' end
  where l.entity = 'account' and l.action = 'created' and l.subject_user_id = p_user
    and l.actor_id is null and l.at > now() - interval '10 minutes';
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Health
-- ---------------------------------------------------------------------------------------------

create function public.admin_health()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v jsonb := '{}'::jsonb;
  v_since timestamptz := now() - interval '24 hours';
  v_subscriptions bigint;
begin
  perform public.require_permission('admin.health');

  v := v || jsonb_build_object('now', now(), 'database_bytes', pg_catalog.pg_database_size(current_database()));

  if to_regclass('supabase_migrations.schema_migrations') is not null then
    v := v || (select jsonb_build_object('migrations_applied', count(*), 'latest_migration',
                 (select m.version || coalesce('_' || m.name, '')
                  from supabase_migrations.schema_migrations m order by m.version desc limit 1))
               from supabase_migrations.schema_migrations);
  end if;

  v := v || jsonb_build_object('storage', coalesce((
    select jsonb_agg(jsonb_build_object('bucket', b.id, 'objects', coalesce(o.n, 0),
             'bytes', coalesce(o.bytes, 0)) order by b.id)
    from storage.buckets b
    left join (
      select ob.bucket_id, count(*) as n,
        sum(coalesce((ob.metadata ->> 'size')::bigint, 0)) as bytes
      from storage.objects ob group by ob.bucket_id) o on o.bucket_id = b.id), '[]'::jsonb));

  v := v || jsonb_build_object(
    'sync_records_24h', (select count(*) from public.sync_mutations s where s.applied_at > v_since),
    'refused_writes_24h', (select count(*) from public.client_events e
                           where e.kind = 'write_refused' and e.created_at > v_since),
    'sign_in_failures_24h', (select count(*) from public.client_events e
                             where e.kind = 'sign_in_failed' and e.created_at > v_since),
    'waiting_for_access', (select count(*) from public.admin_accounts a
                           where a.status = 'active' and cardinality(a.roles) = 0));

  if to_regclass('auth.audit_log_entries') is not null then
    v := v || jsonb_build_object('sign_ins_24h', (
      select count(*) from auth.audit_log_entries a
      where a.created_at > v_since and a.payload ->> 'action' = 'login'));
  end if;

  -- Hosted Supabase Realtime keeps its postgres_changes subscriptions here; the local backend does
  -- not (the health page adds what presence shows).
  if to_regclass('realtime.subscription') is not null then
    execute 'select count(*) from realtime.subscription' into v_subscriptions;
    v := v || jsonb_build_object('realtime_subscriptions', v_subscriptions);
  end if;

  v := v || jsonb_build_object('web_vitals', coalesce((
    select jsonb_agg(jsonb_build_object('page', w.page, 'name', w.name, 'samples', w.n,
             'p75', w.p75) order by w.page, w.name)
    from (
      select wv.page, wv.name, count(*) as n,
        percentile_cont(0.75) within group (order by wv.value) as p75
      from public.web_vitals wv
      where wv.created_at > now() - interval '7 days' and wv.name in ('LCP', 'INP', 'CLS')
      group by wv.page, wv.name) w), '[]'::jsonb));

  return v;
end;
$$;

revoke all on function public.admin_list_users(text, text, text, boolean, integer, integer) from public, anon;
revoke all on function public.admin_waiting_count() from public, anon;
revoke all on function public.admin_user_access(uuid) from public, anon;
revoke all on function public.admin_user_has_history(uuid) from public, anon;
revoke all on function public.admin_delete_user(uuid) from public, anon;
revoke all on function public.admin_note_account_created(uuid, boolean) from public, anon;
revoke all on function public.admin_health() from public, anon;
grant execute on function public.admin_list_users(text, text, text, boolean, integer, integer) to authenticated;
grant execute on function public.admin_waiting_count() to authenticated;
grant execute on function public.admin_user_access(uuid) to authenticated;
grant execute on function public.admin_user_has_history(uuid) to authenticated;
grant execute on function public.admin_delete_user(uuid) to authenticated;
grant execute on function public.admin_note_account_created(uuid, boolean) to authenticated;
grant execute on function public.admin_health() to authenticated;
