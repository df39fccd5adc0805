-- unread_counts() (the menu's badge, the dashboard card, the conversation list) asked the messages'
-- RLS for every message it counted: up to 100 per conversation, each an `exists` on conversations
-- whose own policy asks has_permission and membership again. For a user in 200 conversations that
-- is up to 20,000 policy checks per call (bench/chat.ts; docs/chat.md "Unread counts at size").
--
-- A message is readable exactly when its conversation is (the messages' select policy is that
-- `exists`). So the conversations are still read under the caller's RLS, once each, and the
-- messages of each conversation so admitted are counted by a definer helper without asking again.
-- The helper counts only for the caller (auth.uid() inside, not a parameter) and is not exposed:
-- it lives in `private`, which the API does not serve, and anon cannot execute it.

create function private.chat_unread_since(conversation uuid, since timestamptz)
returns table (unread integer, mentions integer)
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer,
    (count(*) filter (where (select auth.uid()) = any (u.mentions)))::integer
  from (
    select m.mentions from public.messages m
    where m.conversation_id = chat_unread_since.conversation
      and m.created_at > chat_unread_since.since
      and m.author_id is distinct from (select auth.uid())
      and m.deleted_at is null
    order by m.created_at desc
    limit 100
  ) u
$$;

revoke all on function private.chat_unread_since(uuid, timestamptz) from public, anon;
grant execute on function private.chat_unread_since(uuid, timestamptz) to authenticated, service_role;

-- Same answer as before (20261130100000_chat.sql): per conversation the caller reads and that is
-- not archived, others' messages after the read mark (14 days without one; a thread only once
-- followed), deleted ones not counted, at most 100.
create or replace function public.unread_counts()
returns table (conversation_id uuid, unread integer, mentions integer, last_message_at timestamptz,
  last_read_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  perform private.chat_require('chat.use');
  return query
  select c.id, coalesce(n.unread, 0)::integer, coalesce(n.mentions, 0)::integer, c.last_message_at,
    cm.last_read_at
  from public.conversations c
  left join public.conversation_members cm on cm.conversation_id = c.id and cm.user_id = uid
  left join lateral private.chat_unread_since(c.id, coalesce(cm.last_read_at, now() - interval '14 days')) n
    on c.last_message_at > coalesce(cm.last_read_at, '-infinity')
    and (cm.id is not null or c.kind <> 'thread')
  where c.archived_at is null
  order by c.last_message_at desc nulls last, c.id;
end;
$$;
