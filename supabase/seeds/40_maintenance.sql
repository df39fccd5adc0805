-- Demo maintenance (docs/maintenance.md): a second demo technician beside Giorgos, and 40 work
-- orders over the demo villas in every status - reported by housekeepers and the manager, from
-- checklists, guest complaints and recurring service - with labour, parts and contractor costs on
-- the finished ones, two urgent blocking problems that keep their villas from being guest-ready,
-- comments, before and after photos and a timeline. Relative to the day the seed runs, like the stays.

-- ---------------------------------------------------------------------------------------------
-- A second demo technician (as seed.sql makes the demo accounts; password arivia-demo)
-- ---------------------------------------------------------------------------------------------

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token
)
values (
  '00000000-0000-0000-0000-000000000000', 'a11ce000-0000-4000-8000-000000000007', 'authenticated',
  'authenticated', 'kostas@arivia.local',
  -- bcrypt (cost 10) of 'arivia-demo', as in seed.sql.
  '$2b$10$4sbKLO8GwKk1JeHKz8NT8OPNUYVdkfeXlt5qkMnFGYmtFuEXHHrR.',
  now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
  '{"full_name": "Kostas Petrou"}'::jsonb, now(), now(),
  '', '', '', '', '', '', '', ''
);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u
where u.email = 'kostas@arivia.local';

update public.profiles set phone = '+30 695 227 9034' where id = 'a11ce000-0000-4000-8000-000000000007';

delete from public.user_roles where user_id = 'a11ce000-0000-4000-8000-000000000007';
insert into public.user_roles (user_id, role_id)
select 'a11ce000-0000-4000-8000-000000000007'::uuid, r.id from public.roles r where r.name = 'technician';

-- ---------------------------------------------------------------------------------------------
-- Work orders
-- ---------------------------------------------------------------------------------------------

create temporary table demo_work_orders as
select
  w.id::uuid as id, w.property_id::uuid as property_id, w.title, w.description, w.location,
  w.category::public.work_order_category as category, w.priority::public.work_order_priority as priority,
  w.status::public.work_order_status as status, w.assignee_id::uuid as assignee_id,
  w.reporter_id::uuid as reporter_id, w.blocking, w.labour_minutes, w.parts_cost::numeric as parts_cost,
  w.labour_cost::numeric as labour_cost, w.external_cost::numeric as external_cost,
  w.source::public.work_order_source as source, now() - make_interval(days => w.age_days, hours => 3) as created_at,
  w.due_at
