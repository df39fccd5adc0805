-- Why: every status transition repeated one skeleton (issue 26, docs/adding-an-area.md "SQL"):
-- lock the row, check the caller may see it (PT404), skip a replayed X-Mutation-Id, check the
-- version it was made from (PT409), check the move and the caller's right to make it (22023,
-- 42501), check the note, then run the update without the request's mutation id and with the
-- note for the activity log. transition_cleaning_task (20261124120100, replaced by
-- 20261125100200) and transition_work_order (20261124150000) each wrote all of it, with their
-- allowed moves as hand-written lists of pairs. Now:
--
--   private.transition_entities   one row per entity with a status machine: its table, the words
--                                 of its messages, the permissions to see it and to make any move,
--                                 and the function telling whether a user is its assignee
--   private.allowed_moves         (entity, from_status, to_status, permission, assignee_only):
--                                 the moves there are, and who besides the entity's managers may
--                                 make each (holding `permission`, and its assignee when
--                                 assignee_only). A move with no row is refused (22023).
--   private.begin_transition()    does the skeleton above in the same order with the same errors,
--                                 and leaves the update ready to run (mutation id suspended, note
--                                 set); `replayed` says a replay was skipped
--   private.end_transition()      after the update: clears the note, restores the mutation id
--   private.lock_for_api()        the first step on its own (lock + PT404), also used by
--                                 private.clean_for_run (checklist answers and photos)
--
-- transition_cleaning_task and transition_work_order are re-created on them with the same
-- signatures, checks, messages, error codes and updates. A new entity's migration inserts its row
-- and its moves and writes only what is its own (extra checks, the update).

create table private.transition_entities (
  entity text primary key,
  table_name regclass not null unique,
  -- In messages: "This <noun> was changed by someone else", "A <noun> cannot go from ...".
  noun text not null,
  not_found text not null,
  view_permission text not null references public.permissions (key),
  manage_permission text not null references public.permissions (key),
  -- The function `(row id uuid, user id uuid) -> boolean` telling whether the user is the row's
  -- assignee, by signature: 'private.<entity>_is_assignee(uuid, uuid)'. (Text, not regprocedure:
  -- pg_upgrade refuses tables with regprocedure columns.)
  is_assignee text not null
);
comment on table private.transition_entities is
  'Entities whose status moves through private.begin_transition(): table, message words, permissions, assignee test.';

create table private.allowed_moves (
  entity text not null references private.transition_entities (entity),
  from_status text not null,
  to_status text not null,
  permission text not null references public.permissions (key),
  assignee_only boolean not null default false,
  primary key (entity, from_status, to_status)
);
comment on table private.allowed_moves is
  'The status moves there are, per entity, and who besides the entity''s manage_permission may make each: holders of `permission` (only on rows assigned to them when assignee_only).';

create function private.cleaning_task_is_assignee(id uuid, user_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.cleaning_task_assignees a
    where a.task_id = cleaning_task_is_assignee.id and a.user_id = cleaning_task_is_assignee.user_id)
$$;

create function private.work_order_is_assignee(id uuid, user_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.work_orders w
    where w.id = work_order_is_assignee.id and w.assignee_id = work_order_is_assignee.user_id)
$$;

insert into private.transition_entities
  (entity, table_name, noun, not_found, view_permission, manage_permission, is_assignee)
values
  ('cleaning_task', 'public.cleaning_tasks', 'clean', 'Cleaning task not found',
    'housekeeping.view', 'housekeeping.manage', 'private.cleaning_task_is_assignee(uuid, uuid)'),
  ('work_order', 'public.work_orders', 'work order', 'Work order not found',
    'maintenance.view', 'maintenance.manage', 'private.work_order_is_assignee(uuid, uuid)');

-- Cleans (docs/housekeeping.md): the assigned housekeeper starts, un-starts and finishes; an
-- inspector passes or sends back a done clean; the rest is the manager's.
insert into private.allowed_moves (entity, from_status, to_status, permission, assignee_only) values
  ('cleaning_task', 'scheduled', 'in_progress', 'housekeeping.complete', true),
  ('cleaning_task', 'in_progress', 'done', 'housekeeping.complete', true),
  ('cleaning_task', 'in_progress', 'scheduled', 'housekeeping.complete', true),
  ('cleaning_task', 'done', 'inspected', 'housekeeping.inspect', false),
  ('cleaning_task', 'done', 'in_progress', 'housekeeping.inspect', false),
  ('cleaning_task', 'scheduled', 'skipped', 'housekeeping.manage', false),
  ('cleaning_task', 'scheduled', 'cancelled', 'housekeeping.manage', false),
  ('cleaning_task', 'in_progress', 'cancelled', 'housekeeping.manage', false),
  ('cleaning_task', 'skipped', 'scheduled', 'housekeeping.manage', false),
  ('cleaning_task', 'cancelled', 'scheduled', 'housekeeping.manage', false);

