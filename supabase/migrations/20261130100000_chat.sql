-- Why: team chat where the work is (issue 31, PRODUCT.md "Team chat", docs/chat.md): team
-- channels, a channel per villa, direct messages and small groups, a thread on a clean or a work
-- order; read state per member; realtime through postgres_changes, RLS per subscriber.
-- This adds:
--
--   conversations            kind channel | villa | direct | group | thread; name; private;
--                            property_id (villa), clean_id / work_order_id (thread), member_key
--                            (direct / group: their sorted member ids, unique), archived_at,
--                            last_message_at, created_by
--   conversation_members     a person in a conversation: role member | moderator, notify all |
--                            mentions | none, last_read_at / last_read_message_id, joined_at.
--                            For private channels, directs and groups the row IS the membership;
--                            for open channels, villa channels and threads it only keeps read
--                            state and the notify preference (who may read is derived).
--   messages                 body (at most 4000 characters), reply_to, attachments (jsonb array of
--                            {path, name, type, size}), mentions uuid[], edited_at, deleted_at
--                            (soft: body, attachments and mentions cleared), mutation_id (unique
--                            per author: an offline send replayed five times makes one message)
--   message_reactions        one emoji of one person on one message (unique); conversation_id
--                            copied from the message, for realtime filters and RLS
--   permission chat.moderate archive channels and remove any message in channels one may read
--                            (managers and admins in the default matrix)
--   create_channel, open_thread, start_direct, send_message, mark_read, unread_counts,
--   search_messages          the API's functions (docs/chat.md "Functions")
--
-- Who reads a conversation (RLS on conversations; messages, reactions and members follow it):
-- anyone holding chat.use, and
--   channel, not private     everyone (open team channels)
--   channel private, direct,
--   group                    members only (a row in conversation_members)
--   villa                    whoever may see that villa: the policy asks public.properties under
--                            the caller's own RLS (no member rows are copied, so a change of the
--                            villa's rules is a change of the channel's)
--   thread                   whoever may see its clean / work order, the same way
-- Moderation: a moderator member of the conversation, or chat.moderate on a channel, villa channel
-- or thread the caller reads. Directs and groups have no moderator.

-- ---------------------------------------------------------------------------------------------
-- Permission
-- ---------------------------------------------------------------------------------------------

insert into public.permissions (key, area, description) values
  ('chat.moderate', 'chat', 'Archive channels and remove any message in channels one may read')
on conflict (key) do nothing;
insert into public.role_permissions (role_id, permission_key, granted)
select r.id, 'chat.moderate', r.name in ('admin', 'manager')
from public.roles r
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create type public.conversation_kind as enum ('channel', 'villa', 'direct', 'group', 'thread');
create type public.chat_member_role as enum ('member', 'moderator');
create type public.chat_notify as enum ('all', 'mentions', 'none');

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  kind public.conversation_kind not null,
  name text,
  private boolean not null default false,
  property_id uuid references public.properties (id) on delete cascade,
  clean_id uuid references public.cleaning_tasks (id) on delete cascade,
  work_order_id uuid references public.work_orders (id) on delete cascade,
  member_key text,
  archived_at timestamptz,
  last_message_at timestamptz,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversations_name_length check (name is null or char_length(btrim(name)) between 1 and 80),
  constraint conversations_channel_name check (kind <> 'channel' or name is not null),
  constraint conversations_villa check ((kind = 'villa') = (property_id is not null)),
  constraint conversations_thread check (
    case when kind = 'thread' then num_nonnulls(clean_id, work_order_id) = 1
    else clean_id is null and work_order_id is null end),
  constraint conversations_member_key check ((kind in ('direct', 'group')) = (member_key is not null)),
  constraint conversations_private check (case kind
    when 'direct' then private when 'group' then private
    when 'villa' then not private when 'thread' then not private else true end),
  constraint conversations_property_key unique (property_id),
  constraint conversations_clean_key unique (clean_id),
  constraint conversations_work_order_key unique (work_order_id),
  constraint conversations_member_key_key unique (member_key)
);
comment on table public.conversations is
  'Chat conversations (docs/chat.md): team channels, a channel per villa, directs, groups, threads on cleans and work orders.';
comment on column public.conversations.member_key is
  'Direct / group: the members'' ids, sorted, comma-separated; start_direct finds the conversation by it.';
create unique index conversations_channel_name_key on public.conversations (lower(btrim(name)))
  where kind = 'channel' and archived_at is null;
