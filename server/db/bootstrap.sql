-- Platform bootstrap: what hosted Supabase provides before any project migration runs.
-- Roles, the auth / storage / extensions schemas, auth.uid() and friends, default grants.
-- Idempotent: it runs on every start, and roles are shared by every database of a cluster.

-- The platform may create and alter its own objects here (the ddl guard at the end lets it).
select set_config('arivia.platform_bootstrap', 'on', true);

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin noinherit nologin;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to current_user;
-- Hosted Supabase's migration role (postgres) is no member of the platform's roles: a migration
-- cannot alter, index or drop auth / storage objects nor create objects in those schemas. A
-- superuser (PGlite, a local PostgreSQL) needs no membership to act as those roles, so it is taken
-- back (earlier bootstraps granted it) and the ddl guard at the end of this file refuses what
-- hosted refuses; a non-superuser connection keeps it, to act as GoTrue and Storage do
-- (docs/server-hardening.md).
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    revoke supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin from current_user;
  else
    grant supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin to current_user;
  end if;
end
$$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
-- The extensions every Supabase project has before its first migration, where the platform puts
-- them; `extensions` is on the API roles' search_path (per request) and on the migration role's
-- (server/db/migrator.ts), so `gen_salt('bf')`, `crypt()` and `uuid_generate_v4()` work unqualified.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create schema if not exists auth authorization supabase_auth_admin;
create schema if not exists storage authorization supabase_storage_admin;
create schema if not exists realtime authorization supabase_realtime_admin;
create schema if not exists supabase_migrations;

grant usage on schema public to anon, authenticated, service_role, supabase_auth_admin;
grant create on schema public to supabase_auth_admin;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema auth to postgres;
revoke create on schema auth from postgres;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema storage to postgres;
revoke create on schema storage from postgres;
grant usage on schema realtime to anon, authenticated, service_role;
grant all on schema realtime to postgres;

-- auth: the tables GoTrue keeps, with the columns hosted Supabase has (the ones this backend uses).
set local role supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where (is_sso_user = false);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- Local only (hosted Supabase sends real e-mail): every message the auth API would send.
create table if not exists auth.outbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  recipient text not null,
  kind text not null,
  subject text not null,
  body text not null,
  link text
);

-- Columns GoTrue has that the auth API reads or returns (user JSON new_phone, email change).
alter table auth.users add column if not exists phone_change text default '';
alter table auth.users add column if not exists phone_change_token varchar(255) default '';
alter table auth.users add column if not exists phone_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token <> '';
create index if not exists users_recovery_token_idx on auth.users (recovery_token)
  where recovery_token <> '';
create index if not exists users_email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new <> '';
create index if not exists refresh_tokens_user_id_idx on auth.refresh_tokens (user_id);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- How each session was authenticated: the `amr` claim of its access tokens.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  unique (session_id, authentication_method)
);

-- PKCE: the code challenge sent with a link request, traded for a session at /token?grant_type=pkce.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_user_id_method_idx on auth.flow_state (user_id, authentication_method);

reset role;

-- Supabase's definitions: the legacy per-claim settings first, then the claims object.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, supabase_auth_admin;
grant all on all tables in schema auth to postgres, service_role;
grant all on all sequences in schema auth to postgres, service_role;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- storage: the part of Supabase Storage's schema (supabase/storage migrations/tenant) that the
-- storage API and project migrations use: buckets, objects, the path helpers policies call, the
-- legacy list function, and the grants hosted projects have. RLS is on with no policies, so until a
-- migration adds policies only the service role reaches objects through the API, as on Supabase.
set local role supabase_storage_admin;

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typname = 'buckettype'
  ) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level integer
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");

