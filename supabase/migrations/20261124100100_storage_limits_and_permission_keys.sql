-- Why: two holes in 20261121120000_storage_buckets.sql (docs/security-sql.md).
--
-- 1. chat-attachments took any type (allowed_mime_types null), so anyone could upload text/html
--    or SVG with script and have it served on the app's origin. Every bucket now declares the
--    types it takes and a size limit, as hosted Supabase supports; the storage API refuses
--    anything else on upload (415 / 413). Raster images only, plus PDF for chat: never HTML,
--    SVG or other active content.
--
--      bucket            types                                          size
--      avatars           jpeg png webp gif avif heic heif               2 MiB
--      property-photos   jpeg png webp gif avif heic heif               10 MiB
--      task-photos       jpeg png webp gif avif heic heif               10 MiB
--      chat-attachments  jpeg png webp gif avif heic heif, pdf          20 MiB
--
-- 2. A fresh sign-up with no role could upload to chat-attachments and task-photos and list
--    property-photos (villa codes and photos). Storage policies now follow the permission keys,
--    as the tables do:
--
--      bucket            read                                  write (upload, replace, delete)
--      property-photos   properties.view                       properties.manage (unchanged)
--      task-photos       own files, with a task key (*);       the same
--                        every file with housekeeping.manage
--                        or maintenance.manage
--      chat-attachments  own files, with chat.use;             the same
--                        every file with chat.use as a
--                        manager or admin
--      avatars           unchanged (anyone reads; a user writes their own folder)
--
--    (*) task keys: housekeeping.complete, housekeeping.manage, maintenance.report,
--        maintenance.work, maintenance.manage - whoever may photograph a clean or a work order.
--
-- The task / chat policies keep their names (later areas that replace them by name still find
-- them); their bodies now name the bucket's keys. Keys are read once per statement through
-- `(select public.my_permissions())`, an array compared with && (holds any of).

update storage.buckets
set allowed_mime_types = array[
      'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif'],
    file_size_limit = case id
      when 'avatars' then 2097152
      else 10485760
    end
where id in ('avatars', 'property-photos', 'task-photos');

update storage.buckets
set allowed_mime_types = array[
      'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif',
      'application/pdf'],
    file_size_limit = 20971520
where id = 'chat-attachments';

-- property-photos -------------------------------------------------------------------------------

drop policy "property-photos: signed-in users read" on storage.objects;

create policy "property-photos: properties.view reads"
on storage.objects for select to authenticated
using (
  bucket_id = 'property-photos'
  and (select public.has_permission('properties.view'))
);

-- task-photos and chat-attachments --------------------------------------------------------------

drop policy "task and chat files: uploader or office reads" on storage.objects;
drop policy "task and chat files: users upload as themselves" on storage.objects;
drop policy "task and chat files: uploader or office replaces" on storage.objects;
drop policy "task and chat files: uploader or office deletes" on storage.objects;

create policy "task and chat files: uploader or office reads"
on storage.objects for select to authenticated
using (
  (
    bucket_id = 'task-photos'
    and (select public.my_permissions()) && array[
      'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
      'maintenance.manage']
    and (
      owner_id = (select auth.uid())::text
      or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
    )
  )
  or (
    bucket_id = 'chat-attachments'
    and (select public.has_permission('chat.use'))
    and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
  )
);

create policy "task and chat files: users upload as themselves"
on storage.objects for insert to authenticated
with check (
  (
    bucket_id = 'task-photos'
    and (select public.my_permissions()) && array[
      'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
      'maintenance.manage']
    and (
      owner_id = (select auth.uid())::text
      or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
    )
  )
  or (
    bucket_id = 'chat-attachments'
    and (select public.has_permission('chat.use'))
    and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
  )
);

create policy "task and chat files: uploader or office replaces"
on storage.objects for update to authenticated
using (
  (
    bucket_id = 'task-photos'
    and (select public.my_permissions()) && array[
      'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
      'maintenance.manage']
    and (
      owner_id = (select auth.uid())::text
      or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
    )
  )
  or (
    bucket_id = 'chat-attachments'
    and (select public.has_permission('chat.use'))
    and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
  )
)
with check (
  (
    bucket_id = 'task-photos'
    and (select public.my_permissions()) && array[
      'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
      'maintenance.manage']
    and (
      owner_id = (select auth.uid())::text
      or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
    )
  )
  or (
    bucket_id = 'chat-attachments'
    and (select public.has_permission('chat.use'))
    and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
  )
);

create policy "task and chat files: uploader or office deletes"
on storage.objects for delete to authenticated
using (
  (
    bucket_id = 'task-photos'
    and (select public.my_permissions()) && array[
      'housekeeping.complete', 'housekeeping.manage', 'maintenance.report', 'maintenance.work',
      'maintenance.manage']
    and (
      owner_id = (select auth.uid())::text
      or (select public.my_permissions()) && array['housekeeping.manage', 'maintenance.manage']
    )
  )
  or (
    bucket_id = 'chat-attachments'
    and (select public.has_permission('chat.use'))
    and (owner_id = (select auth.uid())::text or (select public.is_manager_or_admin()))
  )
);