-- Work orders (docs/maintenance.md): the assignee works, pauses and resolves; the manager assigns
-- from any status (reassigning too), unassigns or reopens, and closes anything not closed.
insert into private.allowed_moves (entity, from_status, to_status, permission, assignee_only) values
  ('work_order', 'assigned', 'in_progress', 'maintenance.work', true),
  ('work_order', 'in_progress', 'on_hold', 'maintenance.work', true),
  ('work_order', 'on_hold', 'in_progress', 'maintenance.work', true),
  ('work_order', 'in_progress', 'resolved', 'maintenance.work', true),
  ('work_order', 'on_hold', 'resolved', 'maintenance.work', true),
  ('work_order', 'resolved', 'in_progress', 'maintenance.work', true),
  ('work_order', 'assigned', 'open', 'maintenance.manage', false),
  ('work_order', 'resolved', 'open', 'maintenance.manage', false),
  ('work_order', 'closed', 'open', 'maintenance.manage', false);
insert into private.allowed_moves (entity, from_status, to_status, permission, assignee_only)
select 'work_order', s.status::text, 'assigned', 'maintenance.manage', false
from unnest(enum_range(null::public.work_order_status)) as s(status);
insert into private.allowed_moves (entity, from_status, to_status, permission, assignee_only)
select 'work_order', s.status::text, 'closed', 'maintenance.manage', false
from unnest(enum_range(null::public.work_order_status)) as s(status)
where s.status <> 'closed';

-- Locks the row and checks the API caller may see it: the entity's view permission and
-- properties.view (PT404 otherwise, as if it did not exist). The service role and the database
-- itself pass. Returns its status and version.
create function private.lock_for_api(entity text, id uuid, out status text, out version integer)
language plpgsql
set search_path = ''
as $$
declare
  e private.transition_entities;
begin
  select * into strict e from private.transition_entities te where te.entity = lock_for_api.entity;
  execute format('select r.status::text, r.version from %s r where r.id = $1 for update', e.table_name)
    into status, version using lock_for_api.id;
  if status is null or (
    coalesce(auth.role(), '') in ('anon', 'authenticated')
    and not (public.has_permission(e.view_permission) and public.has_permission('properties.view'))
  ) then
    raise exception '%', e.not_found using errcode = 'PT404';
  end if;
end;
$$;

create function private.begin_transition(
  entity text,
  id uuid,
  from_version integer,
  to_status text,
  note text,
  out replayed boolean,
  out saved_headers text
)
language plpgsql
set search_path = ''
as $$
declare
  api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  mid uuid := private.request_mutation_id();
  e private.transition_entities;
  m private.allowed_moves;
  cur record;
  assignee boolean;
begin
  select * into strict e from private.transition_entities te where te.entity = begin_transition.entity;
  cur := private.lock_for_api(begin_transition.entity, begin_transition.id);
  -- A replayed queue entry: already applied, the caller answers with the row as it is now.
  if mid is not null and not private.claim_mutation(
    mid, (select c.relname::text from pg_catalog.pg_class c where c.oid = e.table_name),
    begin_transition.id::text, 'RPC')
  then
    replayed := true;
    return;
  end if;
  if begin_transition.from_version is distinct from cur.version then
    raise exception 'This % was changed by someone else (now %, version %)', e.noun, cur.status, cur.version
      using errcode = 'PT409',
        detail = json_build_object('status', cur.status, 'version', cur.version)::text,
        hint = format('Reload the %s and try again.', e.noun);
  end if;
  select * into m from private.allowed_moves am
  where am.entity = e.entity and am.from_status = cur.status and am.to_status = begin_transition.to_status;
  if not found then
    raise exception 'A % cannot go from % to %', e.noun, cur.status, begin_transition.to_status
      using errcode = '22023';
  end if;
  if api and not public.has_permission(e.manage_permission) then
    assignee := not m.assignee_only;
    if not assignee and public.has_permission(m.permission) then
      execute format('select %s($1, $2)', e.is_assignee::regprocedure::oid::regproc)
        into assignee using begin_transition.id, auth.uid();
    end if;
    if not (public.has_permission(m.permission) and assignee) then
      raise exception 'You may not move this % to %', e.noun, begin_transition.to_status
        using errcode = '42501';
    end if;
  end if;
  if begin_transition.note is not null and char_length(begin_transition.note) > 1000 then
    raise exception 'A note is at most 1000 characters' using errcode = '22023';
  end if;
  -- The update is the database's own write: not matched against the request's mutation record
  -- (private.suspend_mutation_id), and the activity log reads the note.
  replayed := false;
  saved_headers := private.suspend_mutation_id();
  perform set_config('arivia.transition_note', coalesce(begin_transition.note, ''), true);
