-- Why: the app keeps four kinds of files, and Storage decides who may touch them only through RLS
-- on storage.objects. This migration creates the buckets with their size and type limits and the
-- policies below; the same file runs on hosted Supabase and on the local backend.
--
--   bucket            public URL  read                               write (upload, replace, delete)
--   avatars           yes         anyone                             the user, in the folder named
--                                                                    after their id: <uid>/<file>
--   property-photos   no          any signed-in user                 properties.manage
--   task-photos       no          managers, admins, the uploader     managers, admins; any signed-in
--   chat-attachments  no          managers, admins, the uploader     user uploads, owners replace/delete
--
-- task-photos and chat-attachments will be read by whoever may read the parent row (the task, the
-- chat message); those tables arrive with their own areas, and their migrations replace the
-- "uploader or manager" policies here with ones that join the parent row (the object path starts
-- with the parent's id). Until then the rule is the safe subset: the uploader and the office.
--
-- "Office" is managers and admins (is_manager_or_admin). Owners are storage.objects.owner_id, which
-- the storage API sets from the caller's JWT `sub`. Policy names stay under Postgres' 63 bytes.
-- Helper calls are wrapped in scalar subqueries so Postgres evaluates them once per statement.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 2097152,
    array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('property-photos', 'property-photos', false, 10485760,
    array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']),
  ('task-photos', 'task-photos', false, 10485760,
    array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']),
  ('chat-attachments', 'chat-attachments', false, 20971520, null)
on conflict (id) do nothing;

-- avatars ---------------------------------------------------------------------------------------

create policy "avatars: anyone reads"
on storage.objects for select to anon, authenticated
using (bucket_id = 'avatars');

create policy "avatars: users upload into their own folder"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'avatars'
  and (storage.foldername(name))[1] = (select auth.uid())::text
);

create policy "avatars: users replace their own"
on storage.objects for update to authenticated
using (
  bucket_id = 'avatars'
  and (storage.foldername(name))[1] = (select auth.uid())::text
)
with check (
  bucket_id = 'avatars'
  and (storage.foldername(name))[1] = (select auth.uid())::text
);

create policy "avatars: users delete their own"
on storage.objects for delete to authenticated
using (
  bucket_id = 'avatars'
  and (storage.foldername(name))[1] = (select auth.uid())::text
);

-- property-photos -------------------------------------------------------------------------------

create policy "property-photos: signed-in users read"
on storage.objects for select to authenticated
using (bucket_id = 'property-photos');

create policy "property-photos: properties.manage uploads"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'property-photos'
  and (select public.has_permission('properties.manage'))
);

create policy "property-photos: properties.manage replaces"
on storage.objects for update to authenticated
using (
  bucket_id = 'property-photos'
  and (select public.has_permission('properties.manage'))
)
with check (
  bucket_id = 'property-photos'
  and (select public.has_permission('properties.manage'))
);

create policy "property-photos: properties.manage deletes"
on storage.objects for delete to authenticated
using (
  bucket_id = 'property-photos'
  and (select public.has_permission('properties.manage'))
);

-- task-photos and chat-attachments --------------------------------------------------------------

create policy "task and chat files: uploader or office reads"
on storage.objects for select to authenticated
using (
  bucket_id in ('task-photos', 'chat-attachments')
  and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
);

create policy "task and chat files: users upload as themselves"
on storage.objects for insert to authenticated
with check (
  bucket_id in ('task-photos', 'chat-attachments')
  and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
);

create policy "task and chat files: uploader or office replaces"
on storage.objects for update to authenticated
using (
  bucket_id in ('task-photos', 'chat-attachments')
  and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
)
with check (
  bucket_id in ('task-photos', 'chat-attachments')
  and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
);

create policy "task and chat files: uploader or office deletes"
on storage.objects for delete to authenticated
using (
  bucket_id in ('task-photos', 'chat-attachments')
  and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
);
