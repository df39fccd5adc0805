-- Why: finishing and inspecting a clean now depend on its checklist run (issue 16,
-- docs/housekeeping.md "Checklist runs"), and a failed item becomes a work order once.
--
-- 1. Permission `housekeeping.inspect` ("Inspect done cleans: pass them or send them back"),
--    granted to the manager and admin roles (every role x key cell is stored, as
--    20261121103300_access_defaults.sql does; other roles get the cell, not granted).
-- 2. transition_cleaning_task() (20261124120100) is replaced with the same signature, checks,
--    X-Mutation-Id replay and PT409 version conflict, plus:
--      -> done              every required item of the clean's checklist is done (tick ticked,
--                           yes/no / number / text answered, photo item with >= 1 photo), else
--                           23514 naming the missing items (detail: JSON array of their ids);
--      done -> inspected    housekeeping.manage or housekeeping.inspect; clears inspection_note;
--      done -> in_progress  (sent back) the same, and needs a note (22023 without one), kept in
--                           cleaning_tasks.inspection_note for the housekeeper.
-- 3. Work orders from a checklist item: at most one open (not resolved, not closed) work order
--    per (clean, item) - a unique partial index, so a second report of the same item is refused
--    (23505, 409) while a replay of the same insert (same X-Mutation-Id) is still skipped by the
--    _apply_once trigger before it reaches the index. A work order that names a clean must be of
--    that clean's villa, and its reporter the clean's assignee or a manager
--    (housekeeping.manage or maintenance.manage): a restrictive insert policy on work_orders.

-- ---------------------------------------------------------------------------------------------
-- 1. housekeeping.inspect
-- ---------------------------------------------------------------------------------------------

insert into public.permissions (key, area, description) values
  ('housekeeping.inspect', 'housekeeping', 'Inspect done cleans: pass them or send them back')
on conflict (key) do nothing;

insert into public.role_permissions (role_id, permission_key, granted)
select r.id, 'housekeeping.inspect', r.name in ('admin', 'manager')
from public.roles r
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------
-- 2. transition_cleaning_task
-- ---------------------------------------------------------------------------------------------

create or replace function public.transition_cleaning_task(
  task_id uuid,
  to_status public.cleaning_task_status,
  from_version integer,
  note text default null
)
returns public.cleaning_tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- A definer function: current_user is the owner, so the API caller is told by the JWT's role.
  api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  uid uuid := auth.uid();
  mid uuid := private.request_mutation_id();
  t public.cleaning_tasks;
  worker_move boolean;
  inspect_move boolean;
  allowed boolean;
  missing_labels text;
  missing_ids json;
  saved text;
