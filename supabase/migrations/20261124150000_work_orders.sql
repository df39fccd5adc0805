-- Why: maintenance work orders, from report to resolution (docs/maintenance.md, docs/areas.md).
-- This adds:
--
--   work_orders              one problem at one villa: title, description, room / asset (free
--                            text), category, priority, status, a version counting status changes,
--                            assignee, reporter, due, `blocking` (the villa is not guest-ready while
--                            it is open), labour minutes, costs (parts + labour + external invoice),
--                            source (reported, checklist item, recurring, guest complaint) and the
--                            clean / checklist item it came from.
--   work_order_comments      comments (append only).
--   work_order_photos        before / after photos, files in the new `work-order-photos` bucket
--                            under `<work order id>/...`.
--   work_order_activity      who did what when, written only by the database (triggers).
--   transition_work_order()  the only way to change a status: checks the transition, the caller's
--                            right and the version the change was made from (stale: 409 PT409),
--                            and does nothing the second time for a replayed X-Mutation-Id.
--
-- Status: open -> assigned -> in_progress <-> on_hold -> resolved -> closed, and back:
--   the assignee's moves (maintenance.work on a work order assigned to them, or maintenance.manage):
--     assigned -> in_progress, in_progress -> on_hold, on_hold -> in_progress,
--     in_progress | on_hold -> resolved, resolved -> in_progress (not fixed after all)
--   the manager's moves (maintenance.manage only):
--     any -> assigned (assign, reassign; needs an assignee), assigned | resolved | closed -> open
--     (unassign, reopen), any but closed -> closed.
--
-- Who may do what (RLS), over the villas the caller may see:
--   maintenance.view    reads work orders, comments, photos, activity
--   maintenance.report  reports (inserts) one: it starts open, unassigned, reported by the caller;
--                       comments; adds before photos
--   maintenance.work    updates labour, costs and resolution notes of work orders assigned to
--                       them; comments; adds photos to them
--   maintenance.manage  everything: edits, assigns (through the function), closes, deletes
-- An urgent report without a due time is due at the villa's next check-in.

create type public.work_order_category as enum
  ('plumbing', 'electrical', 'pool', 'ac', 'appliance', 'structure', 'garden', 'pest', 'other');
create type public.work_order_priority as enum ('low', 'medium', 'high', 'urgent');
create type public.work_order_status as enum
  ('open', 'assigned', 'in_progress', 'on_hold', 'resolved', 'closed');
create type public.work_order_source as enum
  ('reported', 'checklist_item', 'recurring', 'guest_complaint');
create type public.work_order_photo_kind as enum ('before', 'after');

create table public.work_orders (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  title text not null,
  description text not null default '',
  location text not null default '',
  category public.work_order_category not null default 'other',
  priority public.work_order_priority not null default 'medium',
  status public.work_order_status not null default 'open',
  version integer not null default 1,
  assignee_id uuid references public.profiles (id) on delete set null,
  reporter_id uuid references public.profiles (id) on delete set null,
  due_at timestamptz,
  blocking boolean not null default false,
  labour_minutes integer not null default 0,
  parts_cost numeric(10, 2) not null default 0,
  labour_cost numeric(10, 2) not null default 0,
  external_cost numeric(10, 2) not null default 0,
  source public.work_order_source not null default 'reported',
  cleaning_task_id uuid references public.cleaning_tasks (id) on delete set null,
  checklist_item text,
  resolution_notes text not null default '',
  started_at timestamptz,
  resolved_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint work_orders_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint work_orders_description_length check (char_length(description) <= 5000),
  constraint work_orders_location_length check (char_length(location) <= 200),
  constraint work_orders_resolution_length check (char_length(resolution_notes) <= 5000),
  constraint work_orders_checklist_item_length check (checklist_item is null or char_length(checklist_item) <= 200),
  constraint work_orders_labour check (labour_minutes between 0 and 100000),
  constraint work_orders_costs check (
    parts_cost between 0 and 10000000 and labour_cost between 0 and 10000000
    and external_cost between 0 and 10000000),
  constraint work_orders_assigned_has_assignee check (
    status not in ('assigned', 'in_progress', 'on_hold') or assignee_id is not null)
);
comment on table public.work_orders is
  'Maintenance work orders. Status moves only through transition_work_order(); an open blocking one keeps its villa from being guest-ready.';
