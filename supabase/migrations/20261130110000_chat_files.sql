-- Why: chat files were read by their uploader and by every manager and admin (a direct message's
-- photo included), and anyone with chat.use could upload into any folder of chat-attachments
-- (20261124100100_storage_limits_and_permission_keys.sql; the chat migration only added a read
-- policy next to those). A chat file now follows its conversation, as the messages do
-- (docs/chat.md "Files", docs/security-sql.md "Storage buckets"):
--
--   path     <conversation_id>/<uploader id>/<file> (both ids in lower case, as the app and
--            send_message write them); nothing else is taken
--   read     whoever reads the conversation: conversations' own RLS, asked under the caller's
--            rights (open channel: all staff; private channel, direct, group: its members; villa
--            channel: who sees the villa; thread: who sees the clean / work order). The uploader
--            and the office have no read of their own: a manager reads no direct they are not in.
--   upload   whoever may write in the conversation (reads it, not archived), into their own
--            uploader folder only, as themselves
--   replace  the uploader, their own file, while they may still write in the conversation (an
--            upload retried with x-upsert); nobody replaces another's file
--   delete   the uploader, or a moderator of the conversation (private.chat_may_moderate: a
--            moderator member, or chat.moderate on a channel, villa channel or thread), while they
--            read it
--   service  keeps everything (it bypasses RLS)
--
-- The task-photos half of the four "task and chat files: ..." policies is kept as it was, under
-- "task-photos: ..." names (those policies covered both buckets; dropping them is the only way to
-- take chat-attachments out). The chat migration's own read policy is replaced by the one here.

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- The conversation a chat file's path names (its first folder), when the path has the shape
-- <uuid>/<uuid>/<file>; null otherwise. A uuid is compared, not a text cast of the column, so the
-- conversations lookup is by primary key.
create function private.chat_file_conversation(path text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]'
    then split_part(path, '/', 1)::uuid
  end
$$;

-- The uploader folder a chat file's path names (its second folder), as text.
create function private.chat_file_uploader(path text)
returns text
language sql
immutable
set search_path = ''
as $$ select split_part(path, '/', 2) $$;

-- Does the caller read the conversation? Invoker on purpose: conversations' own RLS answers, so the
-- files follow every rule of who reads a chat (villa and task rights included) without a copy.
create function private.chat_can_read(conversation uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.conversations c where c.id = chat_can_read.conversation)
$$;

-- May the caller write in the conversation? Reads it and it is not archived (the messages' insert
-- rule).
create function private.chat_can_write(conversation uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where c.id = chat_can_write.conversation and c.archived_at is null)
$$;

revoke all on function private.chat_file_conversation(text) from public, anon;
revoke all on function private.chat_file_uploader(text) from public, anon;
revoke all on function private.chat_can_read(uuid) from public, anon;
revoke all on function private.chat_can_write(uuid) from public, anon;
grant execute on function private.chat_file_conversation(text) to authenticated, service_role;
grant execute on function private.chat_file_uploader(text) to authenticated, service_role;
grant execute on function private.chat_can_read(uuid) to authenticated, service_role;
grant execute on function private.chat_can_write(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The earlier policies: out with chat-attachments, task-photos kept as it was
-- ---------------------------------------------------------------------------------------------

drop policy "task and chat files: uploader or office reads" on storage.objects;
drop policy "task and chat files: users upload as themselves" on storage.objects;
drop policy "task and chat files: uploader or office replaces" on storage.objects;
drop policy "task and chat files: uploader or office deletes" on storage.objects;
drop policy "chat-attachments: who reads the conversation reads its files" on storage.objects;

create policy "task-photos: uploader or office reads"
on storage.objects for select to authenticated
using (
  bucket_id = 'task-photos'
  and (select public.my_permissions()) && array[
    'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
    'maintenance.manage']
  and (
    owner_id = (select auth.uid())::text
    or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
  )
);

create policy "task-photos: users upload as themselves"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'task-photos'
  and (select public.my_permissions()) && array[
    'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
    'maintenance.manage']
  and (
    owner_id = (select auth.uid())::text
    or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
  )
);

create policy "task-photos: uploader or office replaces"
on storage.objects for update to authenticated
using (
  bucket_id = 'task-photos'
  and (select public.my_permissions()) && array[
    'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
    'maintenance.manage']
  and (
    owner_id = (select auth.uid())::text
    or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
  )
)
with check (
  bucket_id = 'task-photos'
  and (select public.my_permissions()) && array[
    'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
    'maintenance.manage']
  and (
    owner_id = (select auth.uid())::text
    or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
  )
);

create policy "task-photos: uploader or office deletes"
on storage.objects for delete to authenticated
using (
  bucket_id = 'task-photos'
  and (select public.my_permissions()) && array[
    'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
    'maintenance.manage']
  and (
    owner_id = (select auth.uid())::text
    or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
  )
);

-- ---------------------------------------------------------------------------------------------
-- chat-attachments: by conversation
-- ---------------------------------------------------------------------------------------------

create policy "chat-attachments: who reads the conversation reads its files"
on storage.objects for select to authenticated
using (
  bucket_id = 'chat-attachments'
  and (select public.has_permission('chat.use'))
  and private.chat_can_read(private.chat_file_conversation(name))
);

create policy "chat-attachments: writers upload into their own folder"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'chat-attachments'
  and (select public.has_permission('chat.use'))
  and owner_id = (select auth.uid())::text
  and private.chat_file_uploader(name) = (select auth.uid())::text
  and private.chat_can_write(private.chat_file_conversation(name))
);

create policy "chat-attachments: the uploader replaces their own"
on storage.objects for update to authenticated
using (
  bucket_id = 'chat-attachments'
  and (select public.has_permission('chat.use'))
  and owner_id = (select auth.uid())::text
  and private.chat_file_uploader(name) = (select auth.uid())::text
  and private.chat_can_write(private.chat_file_conversation(name))
)
with check (
  bucket_id = 'chat-attachments'
  and (select public.has_permission('chat.use'))
  and owner_id = (select auth.uid())::text
  and private.chat_file_uploader(name) = (select auth.uid())::text
  and private.chat_can_write(private.chat_file_conversation(name))
);

create policy "chat-attachments: the uploader or a moderator deletes"
on storage.objects for delete to authenticated
using (
  bucket_id = 'chat-attachments'
  and (select public.has_permission('chat.use'))
  and private.chat_can_read(private.chat_file_conversation(name))
  and (
    (owner_id = (select auth.uid())::text
      and private.chat_file_uploader(name) = (select auth.uid())::text)
    or private.chat_may_moderate(private.chat_file_conversation(name)))
);
