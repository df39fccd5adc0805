-- Why: a phone that worked offline replays its queue when the signal returns, and a replay may
-- send a write the server already applied (the answer was lost, the worker was stopped, two
-- triggers raced). OFFLINE.md rule 2: every write must be harmless the second time. Rows carry
-- client-made UUIDs, but an insert replayed after a delete, or an edit replayed after someone
-- else's newer edit, would still change data twice. So every queued write carries its mutation
-- id in the `X-Mutation-Id` header, and:
--
--   sync_mutations        one row per (mutation id, table, row key, operation) applied - the
--                         record a replay is checked against, and what the tests count.
--   private.apply_once()  a BEFORE row trigger on each table the app writes offline. With no
--                         header it does nothing. With one, it records the mutation in the same
--                         transaction and returns the row; if the record exists already, it
--                         returns NULL, so the row operation is skipped - exactly once, whatever
--                         the number of deliveries. An upsert records its INSERT and, on a
--                         conflict, its UPDATE: a replay stops at the recorded INSERT.
--
-- PostgREST (hosted and local) exposes the request headers to SQL as the `request.headers`
-- setting, so this works unchanged on hosted Supabase. The trigger is named `_apply_once` so it
-- fires before the tables' other BEFORE triggers (they fire in name order): a skipped replay
-- never reaches the overlap check or the author stamps.
--
-- Later areas (tasks, checklists, work orders, stock, chat) add the same trigger to their tables;
-- writes that are not idempotent by nature (stock movements, counters) record their mutation id
-- inside their own SQL function with private.claim_mutation().

create table public.sync_mutations (
  mutation_id uuid not null,
  table_name text not null,
  row_key text not null,
  operation text not null check (operation in ('INSERT', 'UPDATE', 'DELETE', 'RPC')),
  user_id uuid references auth.users (id) on delete set null,
  applied_at timestamptz not null default now(),
  primary key (mutation_id, table_name, row_key, operation)
);
comment on table public.sync_mutations is
  'Writes applied with an X-Mutation-Id: a replay of a recorded one is skipped (OFFLINE.md rule 2).';
create index sync_mutations_user_applied on public.sync_mutations (user_id, applied_at desc);

alter table public.sync_mutations enable row level security;
revoke all on table public.sync_mutations from public, anon, authenticated;
grant select on table public.sync_mutations to authenticated;
grant all on table public.sync_mutations to service_role;

-- A phone asks whether its own write got through; admins see every device's (system health).
create policy "sync_mutations: own rows, admins all" on public.sync_mutations
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- The mutation id of the current request, or null. A malformed one is refused (400) rather than
-- ignored: a client that sends it relies on it.
create function private.request_mutation_id()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  raw text := nullif(current_setting('request.headers', true), '')::json ->> 'x-mutation-id';
begin
  if raw is null or raw = '' then
    return null;
  end if;
  if raw !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'X-Mutation-Id must be a UUID'
      using errcode = '22023', hint = 'Send a UUID made on the client for each queued write.';
  end if;
  return raw::uuid;
end;
$$;

-- Records a mutation; false when it was recorded before (the caller then does nothing).
create function private.claim_mutation(p_mutation_id uuid, p_table text, p_row_key text, p_operation text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted int;
begin
  insert into public.sync_mutations (mutation_id, table_name, row_key, operation, user_id)
  values (p_mutation_id, p_table, coalesce(p_row_key, ''), p_operation, auth.uid())
  on conflict do nothing;
  get diagnostics inserted = row_count;
  return inserted = 1;
end;
$$;
revoke all on function private.claim_mutation(uuid, text, text, text) from public, anon, authenticated;

-- TG_ARGV[0]: the column identifying the row (id, or property_id for property_access).
create function private.apply_once()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  mid uuid := private.request_mutation_id();
  key text;
begin
  if mid is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  key := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end ->> tg_argv[0];
  if not private.claim_mutation(mid, tg_table_name, key, tg_op) then
    return null;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

grant usage on schema private to authenticated, service_role;
grant execute on function private.request_mutation_id() to authenticated, service_role;
grant execute on function private.claim_mutation(uuid, text, text, text) to authenticated, service_role;
grant execute on function private.apply_once() to authenticated, service_role;

create trigger _apply_once before insert or update or delete on public.properties
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.property_access
  for each row execute function private.apply_once('property_id');
create trigger _apply_once before insert or update or delete on public.property_photos
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.reservations
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.profiles
  for each row execute function private.apply_once('id');