comment on column public.work_orders.version is
  'Counts status changes; a transition names the version it was made from, a stale one is a conflict.';
comment on column public.work_orders.location is 'Room or asset, free text (e.g. "Master bathroom", "Pool pump").';

create index work_orders_status_priority_idx on public.work_orders (status, priority);
create index work_orders_property_idx on public.work_orders (property_id, status);
create index work_orders_assignee_idx on public.work_orders (assignee_id, status);
create index work_orders_blocking_idx on public.work_orders (property_id)
  where blocking and status not in ('resolved', 'closed');

create table public.work_order_comments (
  id uuid primary key default gen_random_uuid(),
  work_order_id uuid not null references public.work_orders (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  body text not null,
  created_at timestamptz not null default now(),
  constraint work_order_comments_body_length check (char_length(btrim(body)) between 1 and 5000)
);
create index work_order_comments_order_idx on public.work_order_comments (work_order_id, created_at);

create table public.work_order_photos (
  id uuid primary key default gen_random_uuid(),
  work_order_id uuid not null references public.work_orders (id) on delete cascade,
  kind public.work_order_photo_kind not null default 'before',
  storage_path text not null,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  constraint work_order_photos_path unique (storage_path),
  constraint work_order_photos_path_length check (char_length(storage_path) between 1 and 500)
);
create index work_order_photos_order_idx on public.work_order_photos (work_order_id, created_at);

create table public.work_order_activity (
  id uuid primary key default gen_random_uuid(),
  work_order_id uuid not null references public.work_orders (id) on delete cascade,
  at timestamptz not null default clock_timestamp(),
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null,
  from_status public.work_order_status,
  to_status public.work_order_status,
  details jsonb not null default '{}'::jsonb
);
create index work_order_activity_order_idx on public.work_order_activity (work_order_id, at);
comment on table public.work_order_activity is 'Who did what to a work order, when (written by triggers only).';

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- The villa's next confirmed check-in (field staff may not read reservations).
create function private.next_check_in(property_id uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select min(r.check_in)
  from public.reservations r
  where r.property_id = next_check_in.property_id and r.status = 'confirmed' and r.check_in >= now()
$$;
revoke all on function private.next_check_in(uuid) from public, anon;
grant execute on function private.next_check_in(uuid) to authenticated, service_role;

-- May this user be given work orders (active, with maintenance.work or maintenance.manage)?
create function private.can_do_work_orders(uid uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = can_do_work_orders.uid and p.active)
    and exists (
      select 1 from public.user_permissions(can_do_work_orders.uid) k
      where k in ('maintenance.work', 'maintenance.manage')
    )
$$;
revoke all on function private.can_do_work_orders(uuid) from public, anon;
grant execute on function private.can_do_work_orders(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Defaults and guards
-- ---------------------------------------------------------------------------------------------

-- SECURITY INVOKER on purpose: current_user tells an API write (anon / authenticated) from one the
-- database makes itself (inside transition_work_order, seeds, the service role).
create function private.work_orders_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  manager boolean;
begin
  new.title := btrim(new.title);
  if tg_op = 'INSERT' then
    if new.due_at is null and new.priority = 'urgent' then
      new.due_at := private.next_check_in(new.property_id);
    end if;
    if api then
      -- A report starts open and unassigned; the status moves through transition_work_order().
      new.status := 'open';
      new.version := 1;
      new.assignee_id := null;
      new.reporter_id := auth.uid();
      new.started_at := null;
      new.resolved_at := null;
      new.closed_at := null;
      if not public.has_permission('maintenance.manage') then
        new.labour_minutes := 0;
        new.parts_cost := 0;
        new.labour_cost := 0;
        new.external_cost := 0;
        new.resolution_notes := '';
      end if;
    else
      new.reporter_id := coalesce(new.reporter_id, new.created_by, auth.uid());
    end if;
    return new;
  end if;

  if api then
    manager := public.has_permission('maintenance.manage');
    -- Status, assignee and version move only through transition_work_order() (no column grant);
    -- the assignee with maintenance.work changes only the work itself.
    if not manager and (
      new.title is distinct from old.title
      or new.property_id is distinct from old.property_id
      or new.category is distinct from old.category
      or new.priority is distinct from old.priority
      or new.due_at is distinct from old.due_at
      or new.blocking is distinct from old.blocking
      or new.location is distinct from old.location
      or new.source is distinct from old.source
    ) then
      raise exception 'Only a manager may change the title, villa, category, priority, due time or blocking'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
create trigger work_orders_a_before_write before insert or update on public.work_orders
for each row execute function private.work_orders_before_write();
create trigger work_orders_b_stamp_authors before insert or update on public.work_orders
for each row execute function public.stamp_authors();

-- SECURITY INVOKER: reads current_user (see above).
create function private.work_order_children_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.created_at := now();
    if tg_table_name = 'work_order_comments' then
      new.author_id := auth.uid();
    else
      new.created_by := auth.uid();
    end if;
  end if;
  return new;
end;
$$;
create trigger work_order_comments_before_insert before insert on public.work_order_comments
for each row execute function private.work_order_children_before_insert();
create trigger work_order_photos_before_insert before insert on public.work_order_photos
for each row execute function private.work_order_children_before_insert();

-- ---------------------------------------------------------------------------------------------
-- Activity (written by the database)
-- ---------------------------------------------------------------------------------------------

create function private.work_orders_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  note text := nullif(current_setting('arivia.transition_note', true), '');
begin
  if tg_op = 'INSERT' then
    insert into public.work_order_activity (work_order_id, actor_id, action, to_status, details)
    values (new.id, coalesce(auth.uid(), new.reporter_id), 'created', new.status, jsonb_build_object(
      'source', new.source, 'priority', new.priority, 'blocking', new.blocking));
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.work_order_activity (work_order_id, actor_id, action, from_status, to_status, details)
    values (new.id, auth.uid(), 'status', old.status, new.status,
      case when note is null then '{}'::jsonb else jsonb_build_object('note', note) end);
  end if;
  if new.assignee_id is distinct from old.assignee_id then
    insert into public.work_order_activity (work_order_id, actor_id, action, details)
    values (new.id, auth.uid(), case when new.assignee_id is null then 'unassigned' else 'assigned' end,
      jsonb_build_object('user_id', new.assignee_id, 'previous_user_id', old.assignee_id));
  end if;
  if new.priority is distinct from old.priority then
    insert into public.work_order_activity (work_order_id, actor_id, action, details)
    values (new.id, auth.uid(), 'priority', jsonb_build_object('priority', new.priority, 'previous', old.priority));
  end if;
  if new.blocking is distinct from old.blocking then
    insert into public.work_order_activity (work_order_id, actor_id, action, details)
    values (new.id, auth.uid(), 'blocking', jsonb_build_object('blocking', new.blocking));
  end if;
  if new.due_at is distinct from old.due_at then
    insert into public.work_order_activity (work_order_id, actor_id, action, details)
    values (new.id, auth.uid(), 'due', jsonb_build_object('due_at', new.due_at, 'previous', old.due_at));
  end if;
  if new.labour_minutes is distinct from old.labour_minutes
    or new.parts_cost is distinct from old.parts_cost
    or new.labour_cost is distinct from old.labour_cost
    or new.external_cost is distinct from old.external_cost
  then
    insert into public.work_order_activity (work_order_id, actor_id, action, details)
    values (new.id, auth.uid(), 'costs', jsonb_build_object(
      'labour_minutes', new.labour_minutes, 'parts_cost', new.parts_cost,
      'labour_cost', new.labour_cost, 'external_cost', new.external_cost));
  end if;
  return null;
end;
$$;
create trigger work_orders_log after insert or update on public.work_orders
for each row execute function private.work_orders_log();

create function private.work_order_photos_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.work_order_activity (work_order_id, actor_id, action, details)
  values (new.work_order_id, coalesce(auth.uid(), new.created_by), 'photo',
    jsonb_build_object('kind', new.kind, 'photo_id', new.id));
  return null;
end;
$$;
create trigger work_order_photos_log after insert on public.work_order_photos
for each row execute function private.work_order_photos_log();

create function private.work_order_comments_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.work_order_activity (work_order_id, actor_id, action, details)
  values (new.work_order_id, coalesce(auth.uid(), new.author_id), 'comment',
    jsonb_build_object('comment_id', new.id));
  return null;
end;
$$;
create trigger work_order_comments_log after insert on public.work_order_comments
for each row execute function private.work_order_comments_log();

-- ---------------------------------------------------------------------------------------------
-- Status transitions
-- ---------------------------------------------------------------------------------------------

create function public.transition_work_order(
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
  -- A definer function: current_user is the owner, so the API caller is told by the JWT's role.
  api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  uid uuid := auth.uid();
  mid uuid := private.request_mutation_id();
  w public.work_orders;
  target public.work_order_status := transition_work_order.to_status;
  next_assignee uuid;
  worker_move boolean;
  manager_move boolean;
  saved text;
begin
  select * into w from public.work_orders o where o.id = transition_work_order.work_order_id for update;
  if not found or (api and not (public.has_permission('maintenance.view') and public.has_permission('properties.view'))) then
    raise exception 'Work order not found' using errcode = 'PT404';
  end if;
  -- A replayed queue entry: already applied, answer with the work order as it is now.
  if mid is not null and not private.claim_mutation(mid, 'work_orders', w.id::text, 'RPC') then
    return w;
  end if;
  if transition_work_order.from_version is distinct from w.version then
    raise exception 'This work order was changed by someone else (now %, version %)', w.status, w.version
      using errcode = 'PT409',
        detail = json_build_object('status', w.status, 'version', w.version)::text,
        hint = 'Reload the work order and try again.';
  end if;

  worker_move := (w.status, target) in (
    ('assigned'::public.work_order_status, 'in_progress'::public.work_order_status),
    ('in_progress', 'on_hold'),
    ('on_hold', 'in_progress'),
    ('in_progress', 'resolved'),
    ('on_hold', 'resolved'),
    ('resolved', 'in_progress'));
  manager_move := (target = 'assigned')
    or (w.status, target) in (
      ('assigned'::public.work_order_status, 'open'::public.work_order_status),
      ('resolved', 'open'),
      ('closed', 'open'))
    or (target = 'closed' and w.status <> 'closed');
  if not (worker_move or manager_move) then
    raise exception 'A work order cannot go from % to %', w.status, target using errcode = '22023';
  end if;
  if api and not (
    public.has_permission('maintenance.manage')
    or (worker_move and public.has_permission('maintenance.work') and w.assignee_id = uid)
  ) then
    raise exception 'You may not move this work order to %', target using errcode = '42501';
  end if;
  if transition_work_order.note is not null and char_length(transition_work_order.note) > 1000 then
    raise exception 'A note is at most 1000 characters' using errcode = '22023';
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

  saved := private.suspend_mutation_id();
  perform set_config('arivia.transition_note', coalesce(transition_work_order.note, ''), true);
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
  perform set_config('arivia.transition_note', '', true);
  perform private.resume_mutation_id(saved);
  return w;
end;
$$;
comment on function public.transition_work_order(uuid, public.work_order_status, integer, text, uuid) is
  'Moves a work order to another status (assigning names the assignee): checks the transition, the caller''s right and the version (stale: 409 PT409). Idempotent per X-Mutation-Id.';
revoke all on function public.transition_work_order(uuid, public.work_order_status, integer, text, uuid)
  from public, anon;
grant execute on function public.transition_work_order(uuid, public.work_order_status, integer, text, uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.work_orders enable row level security;
alter table public.work_order_comments enable row level security;
alter table public.work_order_photos enable row level security;
alter table public.work_order_activity enable row level security;

revoke all on table public.work_orders, public.work_order_comments, public.work_order_photos,
  public.work_order_activity from public, anon, authenticated;
grant all on table public.work_orders, public.work_order_comments, public.work_order_photos,
  public.work_order_activity to service_role;

grant select, delete on table public.work_orders to authenticated;
grant insert (id, property_id, title, description, location, category, priority, due_at, blocking,
    labour_minutes, parts_cost, labour_cost, external_cost, source, cleaning_task_id, checklist_item,
    resolution_notes)
  on table public.work_orders to authenticated;
grant update (title, description, location, category, priority, due_at, blocking, labour_minutes,
    parts_cost, labour_cost, external_cost, resolution_notes)
  on table public.work_orders to authenticated;
grant select on table public.work_order_comments to authenticated;
grant insert (id, work_order_id, body) on table public.work_order_comments to authenticated;
grant select, delete on table public.work_order_photos to authenticated;
grant insert (id, work_order_id, kind, storage_path) on table public.work_order_photos to authenticated;
grant select on table public.work_order_activity to authenticated;

create policy "work_orders: maintenance.view reads work orders of visible villas"
on public.work_orders for select to authenticated
using (
  (select public.has_permission('maintenance.view'))
  and exists (select 1 from public.properties p where p.id = work_orders.property_id)
);
create policy "work_orders: maintenance.report or .manage reports"
on public.work_orders for insert to authenticated
with check (
  ((select public.has_permission('maintenance.report')) or (select public.has_permission('maintenance.manage')))
  and exists (select 1 from public.properties p where p.id = work_orders.property_id)
);
create policy "work_orders: maintenance.manage updates any, maintenance.work their own"
on public.work_orders for update to authenticated
using (
  (select public.has_permission('maintenance.manage'))
  or ((select public.has_permission('maintenance.work')) and assignee_id = (select auth.uid()))
)
with check (
  (select public.has_permission('maintenance.manage'))
  or ((select public.has_permission('maintenance.work')) and assignee_id = (select auth.uid()))
);
create policy "work_orders: maintenance.manage deletes"
on public.work_orders for delete to authenticated
using ((select public.has_permission('maintenance.manage')));

create policy "work_order_comments: read with the work order"
on public.work_order_comments for select to authenticated
using (exists (select 1 from public.work_orders w where w.id = work_order_comments.work_order_id));
create policy "work_order_comments: staff with a maintenance key comment"
on public.work_order_comments for insert to authenticated
with check (
  (select public.my_permissions()) && array['maintenance.report', 'maintenance.work', 'maintenance.manage']
  and exists (select 1 from public.work_orders w where w.id = work_order_comments.work_order_id)
);

create policy "work_order_photos: read with the work order"
on public.work_order_photos for select to authenticated
using (exists (select 1 from public.work_orders w where w.id = work_order_photos.work_order_id));
-- Before photos: whoever may report; after photos: the assignee (maintenance.work) or a manager.
create policy "work_order_photos: reporters add before photos, the assignee after photos"
on public.work_order_photos for insert to authenticated
with check (
  split_part(storage_path, '/', 1) = work_order_id::text
  and exists (
    select 1 from public.work_orders w
    where w.id = work_order_photos.work_order_id
      and (
        (select public.has_permission('maintenance.manage'))
        or ((select public.has_permission('maintenance.work')) and w.assignee_id = (select auth.uid()))
        or (work_order_photos.kind = 'before' and (select public.has_permission('maintenance.report')))
      )
  )
);
create policy "work_order_photos: the uploader or a manager removes"
on public.work_order_photos for delete to authenticated
using (
  (select public.has_permission('maintenance.manage'))
  or (created_by = (select auth.uid()) and exists (
    select 1 from public.work_orders w where w.id = work_order_photos.work_order_id))
);

create policy "work_order_activity: read with the work order"
on public.work_order_activity for select to authenticated
using (exists (select 1 from public.work_orders w where w.id = work_order_activity.work_order_id));

revoke all on function private.work_orders_before_write() from public, anon, authenticated, service_role;
revoke all on function private.work_order_children_before_insert() from public, anon, authenticated, service_role;
revoke all on function private.work_orders_log() from public, anon, authenticated, service_role;
revoke all on function private.work_order_photos_log() from public, anon, authenticated, service_role;
revoke all on function private.work_order_comments_log() from public, anon, authenticated, service_role;
