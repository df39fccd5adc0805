-- Why: sync_mutations gains one row per queued write that reaches the server (a busy team makes
-- thousands a day) and nothing removed them. A record only matters while a phone may still send
-- that write again: queued writes are replayed within minutes or hours of the signal returning,
-- and a phone that has been off the network for months is not replaying yesterday's work.
--
-- Records are kept 90 days. Each time a user's write is recorded, that user's records older than
-- that go, in the same transaction (the (user_id, applied_at) index makes it a short range scan,
-- and it needs no scheduler, which PGlite lacks). Records with no user (service writes, deleted
-- accounts) are left; they are rare.

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
  on conflict do nothing;
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
