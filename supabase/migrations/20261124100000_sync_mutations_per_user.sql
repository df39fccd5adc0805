-- Why: sync_mutations was keyed by the mutation id alone (with table, row key and operation), so a
-- write by user B that carried an id user A had already recorded was acknowledged and silently
-- skipped: anyone who learnt (or guessed) another user's mutation id could make their own write
-- vanish, and, worse, a client's honest write was dropped if someone else had used its id first.
-- A mutation id is made on one user's phone; it only has to be unique per user. So the record is
-- now keyed by (user, mutation id, table, row key, operation): private.claim_mutation() inserts
-- auth.uid() with it, and `on conflict do nothing` meets only that user's earlier record, so the
-- _apply_once trigger skips only a replay of the same user's write.
--
-- Records without a user (writes by the service role) share one scope, as before: the unique
-- constraint treats null user ids as equal (NULLS NOT DISTINCT, PostgreSQL 15+).
-- A deleted account's records are deleted with it (they were set to null before, which could now
-- collide with another null-user record); nobody replays a deleted account's writes.

alter table public.sync_mutations drop constraint sync_mutations_pkey;
alter table public.sync_mutations
  add constraint sync_mutations_user_mutation_key
  unique nulls not distinct (user_id, mutation_id, table_name, row_key, operation);

alter table public.sync_mutations drop constraint sync_mutations_user_id_fkey;
alter table public.sync_mutations
  add constraint sync_mutations_user_id_fkey
  foreign key (user_id) references auth.users (id) on delete cascade;

comment on table public.sync_mutations is
  'Writes applied with an X-Mutation-Id, per user: a replay of a user''s recorded one is skipped (docs/offline.md rule 2).';

-- Same body as 20261121161000 (the conflict it meets is now the per-user key); restated so the
-- per-user scope is visible where the record is made.
create or replace function private.claim_mutation(p_mutation_id uuid, p_table text, p_row_key text, p_operation text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted int;
  uid uuid := auth.uid();
begin
  insert into public.sync_mutations (mutation_id, table_name, row_key, operation, user_id)
  values (p_mutation_id, p_table, coalesce(p_row_key, ''), p_operation, uid)
  on conflict on constraint sync_mutations_user_mutation_key do nothing;
  get diagnostics inserted = row_count;
  if inserted = 1 and uid is not null then
    delete from public.sync_mutations
    where user_id = uid and applied_at < now() - interval '90 days';
  end if;
  return inserted = 1;
end;
$$;
revoke all on function private.claim_mutation(uuid, text, text, text) from public, anon, authenticated;
grant execute on function private.claim_mutation(uuid, text, text, text) to authenticated, service_role;