end;
$$;

create function private.end_transition(saved_headers text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('arivia.transition_note', '', true);
  perform private.resume_mutation_id(end_transition.saved_headers);
end;
$$;

revoke all on function private.cleaning_task_is_assignee(uuid, uuid) from public, anon, authenticated;
revoke all on function private.work_order_is_assignee(uuid, uuid) from public, anon, authenticated;
revoke all on function private.lock_for_api(text, uuid) from public, anon, authenticated;
revoke all on function private.begin_transition(text, uuid, integer, text, text) from public, anon, authenticated;
revoke all on function private.end_transition(text) from public, anon, authenticated;
revoke all on private.transition_entities, private.allowed_moves from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The transitions on the helper
-- ---------------------------------------------------------------------------------------------

-- As 20261125100200: sending back needs a note; finishing needs every required checklist item.
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
  uid uuid := auth.uid();
  b record;
  t public.cleaning_tasks;
  missing_labels text;
  missing_ids json;
begin
  b := private.begin_transition('cleaning_task', transition_cleaning_task.task_id,
    transition_cleaning_task.from_version, transition_cleaning_task.to_status::text,
    transition_cleaning_task.note);
  select * into t from public.cleaning_tasks c where c.id = transition_cleaning_task.task_id;
  if b.replayed then
    return t;
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
  perform private.end_transition(b.saved_headers);
  return t;
end;
$$;

-- As 20261124150000: assigning names an active technician or manager, not the same one again.
create or replace function public.transition_work_order(
  work_order_id uuid,
  to_status public.work_order_status,
  from_version integer,
  note text default null,
  assignee_id uuid default null
)
returns public.work_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  b record;
  w public.work_orders;
  target public.work_order_status := transition_work_order.to_status;
  next_assignee uuid;
begin
  b := private.begin_transition('work_order', transition_work_order.work_order_id,
    transition_work_order.from_version, target::text, transition_work_order.note);
  select * into w from public.work_orders o where o.id = transition_work_order.work_order_id;
  if b.replayed then
    return w;
  end if;

  next_assignee := case
    when target = 'open' then null
    when target = 'assigned' then coalesce(transition_work_order.assignee_id, w.assignee_id)
    else w.assignee_id end;
  if target = 'assigned' then
    if next_assignee is null then
      raise exception 'Choose who does this work order' using errcode = '22023';
    end if;
    if w.status = 'assigned' and next_assignee is not distinct from w.assignee_id then
      raise exception 'This work order is already assigned to them' using errcode = '22023';
    end if;
    if not private.can_do_work_orders(next_assignee) then
      raise exception 'Only active technicians or managers can be assigned'
        using errcode = '22023', hint = 'The person needs the maintenance.work permission.';
    end if;
  end if;

  update public.work_orders o
  set status = target,
      version = o.version + 1,
      assignee_id = next_assignee,
      started_at = case when target = 'in_progress' then coalesce(o.started_at, now()) else o.started_at end,
      resolved_at = case
        when target = 'resolved' then now()
        when target = 'closed' then o.resolved_at
        else null end,
      closed_at = case when target = 'closed' then now() else null end,
      resolution_notes = case
        when target <> 'resolved' or coalesce(btrim(transition_work_order.note), '') = '' then o.resolution_notes
        when o.resolution_notes = '' then btrim(transition_work_order.note)
        else left(o.resolution_notes || E'\n' || btrim(transition_work_order.note), 5000) end
  where o.id = w.id
  returning * into w;
  perform private.end_transition(b.saved_headers);
  return w;
end;
$$;

-- As 20261125100000: lock + PT404, now through the transition helper's first step.
create or replace function private.clean_for_run(task_id uuid)
returns public.cleaning_tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.cleaning_tasks;
begin
  perform private.lock_for_api('cleaning_task', clean_for_run.task_id);
  select * into t from public.cleaning_tasks c where c.id = clean_for_run.task_id;
  return t;
end;
$$;
