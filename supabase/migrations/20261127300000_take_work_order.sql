-- Why: a reported problem lands open and unassigned, and only a manager could assign it (issue 27,
-- docs/maintenance.md "Taking a work order"). A technician (or a manager, or an admin) now takes
-- one in one tap: take_work_order() makes the caller its assignee and moves it to assigned, only
-- while it is still unassigned. The second of two takes (two phones at once, or a take queued
-- offline and replayed after someone else's) is refused with who has it: "Already taken by
-- <name>" (PT409, HTTP 409, the status, version and assignee in `detail`).
--
-- The move goes through the transition helper (20261127100100): private.allowed_moves' row
-- open -> assigned now names maintenance.work (the technician may make that move: taking it).
-- transition_work_order(), whose assigning names anyone, keeps assigning the manager's: it is
-- re-created as in 20261127100100 with one check more (a caller without maintenance.manage may not
-- use it to assign, 42501 with the message begin_transition gave them before).

update private.allowed_moves
set permission = 'maintenance.work'
where entity = 'work_order' and from_status = 'open' and to_status = 'assigned';

-- As 20261127100100, plus: assigning (naming the assignee) stays maintenance.manage's.
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
  -- open -> assigned is in allowed_moves for maintenance.work: that is taking it
  -- (take_work_order); naming an assignee here is the manager's.
  if target = 'assigned' and coalesce(auth.role(), '') in ('anon', 'authenticated')
    and not public.has_permission('maintenance.manage')
  then
    raise exception 'You may not move this work order to assigned' using errcode = '42501';
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

-- Takes an unassigned work order: the caller becomes its assignee and it moves to assigned.
-- Order of refusals: not visible (PT404, as the helper), no right to take (42501), taken by
-- someone else ("Already taken by <name>", PT409), already the caller's or not open (22023); then the helper's
-- own (replay, stale version PT409, the move). A replayed X-Mutation-Id answers with the row as it
-- is, even when someone else has it by now (the take it replays was applied). `assignee_id` may
-- name the caller (a queued take carries who it is for, so the device shows it as theirs while it
-- waits); naming anyone else is refused (42501).
create function public.take_work_order(
  work_order_id uuid,
  from_version integer,
  assignee_id uuid default null
)
returns public.work_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  mid uuid := private.request_mutation_id();
  api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  b record;
  w public.work_orders;
  replay boolean;
  taker text;
begin
  perform private.lock_for_api('work_order', take_work_order.work_order_id);
  if api and not (public.has_permission('maintenance.work') or public.has_permission('maintenance.manage')) then
    raise exception 'Only technicians and managers can take work orders' using errcode = '42501';
  end if;
  if take_work_order.assignee_id is not null and take_work_order.assignee_id is distinct from uid then
    raise exception 'A work order can be taken only for yourself'
      using errcode = '42501', hint = 'A manager assigns it to someone else.';
  end if;
  select * into w from public.work_orders o where o.id = take_work_order.work_order_id;
  replay := mid is not null and exists (
    select 1 from public.sync_mutations s where s.user_id = uid and s.mutation_id = mid);
  if not replay and w.assignee_id is not null then
    if w.assignee_id is distinct from uid then
      select p.full_name into taker from public.profiles p where p.id = w.assignee_id;
      raise exception 'Already taken by %', coalesce(nullif(btrim(taker), ''), 'someone else')
        using errcode = 'PT409',
          detail = json_build_object(
            'status', w.status, 'version', w.version, 'assignee_id', w.assignee_id)::text,
          hint = 'Someone else has this work order now; the list shows who.';
    end if;
    raise exception 'This work order is already yours' using errcode = '22023';
  end if;
  if not replay and w.status <> 'open' then
    raise exception 'Only an open work order can be taken (this one is %)', w.status
      using errcode = '22023';
  end if;

  b := private.begin_transition('work_order', take_work_order.work_order_id,
    take_work_order.from_version, 'assigned', null);
  if b.replayed then
    select * into w from public.work_orders o where o.id = take_work_order.work_order_id;
    return w;
  end if;
  if uid is null or not private.can_do_work_orders(uid) then
    raise exception 'Only active technicians or managers can take work orders'
      using errcode = '42501';
  end if;

  update public.work_orders o
  set status = 'assigned',
      version = o.version + 1,
      assignee_id = uid
  where o.id = w.id
  returning * into w;
  perform private.end_transition(b.saved_headers);
  return w;
end;
$$;
comment on function public.take_work_order(uuid, integer, uuid) is
  'Takes an unassigned work order: the caller becomes its assignee, status assigned. Taken by someone else: PT409 "Already taken by <name>". Idempotent per X-Mutation-Id.';
revoke all on function public.take_work_order(uuid, integer, uuid) from public, anon;
grant execute on function public.take_work_order(uuid, integer, uuid) to authenticated, service_role;
