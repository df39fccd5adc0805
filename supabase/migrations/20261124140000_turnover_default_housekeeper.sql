-- Why: a villa's default housekeeper (cleaning settings, per-villa override: property_housekeeping)
-- was only a suggestion for the board's auto-assign. The company sets it so that her villas' cleans
-- are hers: a turnover the database makes from a stay is now assigned to her at once
-- (docs/housekeeping.md, "Turnovers from reservations").
--
--   - only when the turnover is created (a stay's first confirmed check-out); a turnover that moves
--     with its stay, or is brought back by re-confirming it, keeps whoever is assigned, and a
--     manager's later change of assignee is never undone;
--   - only when she can do cleans (active, housekeeping.complete or .manage): otherwise the clean
--     stays unassigned instead of refusing the stay (cleaning_task_assignees_guard would refuse);
--   - ad-hoc cleans a manager creates are assigned by the manager, as before.
--
-- The assignment is written by the database (created_by null), in the same transaction as the
-- stay, so an iCal import, a typed stay and a replayed queue behave alike; the activity log shows
-- it as 'assigned'.

create function private.cleaning_tasks_assign_default_housekeeper()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hk uuid;
begin
  select h.default_housekeeper_id into v_hk
  from public.property_housekeeping h
  where h.property_id = new.property_id;
  if v_hk is not null and private.can_do_cleans(v_hk) then
    insert into public.cleaning_task_assignees (task_id, user_id)
    values (new.id, v_hk)
    on conflict (task_id, user_id) do nothing;
  end if;
  return null;
end;
$$;

create trigger cleaning_tasks_c_default_housekeeper after insert on public.cleaning_tasks
for each row when (new.turnover_for is not null)
execute function private.cleaning_tasks_assign_default_housekeeper();

revoke all on function private.cleaning_tasks_assign_default_housekeeper()
  from public, anon, authenticated, service_role;
