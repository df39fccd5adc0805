-- Demo housekeeping (docs/housekeeping.md): two more housekeepers beside Maria, three checklist
-- templates (villa turnover with rooms, pool and outdoor areas; studio turnover; inspection), the
-- cleaning types pointing at them, per-villa overrides and default housekeepers, and the turnovers
-- the demo stays of 20_reservations.sql made (the database made them; this file fills in their
-- checklists, assigns them and plays out the past: done, inspected where required, two late).
-- Relative to the day the seed runs, like the stays.

-- ---------------------------------------------------------------------------------------------
-- Two more demo housekeepers (as seed.sql makes the demo accounts; password arivia-demo)
-- ---------------------------------------------------------------------------------------------

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token
)
select
  '00000000-0000-0000-0000-000000000000', u.id::uuid, 'authenticated', 'authenticated', u.email,
  -- bcrypt (cost 10) of 'arivia-demo', as in seed.sql.
  '$2b$10$4sbKLO8GwKk1JeHKz8NT8OPNUYVdkfeXlt5qkMnFGYmtFuEXHHrR.',
  now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('full_name', u.full_name), now(), now(),
  '', '', '', '', '', '', '', ''
from (values
  ('a11ce000-0000-4000-8000-000000000005', 'sofia@arivia.local', 'Sofia Alexiou'),
  ('a11ce000-0000-4000-8000-000000000006', 'anna@arivia.local', 'Anna Roussaki')
) as u (id, email, full_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u
where u.email in ('sofia@arivia.local', 'anna@arivia.local');

update public.profiles p
set phone = d.phone
from (values
  ('a11ce000-0000-4000-8000-000000000005', '+30 694 118 2207'),
  ('a11ce000-0000-4000-8000-000000000006', '+30 697 540 3318')
) as d (id, phone)
where p.id = d.id::uuid;

delete from public.user_roles
where user_id in ('a11ce000-0000-4000-8000-000000000005', 'a11ce000-0000-4000-8000-000000000006');
insert into public.user_roles (user_id, role_id)
select u.id::uuid, r.id
from (values ('a11ce000-0000-4000-8000-000000000005'), ('a11ce000-0000-4000-8000-000000000006')) as u (id)
join public.roles r on r.name = 'housekeeper';

-- ---------------------------------------------------------------------------------------------
-- Checklist templates (versions are numbered and made current by the database)
-- ---------------------------------------------------------------------------------------------

insert into public.checklist_templates (id, name, description, created_by, updated_by) values
  ('c1ec0000-0000-4000-8000-000000000001', 'Villa turnover',
    'Full turnover of a villa between stays: rooms, kitchen, bathrooms, pool, terraces and garden.',
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002'),
  ('c1ec0000-0000-4000-8000-000000000002', 'Studio turnover',
    'Quick turnover for studios and suites: one room, kitchenette, bathroom, terrace.',
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002'),
  ('c1ec0000-0000-4000-8000-000000000003', 'Inspection',
    'What the inspector checks before a villa is released for arrival.',
    'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002');

insert into public.checklist_template_versions (id, template_id, content, created_by) values
('c1ec0000-0000-4000-8000-000000000101', 'c1ec0000-0000-4000-8000-000000000001', $json$
{"sections": [
  {"id": "entrance", "title": "Entrance and living room", "items": [
    {"id": "entrance-keys", "label": "Keys and remotes back in the key safe", "kind": "yes_no", "required": true, "critical": true},
    {"id": "living-dust", "label": "Dust surfaces, shelves and picture frames", "kind": "tick", "required": true, "critical": false},
    {"id": "living-floor", "label": "Vacuum and mop floors", "kind": "tick", "required": true, "critical": false},
    {"id": "living-photo", "label": "Photo of the living room", "kind": "photo", "required": true, "critical": false}]},
  {"id": "kitchen", "title": "Kitchen", "items": [
    {"id": "kitchen-dishes", "label": "Dishes washed and put away", "kind": "tick", "required": true, "critical": false},
    {"id": "kitchen-fridge", "label": "Fridge emptied and wiped", "kind": "tick", "required": true, "critical": false},
    {"id": "kitchen-appliances", "label": "Oven, hob and coffee machine working", "kind": "yes_no", "required": true, "critical": true},
    {"id": "kitchen-welcome", "label": "Welcome basket set (olive oil, wine, water)", "kind": "tick", "required": true, "critical": false}]},
  {"id": "bedrooms", "title": "Bedrooms", "items": [
    {"id": "bed-linen", "label": "Fresh linen on every bed", "kind": "tick", "required": true, "critical": false},
    {"id": "bed-wardrobes", "label": "Wardrobes empty, hangers and safe open", "kind": "tick", "required": true, "critical": false},
    {"id": "bed-ac", "label": "Air conditioning working, filters clean", "kind": "yes_no", "required": true, "critical": true},
    {"id": "bed-photo", "label": "Photo of the master bedroom", "kind": "photo", "required": true, "critical": false}]},
  {"id": "bathrooms", "title": "Bathrooms", "items": [
    {"id": "bath-clean", "label": "Toilet, shower and sink cleaned and disinfected", "kind": "tick", "required": true, "critical": false},
    {"id": "bath-towels", "label": "Towels replaced", "kind": "number", "required": true, "critical": false, "min": 2, "max": 24, "unit": "towels"},
    {"id": "bath-amenities", "label": "Amenities refilled (shampoo, gel, soap)", "kind": "tick", "required": true, "critical": false},
    {"id": "bath-leaks", "label": "No leaks under the sinks", "kind": "yes_no", "required": true, "critical": true}]},
  {"id": "pool", "title": "Pool and terrace", "items": [
    {"id": "pool-skim", "label": "Skim the pool and empty the baskets", "kind": "tick", "required": true, "critical": false},
    {"id": "pool-ph", "label": "Pool pH", "kind": "number", "required": true, "critical": false, "min": 7.2, "max": 7.6, "unit": "pH"},
    {"id": "pool-chlorine", "label": "Free chlorine", "kind": "number", "required": true, "critical": false, "min": 1, "max": 3, "unit": "ppm"},
    {"id": "pool-sunbeds", "label": "Sunbeds wiped, cushions out (tied down if windy)", "kind": "tick", "required": true, "critical": false},
    {"id": "pool-photo", "label": "Photo of the pool", "kind": "photo", "required": true, "critical": false}]},
  {"id": "outdoor", "title": "Outdoor areas", "items": [
    {"id": "out-sweep", "label": "Sweep terraces and steps", "kind": "tick", "required": true, "critical": false},
    {"id": "out-bbq", "label": "Barbecue cleaned", "kind": "tick", "required": false, "critical": false},
    {"id": "out-lights", "label": "Outdoor lights working", "kind": "yes_no", "required": true, "critical": false}]},
  {"id": "final", "title": "Before you leave", "items": [
    {"id": "final-notes", "label": "Anything broken, missing or left behind", "kind": "text", "required": false, "critical": false},
    {"id": "final-locked", "label": "Windows closed, doors locked, AC off", "kind": "tick", "required": true, "critical": false}]}
]}
$json$::jsonb, 'a11ce000-0000-4000-8000-000000000002'),
('c1ec0000-0000-4000-8000-000000000201', 'c1ec0000-0000-4000-8000-000000000002', $json$
{"sections": [
  {"id": "room", "title": "Room", "items": [
    {"id": "room-linen", "label": "Fresh linen, bed made", "kind": "tick", "required": true, "critical": false},
    {"id": "room-floor", "label": "Floors vacuumed and mopped", "kind": "tick", "required": true, "critical": false},
    {"id": "room-ac", "label": "Air conditioning working", "kind": "yes_no", "required": true, "critical": true},
    {"id": "room-photo", "label": "Photo of the room", "kind": "photo", "required": true, "critical": false}]},
  {"id": "kitchenette", "title": "Kitchenette", "items": [
    {"id": "kit-dishes", "label": "Dishes and fridge clean", "kind": "tick", "required": true, "critical": false},
    {"id": "kit-welcome", "label": "Welcome water and coffee capsules", "kind": "number", "required": true, "critical": false, "min": 4, "max": 20, "unit": "capsules"}]},
  {"id": "bathroom", "title": "Bathroom", "items": [
    {"id": "bath-clean", "label": "Bathroom cleaned and disinfected", "kind": "tick", "required": true, "critical": false},
    {"id": "bath-towels", "label": "Towels replaced", "kind": "number", "required": true, "critical": false, "min": 2, "max": 8, "unit": "towels"}]},
  {"id": "terrace", "title": "Terrace", "items": [
    {"id": "terrace-sweep", "label": "Terrace swept, jacuzzi cover on", "kind": "tick", "required": true, "critical": false},
    {"id": "terrace-notes", "label": "Notes for the office", "kind": "text", "required": false, "critical": false}]}
]}
$json$::jsonb, 'a11ce000-0000-4000-8000-000000000002'),
('c1ec0000-0000-4000-8000-000000000301', 'c1ec0000-0000-4000-8000-000000000003', $json$
{"sections": [
  {"id": "first-look", "title": "First look", "items": [
    {"id": "insp-smell", "label": "Villa smells fresh on entry", "kind": "yes_no", "required": true, "critical": false},
    {"id": "insp-photo", "label": "Photo of the entrance", "kind": "photo", "required": true, "critical": false}]},
  {"id": "rooms", "title": "Rooms", "items": [
    {"id": "insp-beds", "label": "Beds made to standard", "kind": "yes_no", "required": true, "critical": true},
    {"id": "insp-bathrooms", "label": "Bathrooms spotless", "kind": "yes_no", "required": true, "critical": true},
    {"id": "insp-score", "label": "Overall score", "kind": "number", "required": true, "critical": false, "min": 1, "max": 10}]},
  {"id": "outside", "title": "Pool and outside", "items": [
    {"id": "insp-pool", "label": "Pool clear, chemistry in range", "kind": "yes_no", "required": true, "critical": true},
    {"id": "insp-remarks", "label": "Remarks for the housekeeper", "kind": "text", "required": false, "critical": false}]}
]}
$json$::jsonb, 'a11ce000-0000-4000-8000-000000000002');

update public.cleaning_types t
set default_template_id = case t.code
    when 'turnover' then 'c1ec0000-0000-4000-8000-000000000001'::uuid
    when 'deep_clean' then 'c1ec0000-0000-4000-8000-000000000001'::uuid
    when 'mid_stay' then 'c1ec0000-0000-4000-8000-000000000002'::uuid
    when 'inspection' then 'c1ec0000-0000-4000-8000-000000000003'::uuid
  end,
  updated_by = 'a11ce000-0000-4000-8000-000000000002'
where t.code is not null;

insert into public.cleaning_types (name, minutes_by_bedrooms, inspection_required, color, position, created_by, updated_by)
values ('Pool service', '{30,30,45,45,60}', false, '#0891b2', 4,
  'a11ce000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002');

-- ---------------------------------------------------------------------------------------------
-- Per-villa overrides and default housekeepers
-- ---------------------------------------------------------------------------------------------

insert into public.property_cleaning_overrides (property_id, cleaning_type_id, minutes, template_id, inspection_required, updated_by)
select p.id, t.id, o.minutes, o.template_id::uuid, o.inspection, 'a11ce000-0000-4000-8000-000000000002'::uuid
from (values
  -- Studios and suites follow the studio checklist.
  ('SAN-FIR-01', 'turnover', 70, 'c1ec0000-0000-4000-8000-000000000002', null::boolean),
  ('MIL-PLA-01', 'turnover', 60, 'c1ec0000-0000-4000-8000-000000000002', null),
  -- The two flagship villas are inspected after every turnover.
  ('SAN-IME-01', 'turnover', null, null, true),
  ('MYK-ORN-01', 'turnover', 300, null, true),
  -- Sand on every floor.
  ('PAR-NAO-01', 'turnover', 240, null, null)
) as o (code, type_code, minutes, template_id, inspection)
join public.properties p on p.code = o.code
join public.cleaning_types t on t.code = o.type_code;

insert into public.property_housekeeping (property_id, default_housekeeper_id, updated_by)
select p.id,
  case
    when p.area like '%Santorini' then 'a11ce000-0000-4000-8000-000000000003'::uuid
    when p.area like '%Mykonos' then 'a11ce000-0000-4000-8000-000000000006'::uuid
    else 'a11ce000-0000-4000-8000-000000000005'::uuid
  end,
  'a11ce000-0000-4000-8000-000000000002'::uuid
from public.properties p
where p.code ~ '^[A-Z]{3}-[A-Z]{3}-[0-9]{2}$';

-- ---------------------------------------------------------------------------------------------
-- The turnovers the demo stays made: checklists, assignments, what already happened
-- ---------------------------------------------------------------------------------------------

do $$
declare
  v_manager uuid := 'a11ce000-0000-4000-8000-000000000002';
  v_today date := (now() at time zone public.company_time_zone())::date;
  v_t record;
  v_hk uuid;
  v_h integer;
  v_late integer := 0;
begin
  -- They were made before the templates and overrides existed.
  update public.cleaning_tasks c
  set (checklist_version_id, estimated_minutes, inspection_required) = (
    select d.checklist_version_id, d.minutes, d.inspection_required
    from private.cleaning_defaults(c.property_id, c.cleaning_type_id) d)
  from public.properties p
  where p.id = c.property_id and p.code ~ '^[A-Z]{3}-[A-Z]{3}-[0-9]{2}$';

  for v_t in
    select c.id, c.window_start, c.due_at, c.day, c.estimated_minutes, c.inspection_required,
      p.code, h.default_housekeeper_id
    from public.cleaning_tasks c
    join public.properties p on p.id = c.property_id
    left join public.property_housekeeping h on h.property_id = p.id
    where p.code ~ '^[A-Z]{3}-[A-Z]{3}-[0-9]{2}$' and c.status = 'scheduled'
    order by c.window_start desc
  loop
    v_h := abs(hashtext(v_t.id::text));
    v_hk := v_t.default_housekeeper_id;
    -- Busy days: some cleans go to whoever has room.
    if v_h % 6 = 0 then
      v_hk := (array['a11ce000-0000-4000-8000-000000000003', 'a11ce000-0000-4000-8000-000000000005',
        'a11ce000-0000-4000-8000-000000000006'])[1 + (v_h / 7) % 3]::uuid;
    end if;
    -- A few upcoming cleans are still to be assigned.
    if v_t.day > v_today + 1 and v_h % 5 = 0 then
      v_hk := null;
    end if;
    if v_hk is not null then
      insert into public.cleaning_task_assignees (task_id, user_id, created_by)
      values (v_t.id, v_hk, v_manager);
    end if;

    if v_t.day < v_today or (v_t.day = v_today and v_t.window_start < now() - interval '4 hours') then
      -- Two recent cleans of active villas were never done: late.
      if v_late < 2 and v_t.day >= v_today - 3 and v_t.due_at < now() and v_t.code not in ('PAR-PAR-01')
        and v_hk is not null
      then
        v_late := v_late + 1;
        continue;
      end if;
      -- Everything else in the past happened, as the housekeeper would have recorded it.
      perform set_config('request.jwt.claims', json_build_object('sub', v_hk, 'role', 'service_role')::text, true);
      update public.cleaning_tasks c
      set status = case when v_t.inspection_required then 'inspected' else 'done' end::public.cleaning_task_status,
          version = c.version + case when v_t.inspection_required then 3 else 2 end,
          started_at = v_t.window_start + make_interval(mins => 20 + v_h % 40),
          finished_at = v_t.window_start + make_interval(mins => 20 + v_h % 40 + v_t.estimated_minutes - 15 + v_h % 30),
          inspected_at = case when v_t.inspection_required
            then v_t.window_start + make_interval(mins => 60 + v_h % 40 + v_t.estimated_minutes) end,
          inspected_by = case when v_t.inspection_required then v_manager end
      where c.id = v_t.id;
    elsif v_t.day = v_today and v_t.window_start < now() then
      -- Today, under way.
      perform set_config('request.jwt.claims', json_build_object('sub', v_hk, 'role', 'service_role')::text, true);
      update public.cleaning_tasks c
      set status = 'in_progress', version = c.version + 1,
          started_at = v_t.window_start + make_interval(mins => 15 + v_h % 30)
      where c.id = v_t.id and v_hk is not null;
    end if;
  end loop;
  perform set_config('request.jwt.claims', '', true);

  -- Cleans a manager planned by hand: a mid-stay clean in a long stay, a deep clean before the
  -- season's last weeks, an inspection of the flagship villa.
  perform set_config('request.jwt.claims', json_build_object('sub', v_manager, 'role', 'service_role')::text, true);
  insert into public.cleaning_tasks (id, property_id, cleaning_type_id, window_start, due_at, day, priority, notes)
  select x.id::uuid, p.id, t.id,
    ((v_today + x.day_offset) + time '10:00') at time zone public.company_time_zone(),
    ((v_today + x.day_offset) + time '16:00') at time zone public.company_time_zone(),
    v_today + x.day_offset, x.priority::public.cleaning_task_priority, x.notes
  from (values
    ('c1ea0000-0000-4000-8000-000000000001', 'MYK-AGS-01', 'mid_stay', 2, 'normal',
      'Guests asked for fresh towels and linen halfway through their stay.'),
    ('c1ea0000-0000-4000-8000-000000000002', 'NAX-CHO-01', 'deep_clean', 6, 'high',
      'Deep clean: curtains, mattresses turned, oven degreased.'),
    ('c1ea0000-0000-4000-8000-000000000003', 'SAN-IME-01', 'inspection', 1, 'normal',
      'Owner visiting next week: full inspection.')
  ) as x (id, code, type_code, day_offset, priority, notes)
  join public.properties p on p.code = x.code
  join public.cleaning_types t on t.code = x.type_code;
  insert into public.cleaning_task_assignees (task_id, user_id, created_by) values
    ('c1ea0000-0000-4000-8000-000000000001', 'a11ce000-0000-4000-8000-000000000006', v_manager),
    ('c1ea0000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000005', v_manager),
    ('c1ea0000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000003', v_manager);
  perform set_config('request.jwt.claims', '', true);
end;
$$;