do $$
begin
  -- Names never carry control characters (Storage's unicode-object-names migration).
  if not exists (
    select 1 from pg_constraint
    where conname = 'objects_name_check' and conrelid = 'storage.objects'::regclass
  ) then
    alter table storage.objects add constraint objects_name_check check (
      name !~ E'[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]'
      and position(U&'\FFFE' in name) = 0
      and position(U&'\FFFF' in name) = 0
    );
  end if;
end
$$;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.operation()
returns text
language plpgsql
stable
as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.get_size_by_bucket()
returns table (size bigint, bucket_id text)
language plpgsql
stable
as $$
begin
  return query
    select sum((metadata ->> 'size')::bigint)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$$;

-- The list behind `POST /object/list/<bucket>`: one level under a prefix, folders first, run as the
-- caller (security invoker) so storage.objects policies decide what is listed. The sort column and
-- order are whitelisted before they reach the dynamic SQL.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits integer default 100,
  levels integer default 1,
  offsets integer default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql
stable
as $$
declare
  v_order_by text;
  v_sort_order text;
begin
  case
    when sortcolumn = 'name' then v_order_by = 'name';
    when sortcolumn = 'updated_at' then v_order_by = 'updated_at';
    when sortcolumn = 'created_at' then v_order_by = 'created_at';
    when sortcolumn = 'last_accessed_at' then v_order_by = 'last_accessed_at';
    else v_order_by = 'name';
  end case;
  case
    when sortorder = 'asc' then v_sort_order = 'asc';
    when sortorder = 'desc' then v_sort_order = 'desc';
    else v_sort_order = 'asc';
  end case;
  v_order_by = v_order_by || ' ' || v_sort_order;

  return query execute
    'with folders as (
       select path_tokens[$1] as folder
       from storage.objects
       where objects.name ilike $2 || $3 || ''%''
         and bucket_id = $4
         and array_length(objects.path_tokens, 1) <> $1
       group by folder
       order by folder ' || v_sort_order || '
     )
     (select folder as "name",
             null::uuid as id,
             null::timestamptz as updated_at,
             null::timestamptz as created_at,
             null::timestamptz as last_accessed_at,
             null::jsonb as metadata
      from folders)
     union all
     (select path_tokens[$1] as "name",
             id,
             updated_at,
             created_at,
             last_accessed_at,
             metadata
      from storage.objects
      where objects.name ilike $2 || $3 || ''%''
        and bucket_id = $4
        and array_length(objects.path_tokens, 1) = $1
      order by ' || v_order_by || ')
     limit $5
     offset $6' using levels, prefix, search, bucketname, limits, offsets;
end
$$;

create or replace function storage.update_updated_at_column()
returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

create or replace function storage.enforce_bucket_name_length()
returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;

create or replace trigger update_objects_updated_at
before update on storage.objects
for each row execute function storage.update_updated_at_column();

create or replace trigger enforce_bucket_name_length_trigger
before insert or update of name on storage.buckets
for each row execute function storage.enforce_bucket_name_length();

reset role;

grant all on table storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on table storage.buckets, storage.objects to postgres with grant option;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.operation(), storage.get_size_by_bucket(),
  storage.search(text, text, integer, integer, integer, text, text, text)
  to anon, authenticated, service_role;