from (values
  ('3a0c0000-0000-4000-8000-000000000001', 'b1a00000-0000-4000-8000-000000000001', 'Infinity pool pump tripping the breaker', 'Pump trips the breaker about ten minutes after it starts; water level is fine.', 'Pool plant room', 'pool', 'urgent', 'in_progress', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000003', true, 75, 0, 37.5, 0, 'reported', 1, coalesce(private.next_check_in('b1a00000-0000-4000-8000-000000000001'::uuid), now() + interval '1 days')),
  ('3a0c0000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000003', 'Master bathroom ceiling leak', 'Brown stain over the shower, dripping after the upstairs shower is used.', 'Master bathroom', 'plumbing', 'urgent', 'assigned', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000005', true, 0, 0, 0, 0, 'checklist_item', 0, coalesce(private.next_check_in('b1a00000-0000-4000-8000-000000000003'::uuid), now() + interval '2 days')),
  ('3a0c0000-0000-4000-8000-000000000003', 'b1a00000-0000-4000-8000-000000000007', 'Air-conditioning not cooling in bedroom 2', 'Guests said the unit blows warm air; remote shows no error code.', 'Bedroom 2', 'ac', 'high', 'open', null, 'a11ce000-0000-4000-8000-000000000006', false, 0, 0, 0, 0, 'guest_complaint', 0, now() + interval '3 days'),
  ('3a0c0000-0000-4000-8000-000000000004', 'b1a00000-0000-4000-8000-000000000005', 'Outdoor shower head snapped off', 'Shower head came off in the hand; the pipe thread looks fine.', 'Pool terrace', 'plumbing', 'medium', 'open', null, 'a11ce000-0000-4000-8000-000000000003', false, 0, 0, 0, 0, 'reported', 2, null),
  ('3a0c0000-0000-4000-8000-000000000005', 'b1a00000-0000-4000-8000-000000000010', 'Gate intercom has no sound', 'Camera works, no audio either way.', 'Front gate', 'electrical', 'medium', 'open', null, 'a11ce000-0000-4000-8000-000000000005', false, 0, 0, 0, 0, 'reported', 3, null),
  ('3a0c0000-0000-4000-8000-000000000006', 'b1a00000-0000-4000-8000-000000000008', 'Dishwasher leaves white residue', 'Probably out of salt or the softener is set wrong.', 'Kitchen', 'appliance', 'low', 'open', null, 'a11ce000-0000-4000-8000-000000000006', false, 0, 0, 0, 0, 'checklist_item', 4, null),
  ('3a0c0000-0000-4000-8000-000000000007', 'b1a00000-0000-4000-8000-000000000011', 'Olive tree branch over the parking', 'Low branch scrapes the roof of taller cars.', 'Parking', 'garden', 'low', 'open', null, 'a11ce000-0000-4000-8000-000000000002', false, 0, 0, 0, 0, 'reported', 6, null),
  ('3a0c0000-0000-4000-8000-000000000008', 'b1a00000-0000-4000-8000-000000000002', 'Dehumidifier in bedroom 1 not switching on', 'Cave house: run the spare from the store room meanwhile.', 'Bedroom 1', 'appliance', 'high', 'assigned', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000003', false, 0, 0, 0, 0, 'checklist_item', 1, now() + interval '4 days'),
  ('3a0c0000-0000-4000-8000-000000000009', 'b1a00000-0000-4000-8000-000000000009', 'Loose handrail on the cliff stairs', 'Two anchors pulled out of the wall at the bend.', 'Outdoor stairs', 'structure', 'high', 'assigned', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000002', false, 0, 0, 0, 0, 'reported', 2, now() + interval '5 days'),
  ('3a0c0000-0000-4000-8000-000000000010', 'b1a00000-0000-4000-8000-000000000012', 'Kitchenette hob ring not heating', 'Front left ring only; the others are fine.', 'Kitchenette', 'appliance', 'medium', 'assigned', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000005', false, 0, 0, 0, 0, 'reported', 3, now() + interval '6 days'),
  ('3a0c0000-0000-4000-8000-000000000011', 'b1a00000-0000-4000-8000-000000000004', 'Jacuzzi jets weak', '', 'Terrace jacuzzi', 'pool', 'medium', 'assigned', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000006', false, 0, 0, 0, 0, 'guest_complaint', 2, now() + interval '7 days'),
  ('3a0c0000-0000-4000-8000-000000000012', 'b1a00000-0000-4000-8000-000000000001', 'Ants along the kitchen window', 'Quarterly pest control visit, plus the trail by the window.', 'Kitchen', 'pest', 'low', 'assigned', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000003', false, 0, 0, 0, 0, 'recurring', 5, now() + interval '10 days'),
  ('3a0c0000-0000-4000-8000-000000000013', 'b1a00000-0000-4000-8000-000000000007', 'Pool light flickering', 'Underwater light 2 of 3 flickers when the pump runs.', 'Pool', 'electrical', 'medium', 'in_progress', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 40, 0, 20.0, 0, 'reported', 4, now() + interval '2 days'),
  ('3a0c0000-0000-4000-8000-000000000014', 'b1a00000-0000-4000-8000-000000000003', 'Terrace door does not lock', 'Lock turns but the bolt does not engage.', 'Living room terrace door', 'structure', 'high', 'in_progress', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000006', false, 30, 0, 15.0, 0, 'checklist_item', 1, now() + interval '1 days'),
  ('3a0c0000-0000-4000-8000-000000000015', 'b1a00000-0000-4000-8000-000000000008', 'Water heater thermostat replacement', 'Thermostat part ordered from Mykonos town.', 'Utility room', 'plumbing', 'medium', 'in_progress', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000005', false, 90, 34.5, 45.0, 0, 'reported', 6, now() + interval '3 days'),
  ('3a0c0000-0000-4000-8000-000000000016', 'b1a00000-0000-4000-8000-000000000010', 'AC filters - quarterly service', 'Clean and replace filters in four units.', 'All bedrooms', 'ac', 'low', 'in_progress', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000002', false, 60, 18, 30.0, 0, 'recurring', 2, now() + interval '5 days'),
  ('3a0c0000-0000-4000-8000-000000000017', 'b1a00000-0000-4000-8000-000000000005', 'Irrigation zone 3 leaking', 'Waiting for a replacement valve from the supplier in Paros.', 'Garden, lower terrace', 'garden', 'low', 'on_hold', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 45, 0, 22.5, 0, 'reported', 9, now() + interval '8 days'),
  ('3a0c0000-0000-4000-8000-000000000018', 'b1a00000-0000-4000-8000-000000000011', 'Washing machine drum bearing noise', 'Technician from the appliance dealer booked for next week.', 'Laundry', 'appliance', 'medium', 'on_hold', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000003', false, 30, 0, 15.0, 0, 'reported', 12, now() + interval '6 days'),
  ('3a0c0000-0000-4000-8000-000000000019', 'b1a00000-0000-4000-8000-000000000009', 'Crack in the pool coping stone', 'Stone mason quote requested; area taped off.', 'Pool edge', 'structure', 'medium', 'on_hold', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000006', false, 20, 0, 10.0, 0, 'checklist_item', 15, now() + interval '12 days'),
  ('3a0c0000-0000-4000-8000-000000000020', 'b1a00000-0000-4000-8000-000000000002', 'Damp patch on cave wall', 'Lime wash after the wall dries; dehumidifier running.', 'Living room', 'structure', 'medium', 'on_hold', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 60, 22, 30.0, 0, 'reported', 20, now() + interval '14 days'),
  ('3a0c0000-0000-4000-8000-000000000021', 'b1a00000-0000-4000-8000-000000000004', 'Bathroom extractor fan noisy', 'Fan bearing replaced.', 'Bathroom', 'electrical', 'low', 'resolved', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000005', false, 35, 14, 17.5, 0, 'reported', 6, null),
  ('3a0c0000-0000-4000-8000-000000000022', 'b1a00000-0000-4000-8000-000000000012', 'Shower drain slow', 'Cleared hair and soap from the trap.', 'Shower', 'plumbing', 'medium', 'resolved', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000003', false, 25, 0, 12.5, 0, 'checklist_item', 4, null),
  ('3a0c0000-0000-4000-8000-000000000023', 'b1a00000-0000-4000-8000-000000000007', 'Sun lounger slats broken', 'Two slats replaced; varnished.', 'Pool deck', 'other', 'low', 'resolved', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000006', false, 40, 28, 20.0, 0, 'reported', 8, null),
  ('3a0c0000-0000-4000-8000-000000000024', 'b1a00000-0000-4000-8000-000000000001', 'Caldera terrace lights out', 'Transformer replaced; all six lights working.', 'Terrace', 'electrical', 'high', 'resolved', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 80, 46, 40.0, 0, 'guest_complaint', 3, null),
  ('3a0c0000-0000-4000-8000-000000000025', 'b1a00000-0000-4000-8000-000000000008', 'Fridge door seal torn', 'New seal fitted.', 'Kitchen', 'appliance', 'medium', 'resolved', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000005', false, 30, 38, 15.0, 0, 'checklist_item', 5, null),
  ('3a0c0000-0000-4000-8000-000000000026', 'b1a00000-0000-4000-8000-000000000003', 'Wasps nest under the pergola', 'Removed by the pest control contractor.', 'Pergola', 'pest', 'high', 'resolved', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000003', false, 20, 0, 10.0, 95, 'reported', 7, null),
  ('3a0c0000-0000-4000-8000-000000000027', 'b1a00000-0000-4000-8000-000000000010', 'Toilet cistern running', 'Flapper valve replaced.', 'Bathroom 2', 'plumbing', 'low', 'resolved', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000006', false, 20, 9.5, 10.0, 0, 'reported', 2, null),
  ('3a0c0000-0000-4000-8000-000000000028', 'b1a00000-0000-4000-8000-000000000005', 'Pool pH dosing pump alarm', 'Dosing pump replaced under warranty; calibrated.', 'Pool plant room', 'pool', 'high', 'closed', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 60, 120, 30.0, 0, 'reported', 25, null),
  ('3a0c0000-0000-4000-8000-000000000029', 'b1a00000-0000-4000-8000-000000000001', 'Bedroom 3 blackout blind stuck', 'Cord re-threaded.', 'Bedroom 3', 'other', 'low', 'closed', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000003', false, 30, 0, 15.0, 0, 'reported', 30, null),
  ('3a0c0000-0000-4000-8000-000000000030', 'b1a00000-0000-4000-8000-000000000007', 'Generator service', 'Annual service: oil, filters, test run under load.', 'Generator shed', 'electrical', 'medium', 'closed', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 120, 85, 60.0, 0, 'recurring', 40, null),
  ('3a0c0000-0000-4000-8000-000000000031', 'b1a00000-0000-4000-8000-000000000002', 'Kitchen tap dripping', 'Cartridge replaced.', 'Kitchen', 'plumbing', 'low', 'closed', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000003', false, 15, 6, 7.5, 0, 'checklist_item', 35, null),
  ('3a0c0000-0000-4000-8000-000000000032', 'b1a00000-0000-4000-8000-000000000009', 'Roof terrace waterproofing', 'Membrane redone by the roofing contractor before the season.', 'Roof', 'structure', 'high', 'closed', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000002', false, 90, 0, 45.0, 1450, 'reported', 60, null),
  ('3a0c0000-0000-4000-8000-000000000033', 'b1a00000-0000-4000-8000-000000000011', 'Garden lights timer wrong', 'Timer reset after the power cut.', 'Garden', 'electrical', 'low', 'closed', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000006', false, 15, 0, 7.5, 0, 'reported', 28, null),
  ('3a0c0000-0000-4000-8000-000000000034', 'b1a00000-0000-4000-8000-000000000012', 'Mosquito screens torn', 'Two screens re-meshed.', 'Bedroom', 'pest', 'low', 'closed', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000005', false, 40, 24, 20.0, 0, 'guest_complaint', 22, null),
  ('3a0c0000-0000-4000-8000-000000000035', 'b1a00000-0000-4000-8000-000000000004', 'Suite safe battery flat', 'Batteries replaced; code reset to the default.', 'Wardrobe', 'other', 'medium', 'closed', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000005', false, 10, 5, 5.0, 0, 'guest_complaint', 18, null),
  ('3a0c0000-0000-4000-8000-000000000036', 'b1a00000-0000-4000-8000-000000000008', 'Pool cover motor jammed', 'Motor rewound by the pool company.', 'Pool', 'pool', 'high', 'closed', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 110, 0, 55.0, 380, 'reported', 45, null),
  ('3a0c0000-0000-4000-8000-000000000037', 'b1a00000-0000-4000-8000-000000000006', 'Full electrical check before reopening', 'Renovation: the electrician signs off before the house takes guests again.', 'Whole house', 'electrical', 'medium', 'open', null, 'a11ce000-0000-4000-8000-000000000002', false, 0, 0, 0, 0, 'reported', 10, now() + interval '30 days'),
  ('3a0c0000-0000-4000-8000-000000000038', 'b1a00000-0000-4000-8000-000000000006', 'Repaint the exterior walls', 'Waiting for the renovation works to finish.', 'Exterior', 'structure', 'low', 'on_hold', 'a11ce000-0000-4000-8000-000000000007', 'a11ce000-0000-4000-8000-000000000002', false, 0, 0, 0, 0, 'reported', 50, now() + interval '40 days'),
  ('3a0c0000-0000-4000-8000-000000000039', 'b1a00000-0000-4000-8000-000000000010', 'Pool heat pump error E3', 'Flow sensor error; check the filter first.', 'Pool plant room', 'pool', 'medium', 'assigned', 'a11ce000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', false, 0, 0, 0, 0, 'reported', 1, now() + interval '8 days'),
  ('3a0c0000-0000-4000-8000-000000000040', 'b1a00000-0000-4000-8000-000000000003', 'Guest reported a weak Wi-Fi signal upstairs', 'Consider a second access point.', 'Upper floor', 'electrical', 'low', 'open', null, 'a11ce000-0000-4000-8000-000000000002', false, 0, 0, 0, 0, 'guest_complaint', 1, null)
) as w (id, property_id, title, description, location, category, priority, status, assignee_id,
  reporter_id, blocking, labour_minutes, parts_cost, labour_cost, external_cost, source, age_days, due_at);

insert into public.work_orders (
  id, property_id, title, description, location, category, priority, status, version, assignee_id,
  reporter_id, due_at, blocking, labour_minutes, parts_cost, labour_cost, external_cost, source,
  resolution_notes, started_at, resolved_at, closed_at, created_by, updated_by
)
select
  d.id, d.property_id, d.title,
  case when d.status in ('resolved', 'closed') then '' else d.description end,
  d.location, d.category, d.priority, d.status,
  case d.status when 'open' then 1 when 'assigned' then 2 when 'in_progress' then 3
    when 'on_hold' then 4 when 'resolved' then 4 else 5 end,
  d.assignee_id, d.reporter_id, d.due_at, d.blocking, d.labour_minutes, d.parts_cost, d.labour_cost,
  d.external_cost, d.source,
  case when d.status in ('resolved', 'closed') then d.description else '' end,
  case when d.status not in ('open', 'assigned') then d.created_at + interval '20 hours' end,
  case when d.status in ('resolved', 'closed') then d.created_at + interval '1 day 4 hours' end,
  case when d.status = 'closed' then d.created_at + interval '2 days' end,
  d.reporter_id, d.reporter_id
from demo_work_orders d;

-- When they were reported (the insert stamps now()), and the timeline the database would have
-- written on the way to each status.
update public.work_orders w set created_at = d.created_at from demo_work_orders d where w.id = d.id;
update public.work_order_activity a set at = d.created_at, actor_id = d.reporter_id, to_status = 'open'
from demo_work_orders d where a.work_order_id = d.id and a.action = 'created';

insert into public.work_order_activity (work_order_id, at, actor_id, action, from_status, to_status, details)
select d.id, d.created_at + s.after, case when s.to_status in ('assigned', 'closed') then
    'a11ce000-0000-4000-8000-000000000002'::uuid else d.assignee_id end,
  'status', s.from_status::public.work_order_status, s.to_status::public.work_order_status, '{}'::jsonb
from demo_work_orders d
join (values
  (1, 'open', 'assigned', interval '2 hours'),
  (2, 'assigned', 'in_progress', interval '20 hours'),
  (3, 'in_progress', 'on_hold', interval '22 hours'),
  (3, 'in_progress', 'resolved', interval '1 day 4 hours'),
  (4, 'resolved', 'closed', interval '2 days')
) as s (step, from_status, to_status, after) on (
  case d.status when 'assigned' then 1 when 'in_progress' then 2 when 'on_hold' then 3
    when 'resolved' then 3 when 'closed' then 4 else 0 end) >= s.step
  and (s.to_status <> 'on_hold' or d.status = 'on_hold')
  and (s.to_status <> 'resolved' or d.status in ('resolved', 'closed'));

insert into public.work_order_activity (work_order_id, at, actor_id, action, details)
select d.id, d.created_at + interval '2 hours', 'a11ce000-0000-4000-8000-000000000002'::uuid, 'assigned',
  jsonb_build_object('user_id', d.assignee_id, 'previous_user_id', null)
from demo_work_orders d
where d.assignee_id is not null;

insert into public.work_order_comments (work_order_id, author_id, body, created_at) values
  ('3a0c0000-0000-4000-8000-000000000001', 'a11ce000-0000-4000-8000-000000000004',
    'Capacitor looks burnt. I have a spare in the van, back after lunch.', now() - interval '20 hours'),
  ('3a0c0000-0000-4000-8000-000000000001', 'a11ce000-0000-4000-8000-000000000002',
    'Guests arrive tomorrow at 15:00 - please confirm once the pool is running.', now() - interval '18 hours'),
  ('3a0c0000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000005',
    'Bucket under the drip; towels on the floor. Upstairs shower taped off.', now() - interval '2 hours'),
  ('3a0c0000-0000-4000-8000-000000000015', 'a11ce000-0000-4000-8000-000000000004',
    'Part ordered, arrives on the morning ferry.', now() - interval '3 days'),
  ('3a0c0000-0000-4000-8000-000000000017', 'a11ce000-0000-4000-8000-000000000004',
    'Supplier says the valve ships Thursday. Zone 3 is switched off until then.', now() - interval '6 days'),
  ('3a0c0000-0000-4000-8000-000000000032', 'a11ce000-0000-4000-8000-000000000002',
    'Invoice from Cyclades Roofing paid, warranty five years.', now() - interval '55 days');

update public.work_order_activity a set at = c.created_at, actor_id = c.author_id
from public.work_order_comments c
where a.action = 'comment' and (a.details ->> 'comment_id')::uuid = c.id
  and c.work_order_id in (select id from demo_work_orders);

-- Photos: the files are under seeds/work-order-photos/<work order id>/ (drawn by
-- scripts/generate-work-order-photos.ts) and reach the work-order-photos bucket through
-- config.toml's objects_path; a "before" taken by whoever reported it, an "after" by the
-- technician who fixed it.
insert into public.work_order_photos (work_order_id, kind, storage_path, created_by, created_at)
select d.id, p.kind::public.work_order_photo_kind, d.id::text || '/' || p.file,
  case p.kind when 'before' then d.reporter_id else d.assignee_id end,
  case p.kind when 'before' then d.created_at + interval '5 minutes'
    else d.created_at + interval '1 day 3 hours' end
from demo_work_orders d
join (values
  ('3a0c0000-0000-4000-8000-000000000001', 'before', 'before-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000002', 'before', 'before-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000004', 'before', 'before-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000019', 'before', 'before-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000022', 'after', 'after-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000023', 'after', 'after-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000024', 'before', 'before-1.jpg'),
  ('3a0c0000-0000-4000-8000-000000000024', 'after', 'after-1.jpg')
) as p (work_order_id, kind, file) on p.work_order_id::uuid = d.id;

update public.work_order_activity a set at = p.created_at, actor_id = p.created_by
from public.work_order_photos p
where a.action = 'photo' and (a.details ->> 'photo_id')::uuid = p.id
  and p.work_order_id in (select id from demo_work_orders);

drop table demo_work_orders;