create index conversations_kind_idx on public.conversations (kind, last_message_at desc);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null default auth.uid(),
  body text not null default '',
  reply_to uuid references public.messages (id) on delete set null,
  attachments jsonb not null default '[]'::jsonb,
  mentions uuid[] not null default '{}',
  mutation_id uuid,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  deleted_by uuid references public.profiles (id) on delete set null,
  constraint messages_body_length check (char_length(body) <= 4000),
  constraint messages_not_empty check (
    deleted_at is not null or btrim(body) <> '' or jsonb_array_length(attachments) > 0),
  constraint messages_attachments check (
    jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) <= 10),
  constraint messages_mentions check (cardinality(mentions) <= 50),
  constraint messages_mutation_key unique (author_id, mutation_id)
);
comment on table public.messages is
  'Chat messages. Sent by send_message (or an insert under RLS), edited and soft-deleted by their author; moderators delete.';
comment on column public.messages.mutation_id is
  'The X-Mutation-Id (or send_message''s mutation_id) of the send: unique per author, so a replayed send makes one message.';
create index messages_conversation_idx on public.messages (conversation_id, created_at desc);
create index messages_author_idx on public.messages (author_id, created_at desc);
create index messages_reply_idx on public.messages (reply_to) where reply_to is not null;

create table public.conversation_members (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.chat_member_role not null default 'member',
  notify public.chat_notify not null default 'all',
  last_read_at timestamptz,
  last_read_message_id uuid references public.messages (id) on delete set null,
  joined_at timestamptz not null default now(),
  constraint conversation_members_key unique (conversation_id, user_id)
);
comment on table public.conversation_members is
  'Membership of private channels, directs and groups; read state and notify preference of everyone.';
create index conversation_members_user_idx on public.conversation_members (user_id, conversation_id);

create table public.message_reactions (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  emoji text not null,
  created_at timestamptz not null default now(),
  constraint message_reactions_key unique (message_id, user_id, emoji),
  constraint message_reactions_emoji check (char_length(emoji) between 1 and 16 and emoji !~ '\s')
);
comment on table public.message_reactions is 'One emoji of one person on one message.';
create index message_reactions_conversation_idx on public.message_reactions (conversation_id);

-- ---------------------------------------------------------------------------------------------
-- Helpers (used by the policies, so signed-in users execute them; they answer about the caller)
-- ---------------------------------------------------------------------------------------------

create function private.chat_api() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(auth.role(), '') in ('anon', 'authenticated') $$;

create function private.chat_require(permission text default 'chat.use')
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.chat_api() and not public.has_permission(permission) then
    raise exception 'You may not do this (%)', permission using errcode = '42501';
  end if;
end;
$$;

-- Is the caller a member (a row) of the conversation? Definer: the policies of conversations and
-- conversation_members would otherwise ask each other.
create function private.chat_is_member(conversation uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversation_members m
    where m.conversation_id = chat_is_member.conversation and m.user_id = auth.uid())
$$;

-- May the caller moderate the conversation (given that they read it)? A moderator member, or
-- chat.moderate on a channel, villa channel or thread.
create function private.chat_may_moderate(conversation uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where c.id = chat_may_moderate.conversation
      and (
        exists (select 1 from public.conversation_members m
          where m.conversation_id = c.id and m.user_id = auth.uid() and m.role = 'moderator')
        or (c.kind in ('channel', 'villa', 'thread') and public.has_permission('chat.moderate'))))
$$;

-- Does this person hold chat.use (and an active account)? Whom one may add or write to.
create function private.chat_user_may_use(person uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_permissions(chat_user_may_use.person) k where k = 'chat.use')
$$;

-- The people an @mention names in a body: `@[Name](<uuid>)`, as the composer writes it.
create function private.chat_body_mentions(body text)
returns uuid[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct x[1]::uuid), '{}')
  from regexp_matches(coalesce(body, ''),
    '@\[[^\]]{0,100}\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)',
    'g') as x
$$;

-- ---------------------------------------------------------------------------------------------
-- Triggers
-- ---------------------------------------------------------------------------------------------

create function private.conversations_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if private.chat_api() then
      new.created_by := auth.uid();
      new.created_at := now();
      new.last_message_at := null;
    end if;
    if new.kind = 'channel' and new.name is not null then
      new.name := btrim(new.name);
    end if;
  else
    new.updated_at := now();
    -- People rename team channels; a villa channel follows its villa (the villa's trigger, run as
    -- the owner).
    if new.name is distinct from old.name and old.kind <> 'channel' and current_user in ('anon', 'authenticated') then
      raise exception 'Only a team channel is renamed' using errcode = '22023';
    end if;
    if new.name is not null then
      new.name := btrim(new.name);
    end if;
  end if;
  return new;