-- realtime ------------------------------------------------------------------------------------
-- Owned by server/realtime. What hosted Supabase Realtime keeps in the `realtime` schema
-- (the supabase_realtime publication, realtime.messages and realtime.topic() for private
-- channels, realtime.send() / broadcast_changes() for broadcast from the database), plus the
-- local backend's change capture: Supabase reads the WAL through a replication slot, which PGlite
-- has not got, so a row trigger on every published table logs the change and NOTIFYs the
-- committing transaction's id; every server instance LISTENs and reads the log itself.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := jsonb_build_object(
    'schema', table_schema, 'table', table_name, 'operation', operation,
    'record', case when new is null then null else to_jsonb(new) end,
    'old_record', case when old is null then null else to_jsonb(old) end
  );
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
end;
$$;
grant execute on function realtime.send(jsonb, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- Broadcast from the database: every committed message wakes the server instances.
create or replace function realtime.notify_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_notify('realtime_messages', new.id::text);
  return null;
end;
$$;
drop trigger if exists realtime_notify_message on realtime.messages;
create trigger realtime_notify_message after insert on realtime.messages
  for each row when (new.extension = 'broadcast' and new.event is not null)
  execute function realtime.notify_message();

create table if not exists realtime.change_log (
  id bigint generated always as identity primary key,
  txid bigint not null default (pg_current_xact_id()::text::bigint),
  entity oid not null,
  schema_name text not null,
  table_name text not null,
  action text not null,
  record jsonb,
  old_record jsonb,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists change_log_txid_idx on realtime.change_log (txid);
create index if not exists change_log_created_at_idx on realtime.change_log (created_at);
revoke all on realtime.change_log from public;

-- Large cross-instance relay messages (NOTIFY payloads stop at 8000 bytes).
create table if not exists realtime.relay (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default clock_timestamp()
);
revoke all on realtime.relay from public;

-- Which server instances have postgres_changes subscribers for which table: changes to tables
-- nobody listens to are not logged at all. Instances refresh their rows; stale ones are ignored.
create table if not exists realtime.listeners (
  entity oid not null,
  instance uuid not null,
  seen_at timestamptz not null default now(),
  primary key (entity, instance)
);
revoke all on realtime.listeners from public;

create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not exists (
    select 1 from realtime.listeners l
    where l.entity = tg_relid and l.seen_at > now() - interval '2 minutes'
  ) then
    return null;
  end if;
  insert into realtime.change_log (entity, schema_name, table_name, action, record, old_record)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  -- Same payload for every row of a transaction: Postgres folds them into one notification.
  perform pg_notify('realtime_changes', pg_current_xact_id()::text);
  return null;
end;
$$;
revoke all on function realtime.capture_change() from public;

-- Puts the capture trigger on every table of the supabase_realtime publication, takes it off
-- tables that left it.
create or replace function realtime.sync_capture() returns void
language plpgsql
as $$
declare
  rel regclass;
begin
  for rel in
    select c.oid::regclass
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and c.relkind in ('r', 'p')
      and n.nspname <> 'realtime'
      and not exists (
        select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'realtime_capture_changes'
      )
  loop
    execute format(
      'create trigger realtime_capture_changes after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()', rel);
  end loop;
  for rel in
    select t.tgrelid::regclass
    from pg_trigger t
    where t.tgname = 'realtime_capture_changes'
      and not t.tgisinternal
      and not exists (
        select 1
        from pg_publication_tables p
        join pg_namespace n on n.nspname = p.schemaname
        join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = 'supabase_realtime' and c.oid = t.tgrelid
      )
  loop
    execute format('drop trigger realtime_capture_changes on %s', rel);
  end loop;
end;
$$;
revoke all on function realtime.sync_capture() from public;

-- Migrations that publish a table get its capture in the same transaction.
create or replace function realtime.on_ddl_sync_capture() returns event_trigger
language plpgsql
as $$
begin
  perform realtime.sync_capture();
exception when others then
  raise warning 'realtime capture not synced: %', sqlerrm;
end;
$$;
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'realtime_sync_capture') then
    create event trigger realtime_sync_capture on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'DROP TABLE')
      execute function realtime.on_ddl_sync_capture();
  end if;
exception when insufficient_privilege then
  raise warning 'realtime: no event trigger (not a superuser); capture syncs at server start';
end
$$;
select realtime.sync_capture();

-- Checks a postgres_changes subscription: the published tables it covers and, per table, the
-- first problem with its filters (unknown column, value that does not cast to the column type).
create or replace function realtime.resolve_subscription(schema_ text, table_ text, filters jsonb)
returns table (entity oid, schema_name text, table_name text, captured boolean, error text)
language plpgsql
as $$
declare
  f jsonb;
  col_type text;
begin
  for entity, schema_name, table_name, captured in
    select c.oid, p.schemaname::text, p.tablename::text,
      exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'realtime_capture_changes')
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and (schema_ = '*' or p.schemaname = schema_)
      and (table_ = '*' or p.tablename = table_)
    order by 2, 3
  loop
    error := null;
    for f in select value from jsonb_array_elements(filters) loop
      select format_type(a.atttypid, a.atttypmod) into col_type
      from pg_attribute a
      where a.attrelid = entity and a.attname = f ->> 0 and a.attnum > 0 and not a.attisdropped;
      if col_type is null then
        error := format('invalid column for filter %s', f ->> 0);
        exit;
      end if;
      begin
        if f ->> 1 = 'in' then
          execute format('select $1::%s[]', col_type) using f ->> 2;
        elsif f ->> 1 = 'is' then
          if lower(f ->> 2) not in ('null', 'true', 'false', 'unknown') then
            error := format('invalid value for is filter: %s', f ->> 2);
            exit;
          end if;
        elsif f ->> 1 not in ('like', 'ilike', 'match', 'imatch') then
          execute format('select $1::%s', col_type) using f ->> 2;
        end if;
      exception when others then
        error := sqlerrm;
        exit;
      end;
    end loop;
    return next;
  end loop;
end;
$$;
revoke all on function realtime.resolve_subscription(text, text, jsonb) from public;

