-- Why: the photos a housekeeper takes during a checklist run (issue 16) are evidence of the clean,
-- so they get a private bucket whose files follow the clean's rights, not the uploader's
-- (docs/security-sql.md "Storage buckets", docs/housekeeping.md "Checklist runs").
--
--   bucket clean-photos   private; image/jpeg, image/png, image/webp; 5 MiB
--   path                  <task_id>/<photo_id>.<jpg|jpeg|png|webp> (the ids in lower case, as the
--                         phone makes them); the row is public.cleaning_task_photos
--   read                  housekeeping.view, and the clean is one the caller may read (its RLS:
--                         villas the caller may see)
--   upload / replace      the clean's assignee with housekeeping.complete, or housekeeping.manage,
--                         while the clean is not inspected (cancelled neither); replacing is what
--                         a retried upload from the sync queue does (x-upsert over a partial file)
--   delete                the same writers, only a file no cleaning_task_photos row names (remove
--                         the row with remove_checklist_photo() first), and not once inspected

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('clean-photos', 'clean-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
set public = false, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

create policy "clean-photos: readers of the clean read"
on storage.objects for select to authenticated
using (
  bucket_id = 'clean-photos'
  and (select public.has_permission('housekeeping.view'))
  and exists (
    select 1 from public.cleaning_tasks t where t.id::text = (storage.foldername(name))[1])
);

create policy "clean-photos: the clean's writers upload"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'clean-photos'
  and name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|jpeg|png|webp)$'
  and exists (
    select 1 from public.cleaning_tasks t
    where t.id::text = (storage.foldername(name))[1]
      and t.status not in ('inspected', 'cancelled')
      and (
        (select public.has_permission('housekeeping.manage'))
        or (
          (select public.has_permission('housekeeping.complete'))
          and exists (
            select 1 from public.cleaning_task_assignees a
            where a.task_id = t.id and a.user_id = (select auth.uid()))
        )
      )
  )
);

-- An upload retried from the sync queue overwrites (x-upsert) a partial file.
create policy "clean-photos: the clean's writers replace"
on storage.objects for update to authenticated
using (
  bucket_id = 'clean-photos'
  and exists (
    select 1 from public.cleaning_tasks t
    where t.id::text = (storage.foldername(name))[1]
      and t.status not in ('inspected', 'cancelled')
      and (
        (select public.has_permission('housekeeping.manage'))
        or (
          (select public.has_permission('housekeeping.complete'))
          and exists (
            select 1 from public.cleaning_task_assignees a
            where a.task_id = t.id and a.user_id = (select auth.uid()))
        )
      )
  )
)
with check (
  bucket_id = 'clean-photos'
  and name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|jpeg|png|webp)$'
  and exists (
    select 1 from public.cleaning_tasks t
    where t.id::text = (storage.foldername(name))[1]
      and t.status not in ('inspected', 'cancelled')
      and (
        (select public.has_permission('housekeeping.manage'))
        or (
          (select public.has_permission('housekeeping.complete'))
          and exists (
            select 1 from public.cleaning_task_assignees a
            where a.task_id = t.id and a.user_id = (select auth.uid()))
        )
      )
  )
);

create policy "clean-photos: the clean's writers delete unrecorded files"
on storage.objects for delete to authenticated
using (
  bucket_id = 'clean-photos'
  and not exists (select 1 from public.cleaning_task_photos ph where ph.storage_path = name)
  and exists (
    select 1 from public.cleaning_tasks t
    where t.id::text = (storage.foldername(name))[1]
      and t.status <> 'inspected'
      and (
        (select public.has_permission('housekeeping.manage'))
        or (
          (select public.has_permission('housekeeping.complete'))
          and exists (
            select 1 from public.cleaning_task_assignees a
            where a.task_id = t.id and a.user_id = (select auth.uid()))
        )
      )
  )
);
