-- Why: a blocking work order is a reason a villa is not guest-ready (docs/maintenance.md
-- "Guest-ready"), work-order photos need a bucket whose files follow the work order's rights,
-- and work orders update live and sync exactly once.
--
-- 1. private.property_readiness (last replaced by 20261124120300_guest_ready_turnovers.sql, whose
--    columns and turnover reasons it keeps) gains the reason code
--      work_order_blocking   a blocking work order of the villa is not resolved or closed
--    Resolving (or closing) it clears the reason.
-- 2. Bucket `work-order-photos` (private, raster images, 10 MiB). Files live under
--    `<work order id>/<file>`:
--      read     maintenance.view, and the work order is one the caller may read (its RLS)
--      upload   as themselves, into a work order they may read, holding maintenance.report,
--               maintenance.work or maintenance.manage (and overwrite their own file: a retried
--               upload from the sync queue)
--      delete   the uploader, or maintenance.manage
-- 3. The work-order tables join the realtime publication, and get the exactly-once trigger of
--    20261121150000_sync_mutations.sql for the writes the app queues offline.

create or replace view private.property_readiness as
select
  p.id as property_id,
  array_remove(array[
    case when p.archived then 'archived' end,
    case when p.status = 'inactive' then 'inactive' end,
    case
      when exists (select 1 from public.reservation_import_conflicts c where c.property_id = p.id)
      then 'reservation_conflict'
    end,
    case
      when tr.status in ('scheduled', 'in_progress') then 'turnover_pending'
      when tr.status = 'done' and tr.inspection_required then 'inspection_pending'
    end,
    case
      when exists (
        select 1 from public.work_orders w
        where w.property_id = p.id and w.blocking and w.status not in ('resolved', 'closed'))
      then 'work_order_blocking'
    end
  ]::text[], null) as reasons,
  case
    when tr.status in ('scheduled', 'in_progress') or (tr.status = 'done' and tr.inspection_required)
    then tr.due_at
  end as due_at,
  case
    when tr.status in ('scheduled', 'in_progress') or (tr.status = 'done' and tr.inspection_required)
    then tr.id
  end as task_id
from public.properties p
left join lateral (
  select t.id, t.status, t.inspection_required, t.due_at
  from public.cleaning_tasks t
  where t.property_id = p.id
    and t.turnover_for is not null
    and t.status <> 'cancelled'
    and t.window_start < coalesce((
      select min(s.check_in)
      from public.reservations s
      where s.property_id = p.id and s.status = 'confirmed' and s.check_in >= now()
    ), 'infinity'::timestamptz)
  order by t.window_start desc
  limit 1
) tr on true;

-- ---------------------------------------------------------------------------------------------
-- Photos bucket
-- ---------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('work-order-photos', 'work-order-photos', false, 10485760,
    array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif'])
on conflict (id) do nothing;

create policy "work-order-photos: readers of the work order read"
on storage.objects for select to authenticated
using (
  bucket_id = 'work-order-photos'
  and (select public.has_permission('maintenance.view'))
  and exists (
    select 1 from public.work_orders w where w.id::text = (storage.foldername(name))[1])
);

create policy "work-order-photos: maintenance staff upload as themselves"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'work-order-photos'
  and (select public.my_permissions()) && array['maintenance.report', 'maintenance.work', 'maintenance.manage']
  and owner_id = (select auth.uid())::text
  and exists (
    select 1 from public.work_orders w where w.id::text = (storage.foldername(name))[1])
);

-- An upload retried from the sync queue overwrites (x-upsert) the uploader's own partial file.
create policy "work-order-photos: the uploader replaces their file"
on storage.objects for update to authenticated
using (
  bucket_id = 'work-order-photos'
  and owner_id = (select auth.uid())::text
  and (select public.my_permissions()) && array['maintenance.report', 'maintenance.work', 'maintenance.manage']
)
with check (
  bucket_id = 'work-order-photos'
  and owner_id = (select auth.uid())::text
  and exists (
    select 1 from public.work_orders w where w.id::text = (storage.foldername(name))[1])
);

create policy "work-order-photos: the uploader or a manager deletes"
on storage.objects for delete to authenticated
using (
  bucket_id = 'work-order-photos'
  and (
    (select public.has_permission('maintenance.manage'))
    or (
      owner_id = (select auth.uid())::text
      and (select public.my_permissions()) && array['maintenance.report', 'maintenance.work']
    )
  )
);

-- ---------------------------------------------------------------------------------------------
-- Realtime and exactly-once writes
-- ---------------------------------------------------------------------------------------------

alter publication supabase_realtime add table
  public.work_orders,
  public.work_order_comments,
  public.work_order_photos,
  public.work_order_activity;

create trigger _apply_once before insert or update or delete on public.work_orders
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.work_order_comments
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.work_order_photos
  for each row execute function private.apply_once('id');