-- One call per committed transaction: for each change, the filters of this instance's
-- subscriptions, and per (role, claims) group whether a select as that subscriber returns the
-- row, asked of the table as it is now, as Supabase's realtime.apply_rls does. Tables without
-- RLS (and roles that bypass it) only need the key columns' privilege; DELETEs are not checked
-- (the row is gone, so only its primary key is sent).
-- Input: [{entity, action, record, old_record, filters: [[column, op, value, negate]],
--          checks: [{role, claims, subs: [[filter index, ...], ...]}]}]
create or replace function realtime.evaluate_changes(batch jsonb) returns jsonb
language plpgsql
as $$
declare
  ev jsonb;
  result jsonb := '[]'::jsonb;
  entity_ oid;
  qname text;
  action_ text;
  rls boolean;
  replident "char";
  pk text[];
  ident text[];
  columns_ jsonb;
  role_ text;
  frec jsonb;
  f jsonb;
  fres jsonb;
  expr text;
  col_type text;
  ok boolean;
  chk jsonb;
  vis jsonb;
  check_sql text;
  prepared boolean;
  bypass jsonb;
  all_pass boolean;
begin
  for ev in select value from jsonb_array_elements(batch) loop
    entity_ := (ev ->> 'entity')::oid;
    action_ := ev ->> 'action';
    select format('%I.%I', n.nspname, c.relname), c.relrowsecurity, c.relreplident
      into qname, rls, replident
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.oid = entity_;
    if qname is null then
      result := result || jsonb_build_array(null);
      continue;
    end if;

    pk := array(
      select a.attname::text
      from pg_index x
      join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey::int2[])
      where x.indrelid = entity_ and x.indisprimary
      order by array_position(x.indkey::int2[], a.attnum)
    );
    ident := case replident
      when 'd' then pk
      when 'f' then array(
        select a.attname::text from pg_attribute a
        where a.attrelid = entity_ and a.attnum > 0 and not a.attisdropped order by a.attnum)
      when 'i' then array(
        select a.attname::text
        from pg_index x
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey::int2[])
        where x.indrelid = entity_ and x.indisreplident)
      else '{}'::text[]
    end;

    columns_ := '{}'::jsonb;
    for role_ in select distinct c ->> 'role' from jsonb_array_elements(ev -> 'checks') c loop
      columns_ := columns_ || jsonb_build_object(role_, (
        select coalesce(jsonb_agg(jsonb_build_array(a.attname, t.typname) order by a.attnum), '[]'::jsonb)
        from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = entity_ and a.attnum > 0 and not a.attisdropped
          and has_column_privilege(role_, entity_, a.attnum, 'SELECT')
      ));
    end loop;

    -- A DELETE is matched on what the WAL would carry: the replica identity columns.
    if action_ = 'DELETE' then
      frec := coalesce((
        select jsonb_object_agg(key, value) from jsonb_each(ev -> 'old_record') where key = any (ident)
      ), '{}'::jsonb);
    else
      frec := ev -> 'record';
    end if;

    fres := '[]'::jsonb;
    for f in select value from jsonb_array_elements(ev -> 'filters') loop
      ok := false;
      begin
        select format_type(a.atttypid, a.atttypmod) into col_type
        from pg_attribute a
        where a.attrelid = entity_ and a.attname = f ->> 0 and a.attnum > 0 and not a.attisdropped;
        if col_type is not null then
          expr := case f ->> 1
            when 'eq' then 'r.%1$I = $2::%2$s'
            when 'neq' then 'r.%1$I <> $2::%2$s'
            when 'lt' then 'r.%1$I < $2::%2$s'
            when 'lte' then 'r.%1$I <= $2::%2$s'
            when 'gt' then 'r.%1$I > $2::%2$s'
            when 'gte' then 'r.%1$I >= $2::%2$s'
            when 'in' then 'r.%1$I = any ($2::%2$s[])'
            when 'like' then 'r.%1$I::text like $2'
            when 'ilike' then 'r.%1$I::text ilike $2'
            when 'match' then 'r.%1$I::text ~ $2'
            when 'imatch' then 'r.%1$I::text ~* $2'
            when 'isdistinct' then 'r.%1$I is distinct from $2::%2$s'
            when 'is' then case lower(f ->> 2)
              when 'null' then 'r.%1$I is null'
              when 'true' then 'r.%1$I is true'
              when 'false' then 'r.%1$I is false'
              when 'unknown' then 'r.%1$I is unknown'
            end
          end;
          if expr is not null then
            if (f ->> 3)::boolean then
              expr := 'not (' || expr || ')';
            end if;
            execute format(
              'select coalesce((' || expr || '), false) from jsonb_populate_record(null::%3$s, $1) r',
              f ->> 0, col_type, qname)
              into ok using frec, f ->> 2;
          end if;
        end if;
      exception when others then
        ok := false;
      end;
      fres := fres || to_jsonb(coalesce(ok, false));
    end loop;

    -- The row check is prepared once per change, its key as literals, and run per group (as
    -- apply_rls does): Postgres re-plans it for the subscriber's role and keeps that plan for
    -- every group of the same role, several times cheaper than planning it per group.
    check_sql := null;
    prepared := false;
    if action_ <> 'DELETE' and cardinality(pk) > 0 then
      select format('select exists (select 1 from %s t where %s)', qname,
        string_agg(format('t.%I = %L::%s', a.attname, ev -> 'record' ->> a.attname::text,
          format_type(a.atttypid, a.atttypmod)), ' and '))
        into check_sql
      from pg_attribute a
      where a.attrelid = entity_ and a.attname = any (pk);
    end if;

    bypass := coalesce((
      select jsonb_object_agg(r.rolname, r.rolbypassrls) from pg_roles r
      where r.rolname in (select c ->> 'role' from jsonb_array_elements(ev -> 'checks') c)
    ), '{}'::jsonb);
    all_pass := not (fres @> '[false]'::jsonb);

    vis := '[]'::jsonb;
    for chk in select value from jsonb_array_elements(ev -> 'checks') loop
      -- Only groups with a subscription whose filters all pass need the row checked.
      if not all_pass and not exists (
        select 1 from jsonb_array_elements(chk -> 'subs') s
        where not exists (
          select 1 from jsonb_array_elements_text(s.value) i
          where not (fres -> i.value::int)::boolean
        )
      ) then
        vis := vis || jsonb_build_array(null);
      elsif action_ = 'DELETE' then
        vis := vis || to_jsonb(true);
      elsif check_sql is null then
        vis := vis || to_jsonb(false);
      elsif not rls or coalesce((bypass ->> (chk ->> 'role'))::boolean, false) then
        -- Without RLS in the way, apply_rls only asks for the key columns' privilege.
        vis := vis || to_jsonb(coalesce((
          select bool_and(has_column_privilege(chk ->> 'role', entity_, a.attnum, 'SELECT'))
          from pg_attribute a where a.attrelid = entity_ and a.attname = any (pk)
        ), false));
      else
        if not prepared then
          if exists (select 1 from pg_prepared_statements where name = 'realtime_rls_check') then
            deallocate realtime_rls_check;
          end if;
          execute 'prepare realtime_rls_check as ' || check_sql;
          prepared := true;
        end if;
        begin
          perform set_config('role', chk ->> 'role', true),
            set_config('request.jwt.claims', (chk -> 'claims')::text, true);
          execute 'execute realtime_rls_check' into ok;
          perform set_config('role', 'none', true),
            set_config('request.jwt.claims', '', true);
        exception when others then
          ok := false;
        end;
        vis := vis || to_jsonb(coalesce(ok, false));
      end if;
    end loop;
    if prepared then
      deallocate realtime_rls_check;
    end if;

    result := result || jsonb_build_array(jsonb_build_object(
      'rls', rls,
      'pk', to_jsonb(pk),
      'identity', to_jsonb(ident),
      'columns', columns_,
      'filters', fres,
      'visible', vis
    ));
  end loop;
  return result;
