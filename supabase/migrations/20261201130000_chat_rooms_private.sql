-- Typing and presence of a conversation go over the realtime topic `chat-room:<conversation id>`
-- (src/features/chat/api/use-presence.ts, docs/chat.md "Typing and presence"). As a public topic
-- anyone holding a conversation's id could join it, see who has a direct open and who is typing,
-- and broadcast typing into it. The app now joins it as a private topic, and these policies on
-- realtime.messages (what the realtime server asks at each private join and broadcast, as hosted
-- Supabase Realtime does) let in only whoever reads the conversation: its own RLS decides
-- (private.chat_can_read, invoker), archived or not. Writing (broadcast typing, track presence)
-- needs the same. Other private topics are untouched: no policy here names them.

-- The conversation a chat-room topic names, or null for any other topic.
create function private.chat_room_conversation(topic text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when topic ~ '^chat-room:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then substr(topic, 11)::uuid
  end
$$;

revoke all on function private.chat_room_conversation(text) from public, anon;
grant execute on function private.chat_room_conversation(text) to authenticated;

create policy "chat rooms: who reads the conversation hears its typing and presence"
on realtime.messages for select to authenticated
using (
  extension in ('broadcast', 'presence')
  and private.chat_can_read(private.chat_room_conversation((select realtime.topic())))
);

create policy "chat rooms: who reads the conversation sends typing and presence"
on realtime.messages for insert to authenticated
with check (
  extension in ('broadcast', 'presence')
  and private.chat_can_read(private.chat_room_conversation((select realtime.topic())))
);