end;
$$;
create trigger conversations_stamp before insert or update on public.conversations
for each row execute function private.conversations_stamp();

-- A new message: who wrote it (the caller, through the API), when (now), its mentions (the
-- argument's, else those the body names; only people who exist), its attachments' paths under the
-- conversation's folder, and a reply in the same conversation.
create function private.messages_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  a jsonb;
begin
  if private.chat_api() then
    new.author_id := auth.uid();
    new.created_at := now();
  end if;
  new.edited_at := null;
  new.deleted_at := null;
  new.deleted_by := null;
  new.mutation_id := coalesce(new.mutation_id, private.request_mutation_id());
  if char_length(new.body) > 4000 then
    raise exception 'A message is at most 4000 characters' using errcode = '22023';
  end if;
  if btrim(new.body) = '' and jsonb_array_length(coalesce(new.attachments, '[]')) = 0 then
    raise exception 'A message needs text or an attachment' using errcode = '22023';
  end if;
  if jsonb_typeof(new.attachments) is distinct from 'array' or jsonb_array_length(new.attachments) > 10 then
    raise exception 'At most 10 attachments' using errcode = '22023';
  end if;
  for a in select * from jsonb_array_elements(new.attachments) loop
    if jsonb_typeof(a) <> 'object' or jsonb_typeof(a -> 'path') <> 'string'
      or (a ->> 'path') not like new.conversation_id::text || '/%'
      or char_length(a ->> 'path') > 500 or (a ->> 'path') like '%..%' then
      raise exception 'An attachment is {path, name, type, size} with its path under the conversation''s folder'
        using errcode = '22023';
    end if;
  end loop;
  if new.reply_to is not null and not exists (
    select 1 from public.messages r where r.id = new.reply_to and r.conversation_id = new.conversation_id) then
    raise exception 'A reply answers a message of the same conversation' using errcode = '22023';
  end if;
  if cardinality(new.mentions) = 0 then
    new.mentions := private.chat_body_mentions(new.body);
  end if;
  if cardinality(new.mentions) > 50 then
    raise exception 'At most 50 mentions' using errcode = '22023';
  end if;
  new.mentions := coalesce((
    select array_agg(p.id order by p.id) from public.profiles p where p.id = any (new.mentions)), '{}');
  return new;
end;
$$;
create trigger messages_before_insert before insert on public.messages
for each row execute function private.messages_before_insert();

-- After a message: the conversation's last_message_at; an author without a member row gets one,
-- read up to this message (a thread one writes in is followed). An existing row is left alone: its
-- own messages never count as unread, and a row update per message would go to every subscriber
-- of the conversation's members.
create function private.messages_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved text := private.suspend_mutation_id();
begin
  update public.conversations c set last_message_at = greatest(c.last_message_at, new.created_at)
  where c.id = new.conversation_id and c.last_message_at is distinct from greatest(c.last_message_at, new.created_at);
  if new.author_id is not null then
    insert into public.conversation_members (conversation_id, user_id, last_read_at, last_read_message_id)
    values (new.conversation_id, new.author_id, new.created_at, new.id)
    on conflict (conversation_id, user_id) do nothing;
  end if;
  perform private.resume_mutation_id(saved);
  return null;
end;
$$;
create trigger messages_after_insert after insert on public.messages
for each row execute function private.messages_after_insert();

-- Edits and deletes: the author edits the body (edited_at, mentions again from the body) and
-- deletes (soft); a moderator only deletes. A deleted message stays deleted and empty.
create function private.messages_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  archived boolean;
begin
  if not private.chat_api() then
    return new;
  end if;
  if old.deleted_at is not null then
    raise exception 'This message was deleted' using errcode = '22023';
  end if;
  if new.deleted_at is not null then
    new.deleted_at := now();
    new.deleted_by := auth.uid();
    new.body := '';
    new.attachments := '[]'::jsonb;
    new.mentions := '{}';
    return new;
  end if;
  if old.author_id is distinct from auth.uid() then
    raise exception 'Only the author edits a message' using errcode = '42501';
  end if;
  select c.archived_at is not null into archived from public.conversations c where c.id = old.conversation_id;
  if archived then
    raise exception 'This conversation is archived' using errcode = '22023';
  end if;
  if new.body is distinct from old.body then
    if char_length(new.body) > 4000 then
      raise exception 'A message is at most 4000 characters' using errcode = '22023';
    end if;
    if btrim(new.body) = '' and jsonb_array_length(old.attachments) = 0 then
      raise exception 'A message needs text or an attachment: delete it instead' using errcode = '22023';
    end if;
    new.edited_at := now();
    new.mentions := coalesce((
      select array_agg(p.id order by p.id) from public.profiles p
      where p.id = any (private.chat_body_mentions(new.body))), '{}');
  end if;
  return new;
end;
$$;
create trigger messages_before_update before update on public.messages
for each row execute function private.messages_before_update();

-- The conversation is the message's, whatever the client sent. Invoker: a message the caller may
-- not read is not found, as one that does not exist.
create function private.message_reactions_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.chat_api() then
    new.user_id := auth.uid();
    new.created_at := now();
  end if;
  select m.conversation_id into new.conversation_id from public.messages m where m.id = new.message_id;
  if new.conversation_id is null then
    raise exception 'You may not react to this message' using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger message_reactions_before_insert before insert on public.message_reactions
for each row execute function private.message_reactions_before_insert();

create function private.conversation_members_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.chat_api() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.joined_at := now();
    -- Read state is the person's own: a moderator adding someone sets none.
    if new.user_id is distinct from auth.uid() then
      new.last_read_at := null;
      new.last_read_message_id := null;
    end if;
  elsif new.last_read_message_id is distinct from old.last_read_message_id and new.last_read_message_id is not null
    and not exists (select 1 from public.messages m
      where m.id = new.last_read_message_id and m.conversation_id = new.conversation_id) then
    raise exception 'A read message of another conversation' using errcode = '22023';
  end if;
  return new;
end;
$$;
create trigger conversation_members_before_write before insert or update on public.conversation_members
for each row execute function private.conversation_members_before_write();

-- Replayed writes through the API are applied once (OFFLINE.md rule 2).
create trigger _apply_once before insert or update on public.messages
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or delete on public.message_reactions
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.conversation_members
  for each row execute function private.apply_once('id');
create trigger _apply_once before update on public.conversations
  for each row execute function private.apply_once('id');

-- A villa's channel, made with the villa and renamed with it.
create function private.chat_property_channel()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved text := private.suspend_mutation_id();
begin
  if tg_op = 'INSERT' then
    insert into public.conversations (kind, name, property_id)
    values ('villa', left(new.name, 80), new.id)
    on conflict (property_id) do nothing;
  elsif new.name is distinct from old.name then
    update public.conversations c set name = left(new.name, 80) where c.property_id = new.id;
  end if;
  perform private.resume_mutation_id(saved);
  return null;
end;
$$;
create trigger chat_property_channel after insert or update of name on public.properties
for each row execute function private.chat_property_channel();

insert into public.conversations (kind, name, property_id, created_at)
select 'villa', left(p.name, 80), p.id, p.created_at from public.properties p
on conflict (property_id) do nothing;

-- ---------------------------------------------------------------------------------------------
-- The API's functions
-- ---------------------------------------------------------------------------------------------

-- A team channel (chat.moderate): open to all staff, or private with the given members. The
-- creator is its moderator.
create function public.create_channel(name text, is_private boolean default false, member_ids uuid[] default '{}')
returns public.conversations
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  c public.conversations;
  wanted uuid[] := array(select distinct x from unnest(coalesce(member_ids, '{}')) x where x is not null and x <> uid);
begin
  perform private.chat_require('chat.use');
  perform private.chat_require('chat.moderate');
  if cardinality(wanted) > 200 then
    raise exception 'At most 200 members at once' using errcode = '22023';
  end if;
  if (select count(*) from public.profiles p where p.id = any (wanted) and p.active
      and private.chat_user_may_use(p.id)) <> cardinality(wanted) then
    raise exception 'Someone named is not on the team chat' using errcode = 'PT404';
  end if;
  insert into public.conversations (kind, name, private, created_by)
  values ('channel', create_channel.name, coalesce(create_channel.is_private, false), uid)
  returning * into c;
  if uid is not null then
    insert into public.conversation_members (conversation_id, user_id, role, last_read_at)
    values (c.id, uid, 'moderator', now());
  end if;
  insert into public.conversation_members (conversation_id, user_id)
  select c.id, x from unnest(wanted) x;
  return c;
end;
$$;
comment on function public.create_channel(text, boolean, uuid[]) is
  'Makes a team channel (chat.moderate), open or private with members; the creator moderates it.';

-- The thread of a clean or a work order the caller sees (exactly one of the two): the existing
-- one, or a new one. Invoker: the clean's / work order's own RLS decides.
create function public.open_thread(clean_id uuid default null, work_order_id uuid default null)
returns public.conversations
language plpgsql
set search_path = ''
as $$
declare
  c public.conversations;
begin
  perform private.chat_require('chat.use');
  if num_nonnulls(open_thread.clean_id, open_thread.work_order_id) <> 1 then
    raise exception 'A thread belongs to one clean or one work order' using errcode = '22023';
  end if;
  if open_thread.clean_id is not null then
    if not exists (select 1 from public.cleaning_tasks t where t.id = open_thread.clean_id) then
      raise exception 'Clean not found' using errcode = 'PT404';
    end if;
    select * into c from public.conversations x where x.clean_id = open_thread.clean_id;
  else
    if not exists (select 1 from public.work_orders w where w.id = open_thread.work_order_id) then
      raise exception 'Work order not found' using errcode = 'PT404';
    end if;
    select * into c from public.conversations x where x.work_order_id = open_thread.work_order_id;
  end if;
  if found then
    return c;
  end if;
  insert into public.conversations (kind, clean_id, work_order_id)
  values ('thread', open_thread.clean_id, open_thread.work_order_id)
  on conflict do nothing;
  select * into c from public.conversations x
  where x.clean_id is not distinct from open_thread.clean_id
    and x.work_order_id is not distinct from open_thread.work_order_id and x.kind = 'thread';
  return c;
end;
$$;
comment on function public.open_thread(uuid, uuid) is
  'The chat thread of a clean or work order the caller sees, made on first use.';

-- The direct conversation (two people) or group (3 to 20) with exactly these members (the caller
-- and user_ids): the existing one, or a new one. Everyone named holds chat.use.
create function public.start_direct(user_ids uuid[], name text default null)
returns public.conversations
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  members uuid[];
  key text;
  c public.conversations;
begin
  perform private.chat_require('chat.use');
  if uid is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  members := array(select distinct x from unnest(coalesce(user_ids, '{}') || uid) x where x is not null order by x);
  if cardinality(members) < 2 then
    raise exception 'Choose at least one other person' using errcode = '22023';
  end if;
  if cardinality(members) > 20 then
    raise exception 'A group has at most 20 people' using errcode = '22023';
  end if;
  if (select count(*) from public.profiles p where p.id = any (members) and p.active
      and private.chat_user_may_use(p.id)) <> cardinality(members) then
    raise exception 'Someone named is not on the team chat' using errcode = 'PT404';
  end if;
  key := array_to_string(members, ',');
  select * into c from public.conversations x where x.member_key = key;
  if found then
    return c;
  end if;
  insert into public.conversations (kind, name, private, member_key, created_by)
  values (case when cardinality(members) = 2 then 'direct' else 'group' end::public.conversation_kind,
    case when cardinality(members) > 2 then nullif(btrim(start_direct.name), '') end, true, key, uid)
  on conflict on constraint conversations_member_key_key do nothing
  returning * into c;
  if c.id is null then
    select * into c from public.conversations x where x.member_key = key;
    return c;
  end if;
  insert into public.conversation_members (conversation_id, user_id, last_read_at)
  select c.id, x, case when x = uid then now() end from unnest(members) x;
  return c;
end;
$$;
comment on function public.start_direct(uuid[], text) is
  'The direct message or group with exactly the caller and user_ids, made on first use.';

-- Sends a message, once per mutation id (the argument, else the request's X-Mutation-Id): a replay
-- answers the message the first call made. Invoker: the insert policy decides who may write.
create function public.send_message(
  conversation_id uuid, body text default '', reply_to uuid default null,
  attachments jsonb default '[]', mentions uuid[] default null, mutation_id uuid default null)
returns public.messages
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  mid uuid := coalesce(send_message.mutation_id, private.request_mutation_id());
  m public.messages;
  archived timestamptz;
begin
  perform private.chat_require('chat.use');
  if mid is not null then
    select * into m from public.messages x where x.author_id = uid and x.mutation_id = mid;
    if found then
      return m;
    end if;
  end if;
  select c.archived_at into archived from public.conversations c where c.id = send_message.conversation_id;
  if not found then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  if archived is not null then
    raise exception 'This conversation is archived' using errcode = '22023';
  end if;
  insert into public.messages as x (conversation_id, body, reply_to, attachments, mentions, mutation_id)
  values (send_message.conversation_id, coalesce(send_message.body, ''), send_message.reply_to,
    coalesce(send_message.attachments, '[]'), coalesce(send_message.mentions, '{}'), mid)
  on conflict on constraint messages_mutation_key do nothing
  returning * into m;
  if m.id is null and mid is not null then
    select * into m from public.messages x where x.author_id = uid and x.mutation_id = mid;
  end if;
  return m;
end;
$$;
comment on function public.send_message(uuid, text, uuid, jsonb, uuid[], uuid) is
  'Sends a chat message; idempotent per mutation id (X-Mutation-Id). Mentions: the argument, else @[Name](id) in the body.';

-- The caller has read the conversation up to now (or up to message_id). Idempotent.
create function public.mark_read(conversation_id uuid, message_id uuid default null)
returns timestamptz
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  at timestamptz;
  upto uuid;
begin
  perform private.chat_require('chat.use');
  if not exists (select 1 from public.conversations c where c.id = mark_read.conversation_id) then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  if mark_read.message_id is not null then
    select m.created_at, m.id into at, upto from public.messages m
    where m.id = mark_read.message_id and m.conversation_id = mark_read.conversation_id;
    if not found then
      raise exception 'Message not found' using errcode = 'PT404';
    end if;
  else
    select m.created_at, m.id into at, upto from public.messages m
    where m.conversation_id = mark_read.conversation_id
    order by m.created_at desc, m.id desc limit 1;
    at := greatest(coalesce(at, now()), now());
  end if;
  update public.conversation_members cm
  set last_read_at = at, last_read_message_id = coalesce(upto, cm.last_read_message_id)
  where cm.conversation_id = mark_read.conversation_id and cm.user_id = uid
    and (cm.last_read_at is null or cm.last_read_at < at);
  if not found then
    insert into public.conversation_members (conversation_id, user_id, last_read_at, last_read_message_id)
    values (mark_read.conversation_id, uid, at, upto)
    on conflict on constraint conversation_members_key do nothing;
  end if;
  return at;
end;
$$;
comment on function public.mark_read(uuid, uuid) is
  'Marks the caller''s read state of a conversation (up to now, or to a message). Idempotent.';

-- Per conversation the caller reads and that is not archived: unread messages of others (at most
-- 100 counted: the badge shows 99+), of those the ones mentioning the caller, the last message's
-- time and the caller's read mark. Without a read mark: open and villa channels count the last 14
-- days; a thread is followed once one writes or reads in it (counts 0 before). Invoker: RLS picks
-- the conversations and messages.
create function public.unread_counts()
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
  left join lateral (
    select count(*) as unread, count(*) filter (where uid = any (u.mentions)) as mentions
    from (
      select m.mentions from public.messages m
      where m.conversation_id = c.id
        and m.created_at > coalesce(cm.last_read_at, now() - interval '14 days')
        and m.author_id is distinct from uid
        and m.deleted_at is null
      order by m.created_at desc
      limit 100
    ) u
  ) n on c.last_message_at > coalesce(cm.last_read_at, '-infinity')
    and (cm.id is not null or c.kind <> 'thread')
  where c.archived_at is null
  order by c.last_message_at desc nulls last, c.id;
end;
$$;
comment on function public.unread_counts() is
  'Unread messages (at most 100 counted) and mentions per conversation for the caller.';

-- Messages the caller may read, newest first: text (case-insensitive substring), author, villa
-- (its channel and the threads of its cleans and work orders). At least one criterion.
create function public.search_messages(
  q text default null, person uuid default null, villa uuid default null, max_rows integer default 50)
returns setof public.messages
language plpgsql
stable
set search_path = ''
as $$
declare
  pattern text;
begin
  perform private.chat_require('chat.use');
  if nullif(btrim(coalesce(q, '')), '') is null and person is null and villa is null then
    raise exception 'Search by text, person or villa' using errcode = '22023';
  end if;
  if char_length(coalesce(q, '')) > 200 then
    raise exception 'A search is at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(btrim(coalesce(q, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
  select m.* from public.messages m
  join public.conversations c on c.id = m.conversation_id
  where m.deleted_at is null
    and m.body ilike pattern
    and (search_messages.person is null or m.author_id = search_messages.person)
    and (search_messages.villa is null or c.property_id = search_messages.villa
      or exists (select 1 from public.cleaning_tasks t where t.id = c.clean_id and t.property_id = search_messages.villa)
      or exists (select 1 from public.work_orders w where w.id = c.work_order_id and w.property_id = search_messages.villa))
  order by m.created_at desc, m.id desc
  limit least(greatest(coalesce(max_rows, 50), 1), 200);
end;
$$;
comment on function public.search_messages(text, uuid, uuid, integer) is
  'Searches the messages the caller may read by text, author and villa (newest first, at most 200).';

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.conversations enable row level security;
alter table public.conversation_members enable row level security;
alter table public.messages enable row level security;
alter table public.message_reactions enable row level security;

revoke all on table public.conversations, public.conversation_members, public.messages,
  public.message_reactions from public, anon, authenticated;
grant all on table public.conversations, public.conversation_members, public.messages,
  public.message_reactions to service_role;

grant select on table public.conversations, public.conversation_members, public.messages,
  public.message_reactions to authenticated;
-- Conversations: threads by insert (open_thread), channels by create_channel, villa channels by
-- the villa's trigger, directs and groups by start_direct; moderators rename and archive.
grant insert (id, kind, clean_id, work_order_id), update (name, archived_at)
  on table public.conversations to authenticated;
grant insert (id, conversation_id, user_id, role, notify, last_read_at, last_read_message_id),
  update (notify, last_read_at, last_read_message_id), delete
  on table public.conversation_members to authenticated;
grant insert (id, conversation_id, body, reply_to, attachments, mentions, mutation_id),
  update (body, deleted_at)
  on table public.messages to authenticated;
-- conversation_id is taken from the message whatever the client sends (the trigger).
grant insert (id, message_id, conversation_id, emoji), delete on table public.message_reactions to authenticated;

create policy "conversations: chat.use reads open channels, its villas and tasks, its own"
on public.conversations for select to authenticated
using (
  (select public.has_permission('chat.use'))
  and case kind
    when 'channel' then not private or private.chat_is_member(id)
    when 'direct' then private.chat_is_member(id)
    when 'group' then private.chat_is_member(id)
    when 'villa' then exists (select 1 from public.properties p where p.id = conversations.property_id)
    when 'thread' then
      exists (select 1 from public.cleaning_tasks t where t.id = conversations.clean_id)
      or exists (select 1 from public.work_orders w where w.id = conversations.work_order_id)
    else false
  end
);
create policy "conversations: a thread on a clean or work order the caller sees"
on public.conversations for insert to authenticated
with check (
  (select public.has_permission('chat.use'))
  and kind = 'thread'
  and (
    exists (select 1 from public.cleaning_tasks t where t.id = conversations.clean_id)
    or exists (select 1 from public.work_orders w where w.id = conversations.work_order_id))
);
create policy "conversations: moderators rename and archive"
on public.conversations for update to authenticated
using ((select public.has_permission('chat.use')) and private.chat_may_moderate(id))
with check ((select public.has_permission('chat.use')) and private.chat_may_moderate(id));

create policy "conversation_members: own rows, and the members of what the caller reads"
on public.conversation_members for select to authenticated
using (
  (select public.has_permission('chat.use'))
  and (user_id = (select auth.uid())
    or exists (select 1 from public.conversations c where c.id = conversation_members.conversation_id))
);
-- One's own row in an open conversation (read state, notify); a moderator adds people to a channel.
create policy "conversation_members: follow an open conversation; moderators add to channels"
on public.conversation_members for insert to authenticated
with check (
  (select public.has_permission('chat.use'))
  and (
    (user_id = (select auth.uid()) and role = 'member' and exists (
      select 1 from public.conversations c where c.id = conversation_members.conversation_id
        and (c.kind in ('villa', 'thread') or (c.kind = 'channel' and not c.private))))
    or (exists (
      select 1 from public.conversations c where c.id = conversation_members.conversation_id
        and c.kind = 'channel' and c.archived_at is null)
      and private.chat_may_moderate(conversation_id)
      and private.chat_user_may_use(user_id)))
);
create policy "conversation_members: own read state and preference"
on public.conversation_members for update to authenticated
using ((select public.has_permission('chat.use')) and user_id = (select auth.uid()))
with check ((select public.has_permission('chat.use')) and user_id = (select auth.uid()));
create policy "conversation_members: leave a channel; moderators remove from channels"
on public.conversation_members for delete to authenticated
using (
  (select public.has_permission('chat.use'))
  and exists (select 1 from public.conversations c where c.id = conversation_members.conversation_id
    and c.kind in ('channel', 'villa', 'thread'))
  and (user_id = (select auth.uid()) or private.chat_may_moderate(conversation_id))
);

create policy "messages: read with the conversation"
on public.messages for select to authenticated
using (exists (select 1 from public.conversations c where c.id = messages.conversation_id));
create policy "messages: members write in open conversations, as themselves"
on public.messages for insert to authenticated
with check (
  author_id = (select auth.uid())
  and exists (select 1 from public.conversations c
    where c.id = messages.conversation_id and c.archived_at is null)
);
create policy "messages: the author edits and deletes; moderators delete"
on public.messages for update to authenticated
using (
  exists (select 1 from public.conversations c where c.id = messages.conversation_id)
  and (author_id = (select auth.uid()) or private.chat_may_moderate(conversation_id))
)
with check (
  author_id = (select auth.uid()) or private.chat_may_moderate(conversation_id)
);

create policy "message_reactions: read with the conversation"
on public.message_reactions for select to authenticated
using (exists (select 1 from public.conversations c where c.id = message_reactions.conversation_id));
create policy "message_reactions: one's own on a message one reads"
on public.message_reactions for insert to authenticated
with check (
  user_id = (select auth.uid())
  and exists (select 1 from public.messages m
    where m.id = message_reactions.message_id and m.deleted_at is null)
);
create policy "message_reactions: one's own are removed"
on public.message_reactions for delete to authenticated
using (user_id = (select auth.uid())
  and exists (select 1 from public.conversations c where c.id = message_reactions.conversation_id));

-- Functions: the API's to signed-in users (each checks chat.use); the helpers the policies call to
-- signed-in users (they answer about the caller only); the rest to nobody.
revoke all on function public.create_channel(text, boolean, uuid[]) from public, anon;
revoke all on function public.open_thread(uuid, uuid) from public, anon;
revoke all on function public.start_direct(uuid[], text) from public, anon;
revoke all on function public.send_message(uuid, text, uuid, jsonb, uuid[], uuid) from public, anon;
revoke all on function public.mark_read(uuid, uuid) from public, anon;
revoke all on function public.unread_counts() from public, anon;
revoke all on function public.search_messages(text, uuid, uuid, integer) from public, anon;
grant execute on function public.create_channel(text, boolean, uuid[]) to authenticated, service_role;
grant execute on function public.open_thread(uuid, uuid) to authenticated, service_role;
grant execute on function public.start_direct(uuid[], text) to authenticated, service_role;
grant execute on function public.send_message(uuid, text, uuid, jsonb, uuid[], uuid) to authenticated, service_role;
grant execute on function public.mark_read(uuid, uuid) to authenticated, service_role;
grant execute on function public.unread_counts() to authenticated, service_role;
grant execute on function public.search_messages(text, uuid, uuid, integer) to authenticated, service_role;

revoke all on function private.chat_api() from public, anon;
revoke all on function private.chat_require(text) from public, anon;
revoke all on function private.chat_is_member(uuid) from public, anon;
revoke all on function private.chat_may_moderate(uuid) from public, anon;
revoke all on function private.chat_body_mentions(text) from public, anon;
revoke all on function private.chat_user_may_use(uuid) from public, anon;
grant execute on function private.chat_user_may_use(uuid) to authenticated, service_role;
grant execute on function private.chat_api() to authenticated, service_role;
grant execute on function private.chat_require(text) to authenticated, service_role;
grant execute on function private.chat_is_member(uuid) to authenticated, service_role;
grant execute on function private.chat_may_moderate(uuid) to authenticated, service_role;
grant execute on function private.chat_body_mentions(text) to authenticated, service_role;
revoke all on function private.conversations_stamp() from public, anon, authenticated, service_role;
revoke all on function private.messages_before_insert() from public, anon, authenticated, service_role;
revoke all on function private.messages_after_insert() from public, anon, authenticated, service_role;
revoke all on function private.messages_before_update() from public, anon, authenticated, service_role;
revoke all on function private.message_reactions_before_insert() from public, anon, authenticated, service_role;
revoke all on function private.conversation_members_before_write() from public, anon, authenticated, service_role;
revoke all on function private.chat_property_channel() from public, anon, authenticated, service_role;

-- Files: a message's attachments live in the chat-attachments bucket under
-- `<conversation_id>/<uploader id>/<file>` (messages_before_insert checks the folder). Whoever reads
-- the conversation reads its files; this adds to the bucket's policies of
-- 20261124100100_storage_limits_and_permission_keys.sql (chat.use uploads, the uploader and the
-- office read), which stay as they are (docs/chat.md "Files").
create policy "chat-attachments: who reads the conversation reads its files"
on storage.objects for select to authenticated
using (
  bucket_id = 'chat-attachments'
  and (select public.has_permission('chat.use'))
  and exists (
    select 1 from public.conversations c where c.id::text = (storage.foldername(objects.name))[1])
);

-- Realtime: new messages, edits, reactions and read state arrive live; RLS picks who receives a row.
alter publication supabase_realtime add table public.messages, public.message_reactions,
  public.conversation_members;
