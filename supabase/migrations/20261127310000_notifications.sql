-- Why: new work must reach the person concerned at once (issue 27, docs/notifications.md): a new
-- urgent or blocking work order, a work order assigned to me, a clean assigned or moved for me and
-- a clean sent back after inspection. The database writes one row per person concerned, so the
-- app shows it live (realtime), lists it under the header's bell and keeps its read state per user.
--
-- 1. public.notifications: recipient, kind, the words (title, body, the clean's day), the record it
--    links to (link_route + link_id), who made the change, created_at, read_at.
--    Written only by the triggers below (security definer functions in `private`); nobody inserts,
--    updates or deletes through the API. A user reads only their own, and only while they hold a
--    role (a user with no role, and anon, read none: API and realtime alike).
-- 2. public.mark_notifications_read(notification_ids uuid[] default null): marks the caller's own
--    as read (the given ones, or every unread one when null); idempotent (a replay changes nothing).
-- 3. Triggers, for changes made through the API (people, the app's service functions such as the
--    iCal import; auth.role() is set). The demo seed, run by the database owner, makes none.
--    Never to the person who made the change (auth.uid()), never to an inactive account.
--      work_orders insert, urgent or blocking  -> every holder of maintenance.manage, and the
--                                                 assignee if it has one, else every holder of
--                                                 maintenance.work (who may take it)
--      work_orders assignee set or changed      -> the new assignee
--      cleaning_task_assignees insert           -> the assignee (a clean still to do)
--      cleaning_tasks day / window / due moved  -> its assignees (a clean still to do)
--      cleaning_tasks done -> in_progress       -> its assignees (sent back; the inspector's note)
-- 4. Retention without a scheduler (PGlite has none), as sync_mutations does: each time a user is
--    notified, their read notifications older than 30 days and any older than 90 days go.
-- 5. The table joins the realtime publication; RLS decides, per subscriber, who receives a row.

create type public.notification_kind as enum (
  'work_order_urgent',
  'work_order_assigned',
  'clean_assigned',
  'clean_moved',
  'clean_sent_back'
);

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind public.notification_kind not null,
  -- The record's own name: the work order's title, or the clean's villa and type.
  title text not null,
  -- A second line: the villa of a work order, the inspector's note of a clean sent back.
  body text not null default '',
  -- The clean's day (company time zone), shown in the app's format; null for work orders.
  day date,
  -- What the notification opens: a work order (/maintenance?wo=<id>) or a clean
  -- (/housekeeping/cleans/<id>).
  link_route text not null,
  link_id uuid not null,
  actor_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_link_route check (link_route in ('work_order', 'cleaning_task')),
  constraint notifications_title_length check (char_length(title) <= 300),
  constraint notifications_body_length check (char_length(body) <= 1000)
);
comment on table public.notifications is
  'What is new for a person (docs/notifications.md). Written by triggers only; read and marked read by the recipient.';
create index notifications_recipient_idx on public.notifications (recipient_id, created_at desc);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.notifications enable row level security;
revoke all on table public.notifications from public, anon, authenticated;
grant all on table public.notifications to service_role;
grant select on table public.notifications to authenticated;

create policy "notifications: the recipient reads their own while holding a role"
on public.notifications for select to authenticated
using (
  recipient_id = (select auth.uid())
  and (select public.my_permissions()) <> '{}'::text[]
);

-- ---------------------------------------------------------------------------------------------
-- Writing: one helper, the triggers call it
-- ---------------------------------------------------------------------------------------------

create function private.notify(
  p_recipient uuid,
  p_kind public.notification_kind,
  p_title text,
  p_body text,
  p_day date,
  p_link_route text,
  p_link_id uuid
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
begin
  if p_recipient is null or p_recipient is not distinct from actor then
    return;
  end if;
  if not exists (select 1 from public.profiles p where p.id = p_recipient and p.active) then
    return;
  end if;
  insert into public.notifications (recipient_id, kind, title, body, day, link_route, link_id, actor_id)
  values (p_recipient, p_kind, left(coalesce(p_title, ''), 300), left(coalesce(p_body, ''), 1000),
    p_day, p_link_route, p_link_id, actor);
  -- Retention: bounded per user, in the same transaction (the recipient index makes it short).
  delete from public.notifications n
  where n.recipient_id = p_recipient
    and (
      (n.read_at is not null and n.created_at < now() - interval '30 days')
      or n.created_at < now() - interval '90 days'
    );
end;
$$;

-- Active holders of a permission key (the managers, the technicians): the users a role or an
-- override grants it to, each checked with the one resolution (user_permissions: active, no deny).
create function private.holders_of(p_key text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.user_id
  from (
    select ur.user_id
    from public.user_roles ur
    join public.role_permissions rp
      on rp.role_id = ur.role_id and rp.granted and rp.permission_key = holders_of.p_key
    union
    select cp.user_id
    from public.custom_permissions cp
    where cp.permission_key = holders_of.p_key and cp.granted
  ) c
  where exists (select 1 from public.user_permissions(c.user_id) k where k = holders_of.p_key)
$$;

-- Is this change one the API made (a person, or the app's service functions)? The seed is not.
create function private.notifies()
returns boolean
language sql
stable
set search_path = ''
as $$
  select auth.role() is not null
$$;

-- ---------------------------------------------------------------------------------------------
-- Work orders
-- ---------------------------------------------------------------------------------------------

create function private.work_orders_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  villa text;
  who uuid;
begin
  if not private.notifies() then
    return null;
  end if;
  select p.name into villa from public.properties p where p.id = new.property_id;
  if tg_op = 'INSERT' then
    if new.priority = 'urgent' or new.blocking then
      for who in
        select h from private.holders_of('maintenance.manage') h
        union
        select h from private.holders_of('maintenance.work') h where new.assignee_id is null
      loop
        if who is distinct from new.assignee_id then
          perform private.notify(who, 'work_order_urgent', new.title, coalesce(villa, ''), null,
            'work_order', new.id);
        end if;
      end loop;
    end if;
    if new.assignee_id is not null then
      perform private.notify(new.assignee_id, 'work_order_assigned', new.title, coalesce(villa, ''),
        null, 'work_order', new.id);
    end if;
  elsif new.assignee_id is not null and new.assignee_id is distinct from old.assignee_id then
    perform private.notify(new.assignee_id, 'work_order_assigned', new.title, coalesce(villa, ''),
      null, 'work_order', new.id);
  end if;
  return null;
end;
$$;

create trigger notify_work_orders_insert after insert on public.work_orders
for each row execute function private.work_orders_notify();
create trigger notify_work_orders_assignee after update of assignee_id on public.work_orders
for each row execute function private.work_orders_notify();

-- ---------------------------------------------------------------------------------------------
-- Cleans
-- ---------------------------------------------------------------------------------------------

-- The clean's name in a notification: its villa and its type.
create function private.clean_title(p_task public.cleaning_tasks)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(p.name, 'A villa') || ' - ' || coalesce(ct.name, 'clean')
  from (select 1) one
  left join public.properties p on p.id = p_task.property_id
  left join public.cleaning_types ct on ct.id = p_task.cleaning_type_id
$$;

-- A clean's day as the board shows it (the window's first day, company time, when not given).
create function private.clean_day(p_task public.cleaning_tasks)
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select case when p_task.day = '-infinity'::date
    then (p_task.window_start at time zone public.company_time_zone())::date
    else p_task.day end
$$;

create function private.cleaning_task_assignees_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.cleaning_tasks;
begin
  if not private.notifies() then
    return null;
  end if;
  select * into t from public.cleaning_tasks c where c.id = new.task_id;
  if t.id is null or t.status not in ('scheduled', 'in_progress') then
    return null;
  end if;
  perform private.notify(new.user_id, 'clean_assigned', private.clean_title(t), '',
    private.clean_day(t), 'cleaning_task', t.id);
  return null;
end;
$$;

create trigger notify_cleaning_task_assignees after insert on public.cleaning_task_assignees
for each row execute function private.cleaning_task_assignees_notify();

create function private.cleaning_tasks_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid;
  sent_back boolean := old.status = 'done' and new.status = 'in_progress';
  moved boolean := new.status = 'scheduled' and (
    new.day is distinct from old.day
    or new.window_start is distinct from old.window_start
    or new.due_at is distinct from old.due_at);
begin
  if not private.notifies() or not (sent_back or moved) then
    return null;
  end if;
  for who in select a.user_id from public.cleaning_task_assignees a where a.task_id = new.id loop
    if sent_back then
      perform private.notify(who, 'clean_sent_back', private.clean_title(new), new.inspection_note,
        private.clean_day(new), 'cleaning_task', new.id);
    else
      perform private.notify(who, 'clean_moved', private.clean_title(new), '',
        private.clean_day(new), 'cleaning_task', new.id);
    end if;
  end loop;
  return null;
end;
$$;

create trigger notify_cleaning_tasks after update on public.cleaning_tasks
for each row execute function private.cleaning_tasks_notify();

revoke all on function private.notify(uuid, public.notification_kind, text, text, date, text, uuid)
  from public, anon, authenticated;
revoke all on function private.holders_of(text) from public, anon, authenticated;
revoke all on function private.notifies() from public, anon;
revoke all on function private.clean_title(public.cleaning_tasks) from public, anon, authenticated;
revoke all on function private.clean_day(public.cleaning_tasks) from public, anon, authenticated;
revoke all on function private.work_orders_notify() from public, anon, authenticated;
revoke all on function private.cleaning_task_assignees_notify() from public, anon, authenticated;
revoke all on function private.cleaning_tasks_notify() from public, anon, authenticated;
grant execute on function private.notifies() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Marking read
-- ---------------------------------------------------------------------------------------------

create function public.mark_notifications_read(notification_ids uuid[] default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  marked integer;
begin
  if uid is null then
    raise exception 'Sign in to mark notifications read' using errcode = '42501';
  end if;
  update public.notifications n
  set read_at = now()
  where n.recipient_id = uid
    and n.read_at is null
    and (mark_notifications_read.notification_ids is null
      or n.id = any (mark_notifications_read.notification_ids));
  get diagnostics marked = row_count;
  return marked;
end;
$$;
comment on function public.mark_notifications_read(uuid[]) is
  'Marks the caller''s own notifications read: the given ones, or all when null. Answers how many changed.';
revoke all on function public.mark_notifications_read(uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Realtime
-- ---------------------------------------------------------------------------------------------

alter publication supabase_realtime add table public.notifications;
