-- Why: the cleans themselves (docs/housekeeping.md). This adds:
--
--   cleaning_tasks             one clean: type, villa, window (window_start .. due_at), the day it is
--                              planned for, estimated minutes, priority, status, a version counting
--                              status changes, notes, the checklist version it was made from,
--                              whether an inspection follows, the next arrival it must be ready for
--                              (time and number of guests, never names), started / finished /
--                              inspected, and a flag with a reason ("the stay was cancelled after
--                              the clean started"). turnover_for is the stay whose check-out made
--                              it: unique, so there is exactly one turnover per check-out.
--   cleaning_task_assignees    who does it (several people may share a clean).
--   cleaning_task_activity     who did what when, written only by the database.
--   transition_cleaning_task() the only way to change a status: checks the transition, the caller's
--                              right and the version the change was made from (stale: 409 PT409),
--                              and does nothing the second time for a replayed X-Mutation-Id.
--   staff_directory()          names and avatars of active colleagues for field staff, who may not
--                              read profiles.
--
-- Status: scheduled -> in_progress -> done -> inspected; scheduled -> skipped | cancelled;
-- in_progress -> scheduled (started by mistake) | cancelled; done -> in_progress (sent back);
-- skipped | cancelled -> scheduled (restored). Starting, un-starting and finishing are the
-- worker's moves: the assignee with housekeeping.complete, or housekeeping.manage. Everything
-- else needs housekeeping.manage.
--
-- Who may do what (RLS): housekeeping.view reads the cleans of the villas the caller may see (the
-- policy asks properties' own RLS), their assignees and activity; housekeeping.manage creates
-- ad-hoc cleans, edits, reschedules and assigns. Nobody deletes a clean: it is cancelled.

create type public.cleaning_task_status as enum
  ('scheduled', 'in_progress', 'done', 'inspected', 'skipped', 'cancelled');
create type public.cleaning_task_priority as enum ('low', 'normal', 'high', 'urgent');

create table public.cleaning_tasks (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  cleaning_type_id uuid not null references public.cleaning_types (id),
  turnover_for uuid references public.reservations (id) on delete set null,
  window_start timestamptz not null,
  due_at timestamptz not null,
  -- The day (company time zone) the clean is planned for; the board's columns. Not given (the
  -- '-infinity' default): the window's first day.
  day date not null default '-infinity',
  -- Not given (0): the villa's or the type's default for the villa's bedrooms (a BEFORE trigger).
  estimated_minutes integer not null default 0,
  priority public.cleaning_task_priority not null default 'normal',
  status public.cleaning_task_status not null default 'scheduled',
  version integer not null default 1,
  notes text not null default '',
  checklist_version_id uuid references public.checklist_template_versions (id),
  -- Also true whenever the type or the villa requires an inspection.
  inspection_required boolean not null default false,
  next_check_in timestamptz,
  guests_arriving smallint,
  same_day boolean not null default false,
  flagged boolean not null default false,
  flag_reason text,
  started_at timestamptz,
  finished_at timestamptz,
  inspected_at timestamptz,
  inspected_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  constraint cleaning_tasks_one_turnover_per_check_out unique (turnover_for),
  constraint cleaning_tasks_window check (due_at > window_start),
  constraint cleaning_tasks_window_length check (due_at - window_start <= interval '60 days'),
  constraint cleaning_tasks_minutes check (estimated_minutes between 5 and 1440),
  constraint cleaning_tasks_notes_length check (char_length(notes) <= 5000),
  constraint cleaning_tasks_flag_reason_length check (flag_reason is null or char_length(flag_reason) <= 500),
  constraint cleaning_tasks_guests_range check (guests_arriving is null or guests_arriving between 1 and 100)
);
comment on table public.cleaning_tasks is
  'Cleans. Turnovers are made by the database from reservations (one per check-out); status moves only through transition_cleaning_task().';
comment on column public.cleaning_tasks.version is
  'Counts status changes; a transition names the version it was made from, a stale one is a conflict.';

-- The board reads by day; readiness reads a villa's latest turnover.
create index cleaning_tasks_day_idx on public.cleaning_tasks (day);
create index cleaning_tasks_property_window_idx on public.cleaning_tasks (property_id, window_start desc);
create index cleaning_tasks_turnover_readiness_idx on public.cleaning_tasks (property_id, window_start desc)
  where turnover_for is not null and status <> 'cancelled';

create table public.cleaning_task_assignees (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.cleaning_tasks (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  constraint cleaning_task_assignees_key unique (task_id, user_id)
);
create index cleaning_task_assignees_user_idx on public.cleaning_task_assignees (user_id);
comment on table public.cleaning_task_assignees is 'Who does a clean (active staff holding housekeeping.complete or .manage).';

create table public.cleaning_task_activity (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references public.cleaning_tasks (id) on delete cascade,
  at timestamptz not null default clock_timestamp(),
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null,
  from_status public.cleaning_task_status,
  to_status public.cleaning_task_status,
  details jsonb not null default '{}'::jsonb
);
create index cleaning_task_activity_task_idx on public.cleaning_task_activity (task_id, at);
comment on table public.cleaning_task_activity is 'Who did what to a clean, when (written by triggers only).';

-- ---------------------------------------------------------------------------------------------
-- Defaults, stamps, guards
-- ---------------------------------------------------------------------------------------------

-- SECURITY INVOKER on purpose: current_user tells an API write (anon / authenticated) from one the
-- database makes itself (turnovers, inside definer functions).
create function private.cleaning_tasks_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('anon', 'authenticated');
  d record;
begin
  if tg_op = 'INSERT' then
    if api then
      -- Ad-hoc cleans by a manager start as scheduled; turnovers come from reservations only.
      new.status := 'scheduled';
      new.version := 1;
      new.turnover_for := null;
      new.started_at := null;
      new.finished_at := null;
      new.inspected_at := null;
      new.inspected_by := null;
      new.flagged := false;
      new.flag_reason := null;
    end if;
    select * into d from private.cleaning_defaults(new.property_id, new.cleaning_type_id);
    new.checklist_version_id := coalesce(new.checklist_version_id, d.checklist_version_id);
    if coalesce(new.estimated_minutes, 0) = 0 then
      new.estimated_minutes := coalesce(d.minutes, 60);
    end if;
    new.inspection_required := coalesce(new.inspection_required, false) or coalesce(d.inspection_required, false);
  end if;
  if new.day is null or new.day = '-infinity'::date then
    new.day := (new.window_start at time zone public.company_time_zone())::date;
  end if;
  return new;
end;
$$;

create trigger cleaning_tasks_a_before_write before insert or update on public.cleaning_tasks
for each row execute function private.cleaning_tasks_before_write();
create trigger cleaning_tasks_b_stamp_authors before insert or update on public.cleaning_tasks
for each row execute function public.stamp_authors();

create function private.can_do_cleans(uid uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_permissions(can_do_cleans.uid) k
    where k in ('housekeeping.complete', 'housekeeping.manage')
  )
$$;
revoke all on function private.can_do_cleans(uuid) from public, anon;
grant execute on function private.can_do_cleans(uuid) to authenticated, service_role;

-- SECURITY INVOKER: reads current_user (see above).
create function private.cleaning_task_assignees_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.can_do_cleans(new.user_id) then
    raise exception 'Only active staff who do cleans can be assigned'
      using errcode = '22023', hint = 'The person needs the housekeeping.complete permission.';
  end if;
  new.created_at := now();
  if current_user in ('anon', 'authenticated') then
    new.created_by := auth.uid();
  end if;
  return new;
end;
$$;
create trigger cleaning_task_assignees_guard before insert or update on public.cleaning_task_assignees
for each row execute function private.cleaning_task_assignees_guard();

-- ---------------------------------------------------------------------------------------------
-- Activity
-- ---------------------------------------------------------------------------------------------

create function private.cleaning_tasks_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  note text := nullif(current_setting('arivia.transition_note', true), '');
begin
  if tg_op = 'INSERT' then
    insert into public.cleaning_task_activity (task_id, actor_id, action, to_status, details)
    values (new.id, auth.uid(), 'created', new.status, jsonb_build_object(
      'source', case when new.turnover_for is null then 'manual' else 'reservation' end,
      'window_start', new.window_start, 'due_at', new.due_at));
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.cleaning_task_activity (task_id, actor_id, action, from_status, to_status, details)
    values (new.id, auth.uid(), 'status', old.status, new.status,
      case when note is null then '{}'::jsonb else jsonb_build_object('note', note) end);
  end if;
  if new.window_start is distinct from old.window_start or new.due_at is distinct from old.due_at
    or new.day is distinct from old.day or new.property_id is distinct from old.property_id
  then
    insert into public.cleaning_task_activity (task_id, actor_id, action, details)
    values (new.id, auth.uid(), 'rescheduled', jsonb_build_object(
      'window_start', new.window_start, 'due_at', new.due_at, 'day', new.day,
      'previous_window_start', old.window_start, 'previous_due_at', old.due_at, 'previous_day', old.day));
  end if;
  if new.flagged and not old.flagged then
    insert into public.cleaning_task_activity (task_id, actor_id, action, details)
    values (new.id, auth.uid(), 'flagged', jsonb_build_object('reason', new.flag_reason));
  end if;
  return null;
end;
$$;
create trigger cleaning_tasks_log after insert or update on public.cleaning_tasks
for each row execute function private.cleaning_tasks_log();

create function private.cleaning_task_assignees_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.cleaning_task_activity (task_id, actor_id, action, details)
    values (new.task_id, auth.uid(), 'assigned', jsonb_build_object('user_id', new.user_id));
  elsif exists (select 1 from public.cleaning_tasks t where t.id = old.task_id) then
    -- (not when the clean itself is being deleted)
    insert into public.cleaning_task_activity (task_id, actor_id, action, details)
    values (old.task_id, auth.uid(), 'unassigned', jsonb_build_object('user_id', old.user_id));
  end if;
  return null;
end;
$$;
create trigger cleaning_task_assignees_log after insert or delete on public.cleaning_task_assignees
for each row execute function private.cleaning_task_assignees_log();

-- ---------------------------------------------------------------------------------------------
-- Status transitions
-- ---------------------------------------------------------------------------------------------

-- Runs `fn` writes without the caller's X-Mutation-Id: writes the database makes on its own (a
-- transition's update, turnovers following a stay) must not be matched against the request's
-- mutation record, or a second write to one row in one request would be skipped.
create function private.suspend_mutation_id()
returns text
language plpgsql
set search_path = ''
as $$
declare
  saved text := coalesce(current_setting('request.headers', true), '');
begin
  if saved <> '' then
    perform set_config('request.headers', '', true);
  end if;
  return saved;
end;
$$;
create function private.resume_mutation_id(saved text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if saved <> '' then
    perform set_config('request.headers', saved, true);
  end if;
end;
$$;
grant execute on function private.suspend_mutation_id() to authenticated, service_role;
grant execute on function private.resume_mutation_id(text) to authenticated, service_role;

create function public.transition_cleaning_task(
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
  allowed boolean;
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
  allowed := worker_move or (t.status, transition_cleaning_task.to_status) in (
    ('scheduled'::public.cleaning_task_status, 'skipped'::public.cleaning_task_status),
    ('scheduled', 'cancelled'),
    ('in_progress', 'cancelled'),
    ('done', 'inspected'),
    ('done', 'in_progress'),
    ('skipped', 'scheduled'),
    ('cancelled', 'scheduled'));
  if not allowed then
    raise exception 'A clean cannot go from % to %', t.status, transition_cleaning_task.to_status
      using errcode = '22023';
  end if;
  if api and not (
    public.has_permission('housekeeping.manage')
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
  'Moves a clean to another status: checks the transition, the caller''s right and the version (stale: 409 PT409). Idempotent per X-Mutation-Id.';
revoke all on function public.transition_cleaning_task(uuid, public.cleaning_task_status, integer, text)
  from public, anon;
grant execute on function public.transition_cleaning_task(uuid, public.cleaning_task_status, integer, text)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Staff names for field staff
-- ---------------------------------------------------------------------------------------------

create function public.staff_directory()
returns table (id uuid, full_name text, avatar_url text, roles text[])
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not (
    public.has_permission('housekeeping.view')
    or public.has_permission('maintenance.view')
    or public.has_permission('chat.use')
  ) then
    raise exception 'Seeing the team needs a staff role' using errcode = '42501';
  end if;
  return query
  select p.id, p.full_name, p.avatar_url, array_agg(r.name order by r.name)
  from public.profiles p
  join public.user_roles ur on ur.user_id = p.id
  join public.roles r on r.id = ur.role_id
  where p.active
  group by p.id, p.full_name, p.avatar_url
  order by p.full_name, p.id;
end;
$$;
comment on function public.staff_directory() is
  'Active colleagues who hold a role: id, name, avatar and role names only (for boards and chat).';
revoke all on function public.staff_directory() from public, anon;
grant execute on function public.staff_directory() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.cleaning_tasks enable row level security;
alter table public.cleaning_task_assignees enable row level security;
alter table public.cleaning_task_activity enable row level security;

revoke all on table public.cleaning_tasks, public.cleaning_task_assignees, public.cleaning_task_activity
  from public, anon, authenticated;
grant all on table public.cleaning_tasks, public.cleaning_task_assignees, public.cleaning_task_activity
  to service_role;

grant select on table public.cleaning_tasks to authenticated;
grant insert (id, property_id, cleaning_type_id, window_start, due_at, day, estimated_minutes, priority,
    notes, checklist_version_id, inspection_required)
  on table public.cleaning_tasks to authenticated;
grant update (id, window_start, due_at, day, estimated_minutes, priority, notes)
  on table public.cleaning_tasks to authenticated;
grant select, delete on table public.cleaning_task_assignees to authenticated;
grant insert (id, task_id, user_id) on table public.cleaning_task_assignees to authenticated;
grant select on table public.cleaning_task_activity to authenticated;

create policy "cleaning_tasks: housekeeping.view reads cleans of visible villas"
on public.cleaning_tasks for select to authenticated
using (
  (select public.has_permission('housekeeping.view'))
  and exists (select 1 from public.properties p where p.id = cleaning_tasks.property_id)
);
create policy "cleaning_tasks: housekeeping.manage inserts"
on public.cleaning_tasks for insert to authenticated
with check (
  (select public.has_permission('housekeeping.manage'))
  and exists (select 1 from public.properties p where p.id = cleaning_tasks.property_id)
);
create policy "cleaning_tasks: housekeeping.manage updates"
on public.cleaning_tasks for update to authenticated
using ((select public.has_permission('housekeeping.manage')))
with check ((select public.has_permission('housekeeping.manage')));

create policy "cleaning_task_assignees: read with the clean"
on public.cleaning_task_assignees for select to authenticated
using (exists (select 1 from public.cleaning_tasks t where t.id = cleaning_task_assignees.task_id));
create policy "cleaning_task_assignees: housekeeping.manage assigns"
on public.cleaning_task_assignees for insert to authenticated
with check (
  (select public.has_permission('housekeeping.manage'))
  and exists (select 1 from public.cleaning_tasks t where t.id = cleaning_task_assignees.task_id)
);
create policy "cleaning_task_assignees: housekeeping.manage unassigns"
on public.cleaning_task_assignees for delete to authenticated
using ((select public.has_permission('housekeeping.manage')));

create policy "cleaning_task_activity: read with the clean"
on public.cleaning_task_activity for select to authenticated
using (exists (select 1 from public.cleaning_tasks t where t.id = cleaning_task_activity.task_id));

revoke all on function private.cleaning_tasks_before_write() from public, anon, authenticated, service_role;
revoke all on function private.cleaning_task_assignees_guard() from public, anon, authenticated, service_role;
revoke all on function private.cleaning_tasks_log() from public, anon, authenticated, service_role;
revoke all on function private.cleaning_task_assignees_log() from public, anon, authenticated, service_role;
