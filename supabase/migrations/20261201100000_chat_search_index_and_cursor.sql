-- Chat: the older-page cursor's index and a trigram index for search by text (docs/chat.md
-- "Indexes").
--
-- Why: a conversation's older pages are read by keyset on (created_at, id) (messages may share a
-- created_at), so the index is on both, in the read's order; it also serves what
-- messages_conversation_idx served (unread counts, the last message), whose columns are its prefix.
-- search_messages matches `body ilike '%…%'`: a GIN trigram index on the body of the messages not
-- deleted (search leaves those out) lets the planner find the candidates without reading every row.
create index messages_conversation_keyset_idx
  on public.messages (conversation_id, created_at desc, id desc);
drop index public.messages_conversation_idx;

create extension if not exists pg_trgm with schema extensions;
create index messages_body_trgm_idx
  on public.messages using gin (body extensions.gin_trgm_ops)
  where deleted_at is null;

-- The trigram index cannot serve search_messages as it was: under RLS the planner keeps a
-- caller's non-leakproof condition (`ilike`) behind the table's policy, so it is never an index
-- condition (EXPLAIN as authenticated on PGlite and PostgreSQL 15: a sequential scan of messages
-- with the policy's subplan per row). So the search is two steps:
--   1. search_messages (invoker) reads the conversations the caller reads, under their RLS, kept to
--      the villa when one is asked;
--   2. private.chat_search_ids (definer: no RLS, so the index serves `ilike`) answers the ids of
--      the newest matching messages of those conversations only;
--   then the messages are read by id under the caller's RLS again, so a row is only ever answered
--      to someone who reads it. chat_search_ids is in `private`, which the API does not expose.
create function private.chat_search_ids(
  conversations uuid[], pattern text, person uuid, max_rows integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.id from public.messages m
  where m.conversation_id = any (chat_search_ids.conversations)
    and m.deleted_at is null
    and m.body ilike chat_search_ids.pattern
    and (chat_search_ids.person is null or m.author_id = chat_search_ids.person)
  order by m.created_at desc, m.id desc
  limit chat_search_ids.max_rows
$$;
revoke all on function private.chat_search_ids(uuid[], text, uuid, integer)
  from public, anon, authenticated, service_role;
grant execute on function private.chat_search_ids(uuid[], text, uuid, integer) to authenticated, service_role;

create or replace function public.search_messages(
  q text default null, person uuid default null, villa uuid default null, max_rows integer default 50)
returns setof public.messages
language plpgsql
stable
set search_path = ''
as $$
declare
  pattern text;
  readable uuid[];
  found uuid[];
begin
  perform private.chat_require('chat.use');
  if nullif(btrim(coalesce(q, '')), '') is null and person is null and villa is null then
    raise exception 'Search by text, person or villa' using errcode = '22023';
  end if;
  if char_length(coalesce(q, '')) > 200 then
    raise exception 'A search is at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(btrim(coalesce(q, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- What the caller reads (RLS), of the villa when one is asked.
  select coalesce(array_agg(c.id), '{}') into readable
  from public.conversations c
  where search_messages.villa is null or c.property_id = search_messages.villa
    or exists (select 1 from public.cleaning_tasks t where t.id = c.clean_id and t.property_id = search_messages.villa)
    or exists (select 1 from public.work_orders w where w.id = c.work_order_id and w.property_id = search_messages.villa);
  found := array(select private.chat_search_ids(readable, pattern, search_messages.person,
    least(greatest(coalesce(max_rows, 50), 1), 200)));
  return query
  select m.* from public.messages m
  where m.id = any (found)
  order by m.created_at desc, m.id desc;
end;
$$;
comment on function public.search_messages(text, uuid, uuid, integer) is
  'Searches the messages the caller may read by text, author and villa (newest first, at most 200).';