end;
$$;
revoke all on function realtime.evaluate_changes(jsonb) from public;

-- Private channels: what a subscriber may do on a topic, decided by the RLS policies on
-- realtime.messages exactly as Supabase asks them (select for read, insert for write), in a
-- subtransaction that is always rolled back.
create or replace function realtime.channel_access(topic_ text, role_ text, claims jsonb, headers jsonb)
returns jsonb
language plpgsql
as $$
declare
  broadcast_id uuid;
  presence_id uuid;
  access jsonb;
  detail text;
begin
  begin
    insert into realtime.messages (topic, extension) values (topic_, 'broadcast')
      returning id into broadcast_id;
    insert into realtime.messages (topic, extension) values (topic_, 'presence')
      returning id into presence_id;
    perform set_config('role', role_, true),
      set_config('realtime.topic', topic_, true),
      set_config('request.jwt.claims', claims::text, true),
      set_config('request.headers', headers::text, true);
    access := jsonb_build_object(
      'broadcast_read', exists (
        select 1 from realtime.messages m
        where m.topic = topic_ and m.extension = 'broadcast' and m.id = broadcast_id),
      'presence_read', exists (
        select 1 from realtime.messages m
        where m.topic = topic_ and m.extension = 'presence' and m.id = presence_id));
    begin
      insert into realtime.messages (topic, extension) values (topic_, 'broadcast');
      access := access || '{"broadcast_write": true}';
    exception when insufficient_privilege then
      access := access || '{"broadcast_write": false}';
    end;
    begin
      insert into realtime.messages (topic, extension) values (topic_, 'presence');
      access := access || '{"presence_write": true}';
    exception when insufficient_privilege then
      access := access || '{"presence_write": false}';
    end;
    raise exception using errcode = 'RTACC', detail = access::text;
  exception when sqlstate 'RTACC' then
    get stacked diagnostics detail = pg_exception_detail;
    return detail::jsonb;
  end;