begin
  select * into t from public.cleaning_tasks c where c.id = transition_cleaning_task.task_id for update;
  if not found or (api and not (public.has_permission('housekeeping.view') and public.has_permission('properties.view'))) then
    raise exception 'Cleaning task not found' using errcode = 'PT404';
  end if;
  -- A replayed queue entry: already applied, answer with the clean as it is now.
  if mid is not null and not private.claim_mutation(mid, 'cleaning_tasks', t.id::text, 'RPC') then
    return t;
  end if;
  if transition_cleaning_task.from_version is distinct from t.version then
    raise exception 'This clean was changed by someone else (now %, version %)', t.status, t.version
      using errcode = 'PT409',
        detail = json_build_object('status', t.status, 'version', t.version)::text,
        hint = 'Reload the clean and try again.';
  end if;
  worker_move := (t.status, transition_cleaning_task.to_status) in (
    ('scheduled'::public.cleaning_task_status, 'in_progress'::public.cleaning_task_status),
    ('in_progress', 'done'),
    ('in_progress', 'scheduled'));
  inspect_move := (t.status, transition_cleaning_task.to_status) in (
    ('done'::public.cleaning_task_status, 'inspected'::public.cleaning_task_status),
    ('done', 'in_progress'));
  allowed := worker_move or inspect_move or (t.status, transition_cleaning_task.to_status) in (
    ('scheduled'::public.cleaning_task_status, 'skipped'::public.cleaning_task_status),
    ('scheduled', 'cancelled'),
    ('in_progress', 'cancelled'),
    ('skipped', 'scheduled'),
    ('cancelled', 'scheduled'));
  if not allowed then
    raise exception 'A clean cannot go from % to %', t.status, transition_cleaning_task.to_status
      using errcode = '22023';
  end if;
  if api and not (
    public.has_permission('housekeeping.manage')
    or (inspect_move and public.has_permission('housekeeping.inspect'))
    or (
      worker_move
      and public.has_permission('housekeeping.complete')
      and exists (
        select 1 from public.cleaning_task_assignees a where a.task_id = t.id and a.user_id = uid)
    )
  ) then
    raise exception 'You may not move this clean to %', transition_cleaning_task.to_status
      using errcode = '42501';
  end if;
  if transition_cleaning_task.note is not null and char_length(transition_cleaning_task.note) > 1000 then
    raise exception 'A note is at most 1000 characters' using errcode = '22023';
  end if;
  if t.status = 'done' and transition_cleaning_task.to_status = 'in_progress'
    and coalesce(btrim(transition_cleaning_task.note), '') = ''
  then
    raise exception 'Say why the clean is sent back (a note for the housekeeper)'
      using errcode = '22023';
  end if;
  if transition_cleaning_task.to_status = 'done' then
    select string_agg(m.section_title || ': ' || m.label, '; '), json_agg(m.item_id)
    into missing_labels, missing_ids
    from private.checklist_missing_items(t.id) m;
    if missing_labels is not null then
      raise exception 'Required items not done: %', missing_labels
        using errcode = '23514',
          detail = missing_ids::text,
          hint = 'Tick, answer or photograph every required item before finishing.';
    end if;
  end if;

  saved := private.suspend_mutation_id();
  perform set_config('arivia.transition_note', coalesce(transition_cleaning_task.note, ''), true);
  update public.cleaning_tasks c
  set status = transition_cleaning_task.to_status,
      version = c.version + 1,
      started_at = case
        when transition_cleaning_task.to_status = 'in_progress' then coalesce(c.started_at, now())
        when transition_cleaning_task.to_status = 'scheduled' then null
        else c.started_at end,
      finished_at = case
        when transition_cleaning_task.to_status in ('done', 'inspected') then coalesce(
          case when transition_cleaning_task.to_status = 'done' then null else c.finished_at end, now())
        else null end,
      inspected_at = case when transition_cleaning_task.to_status = 'inspected' then now() else null end,
      inspected_by = case when transition_cleaning_task.to_status = 'inspected' then uid else null end,
      inspection_note = case
        when c.status = 'done' and transition_cleaning_task.to_status = 'in_progress'
          then btrim(transition_cleaning_task.note)
        when transition_cleaning_task.to_status = 'inspected' then ''
        else c.inspection_note end,
      notes = case
        when coalesce(btrim(transition_cleaning_task.note), '') = '' then c.notes
        when c.notes = '' then btrim(transition_cleaning_task.note)
        else left(c.notes || E'\n' || btrim(transition_cleaning_task.note), 5000) end
  where c.id = t.id
  returning * into t;
  perform set_config('arivia.transition_note', '', true);
  perform private.resume_mutation_id(saved);
  return t;
end;
$$;
comment on function public.transition_cleaning_task(uuid, public.cleaning_task_status, integer, text) is
  'Moves a clean to another status: checks the transition, the caller''s right and the version (stale: 409 PT409); finishing needs every required checklist item (23514); sending back needs a note. Idempotent per X-Mutation-Id.';
revoke all on function public.transition_cleaning_task(uuid, public.cleaning_task_status, integer, text)
  from public, anon;
grant execute on function public.transition_cleaning_task(uuid, public.cleaning_task_status, integer, text)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 3. Work orders from a checklist item
-- ---------------------------------------------------------------------------------------------

create unique index work_orders_one_open_per_checklist_item
on public.work_orders (cleaning_task_id, checklist_item)
where cleaning_task_id is not null and checklist_item is not null and status not in ('resolved', 'closed');

-- Whoever links a report to a clean: the clean is one they may read, of the same villa, and they
-- are its assignee or a manager. (Restrictive: added to the reporting policy, not an alternative.)
create policy "work_orders: a linked clean is the reporter's"
on public.work_orders as restrictive for insert to authenticated
with check (
  cleaning_task_id is null
  or exists (
    select 1 from public.cleaning_tasks t
    where t.id = work_orders.cleaning_task_id
      and t.property_id = work_orders.property_id
      and (
        (select public.has_permission('housekeeping.manage'))
        or (select public.has_permission('maintenance.manage'))
        or exists (
          select 1 from public.cleaning_task_assignees a
          where a.task_id = t.id and a.user_id = (select auth.uid()))
      )
  )
);
