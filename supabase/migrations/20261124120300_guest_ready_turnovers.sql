-- Why: guest-ready is a fact, not a guess (docs/areas.md). A villa is not ready while the
-- last turnover before its next check-in is not done, or is done but not inspected where the
-- cleaning type or the villa requires it. Everyone sees why and by when: two reason codes join
-- those of 20261121130300_properties_overview.sql:
--
--   turnover_pending     the last turnover before the next arrival is scheduled or in progress
--   inspection_pending   it is done and waits for its inspection
--
-- and property_overview gains `not_ready_due_at` (when that clean is due: the next check-in, or
-- the end of its window) and `turnover_task_id`. "Last turnover before the next check-in" is the
-- villa's latest turnover (not cancelled) whose window starts before the next confirmed check-in
-- (any time when no stay is booked); a skipped one counts as handled.
--
-- Also: the housekeeping tables join the realtime publication (boards update live) and get the
-- exactly-once trigger of 20261121150000_sync_mutations.sql for the writes the app queues offline.

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

create or replace view public.property_overview with (security_invoker = true) as
select
  p.id,
  p.code,
  p.name,
  p.type,
  p.status,
  p.address,
  p.area,
  p.latitude,
  p.longitude,
  p.bedrooms,
  p.bathrooms,
  p.max_guests,
  p.owner_name,
  p.owner_phone,
  p.owner_email,
  p.notes,
  p.archived,
  p.archived_at,
  p.created_at,
  p.updated_at,
  p.created_by,
  p.updated_by,
  (
    select ph.storage_path
    from public.property_photos ph
    where ph.property_id = p.id
    order by ph.is_cover desc, ph.position, ph.created_at
    limit 1
  ) as cover_photo_path,
  (
    select min(s.check_in)
    from private.property_stay_times s
    where s.property_id = p.id and s.check_in >= now()
  ) as next_check_in,
  (
    select min(s.check_out)
    from private.property_stay_times s
    where s.property_id = p.id and s.check_out >= now()
  ) as next_check_out,
  coalesce((
    select s.check_in <= now()
    from private.property_stay_times s
    where s.property_id = p.id and s.check_out > now()
    order by s.check_out
    limit 1
  ), false) as occupied,
  coalesce((
    select rd.reasons from private.property_readiness rd where rd.property_id = p.id
  ), '{}'::text[]) as not_ready_reasons,
  coalesce((
    select cardinality(rd.reasons) = 0 from private.property_readiness rd where rd.property_id = p.id
  ), false) as guest_ready,
  (
    select rd.due_at from private.property_readiness rd where rd.property_id = p.id
  ) as not_ready_due_at,
  (
    select rd.task_id from private.property_readiness rd where rd.property_id = p.id
  ) as turnover_task_id
from public.properties p;
comment on view public.property_overview is
  'The properties list: each villa with cover photo, next check-in / check-out, occupied now, guest-ready, why not and by when.';
comment on column public.property_overview.not_ready_due_at is
  'When the clean that keeps the villa from being ready is due (null when ready for that reason).';

revoke all on public.property_overview from public, anon, authenticated;
grant select on public.property_overview to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Realtime and exactly-once writes
-- ---------------------------------------------------------------------------------------------

alter publication supabase_realtime add table
  public.cleaning_tasks,
  public.cleaning_task_assignees,
  public.cleaning_types,
  public.checklist_templates,
  public.turnover_rules;

create trigger _apply_once before insert or update or delete on public.cleaning_tasks
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.cleaning_task_assignees
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.cleaning_types
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.turnover_rules
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.property_cleaning_overrides
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.property_housekeeping
  for each row execute function private.apply_once('property_id');
create trigger _apply_once before insert or update or delete on public.checklist_templates
  for each row execute function private.apply_once('id');
create trigger _apply_once before insert or update or delete on public.checklist_template_versions
  for each row execute function private.apply_once('id');