end;
$$;
revoke all on function realtime.channel_access(text, text, jsonb, jsonb) from public;
-- end of realtime ------------------------------------------------------------------------------

-- ddl guard: what hosted Supabase refuses the migration role in auth and storage --------------
-- There postgres owns neither schema's objects nor may create in them: `supabase db push` fails
-- with "must be owner of table objects" (alter, index, comment, drop) or "permission denied for
-- schema auth" (create). Policies (supautils' policy grants) and triggers (TRIGGER privilege) on
-- their tables are allowed, as are grants. Locally the migration role is a superuser, which no
-- ownership check stops, so this event trigger refuses the same statements outside this
-- bootstrap (docs/server-hardening.md).
create or replace function supabase_migrations.guard_platform_ddl() returns event_trigger
language plpgsql
set search_path = ''
as $$
declare
  cmd record;
  target text;
begin
  if current_setting('arivia.platform_bootstrap', true) = 'on' then
    return;
  end if;
  for cmd in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
    continue when cmd.schema_name is null or cmd.schema_name not in ('auth', 'storage');
    continue when cmd.object_type in ('policy', 'trigger') or cmd.command_tag in ('GRANT', 'REVOKE');
    if cmd.command_tag = 'CREATE INDEX' then
      select c.relname into target
      from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indrelid
      where i.indexrelid = cmd.objid;
      raise exception 'must be owner of table %', coalesce(target, cmd.object_identity)
        using errcode = '42501';
    elsif cmd.command_tag like 'CREATE %' then
      raise exception 'permission denied for schema %', cmd.schema_name using errcode = '42501';
    end if;
    select coalesce(
      (select c.relname::text from pg_catalog.pg_class c where c.oid = cmd.objid),
      (select p.proname::text from pg_catalog.pg_proc p where p.oid = cmd.objid),
      cmd.object_identity) into target;
    raise exception 'must be owner of % %', cmd.object_type, target using errcode = '42501';
  end loop;
end;
$$;

create or replace function supabase_migrations.guard_platform_drop() returns event_trigger
language plpgsql
set search_path = ''
as $$
declare
  obj record;
begin
  if current_setting('arivia.platform_bootstrap', true) = 'on' then
    return;
  end if;
  for obj in select * from pg_catalog.pg_event_trigger_dropped_objects() loop
    continue when obj.schema_name is null or obj.schema_name not in ('auth', 'storage');
    continue when obj.object_type in ('policy', 'trigger');
    raise exception 'must be owner of % %', obj.object_type, obj.object_identity
      using errcode = '42501';
  end loop;
end;
$$;
revoke all on function supabase_migrations.guard_platform_ddl() from public;
revoke all on function supabase_migrations.guard_platform_drop() from public;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'platform_ddl_guard') then
    create event trigger platform_ddl_guard on ddl_command_end
      execute function supabase_migrations.guard_platform_ddl();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'platform_drop_guard') then
    create event trigger platform_drop_guard on sql_drop
      execute function supabase_migrations.guard_platform_drop();
  end if;
exception when insufficient_privilege then
  raise warning 'ddl guard: no event trigger (not a superuser); the grants alone decide';
end
$$;

select set_config('arivia.platform_bootstrap', '', true);
-- end of ddl guard -----------------------------------------------------------------------------
