-- Demo recurring tasks (docs/recurring.md): pool service twice a week (Monday and Thursday) at the
-- villas with a pool, AC filters on the first Tuesday of every month, pest control every quarter
-- for every villa of Oia (a schedule by area), and a weekly linen check on Wednesdays, written by
-- the demo manager; the work orders go to Kostas (not the demo technician's login, whose screens
-- the tests count). Saving a schedule makes its occurrences (the table's triggers); the seed still
-- ends with one generation run, as the scheduler would. Starts today (the company's day), so the
-- occurrences are relative to the day the seed runs, like the stays.

insert into public.recurring_schedules (
  id, title, kind, cleaning_type_id, category, priority, description, checklist, area, rrule,
  window_start, window_end, default_assignee_id, horizon_days, created_by, updated_by
)
select v.id::uuid, v.title, v.kind::public.recurring_kind,
  (select ct.id from public.cleaning_types ct where ct.code = v.clean_type),
  v.category::public.work_order_category, v.priority::public.work_order_priority, v.description,
  v.checklist::jsonb, v.area, v.rrule, v.ws::time, v.we::time, v.assignee::uuid, v.horizon,
  'a11ce000-0000-4000-8000-000000000002'::uuid, 'a11ce000-0000-4000-8000-000000000002'::uuid
from (values
  ('5ec00000-0000-4000-8000-000000000001', 'Pool service', 'work_order', null, 'pool', 'medium',
    'Skim, brush, vacuum and balance the water.',
    '["Skim the surface and empty the baskets", "Brush walls and steps", "Vacuum the floor", "Test and balance pH and chlorine", "Backwash the filter when the pressure is high"]',
    null, 'FREQ=WEEKLY;BYDAY=MO,TH', '09:00', '12:00', 'a11ce000-0000-4000-8000-000000000007', 30),
  ('5ec00000-0000-4000-8000-000000000002', 'AC filters', 'work_order', null, 'ac', 'low',
    'Clean the filters of every indoor unit.',
    '["Wash and dry the filters", "Check the condensate drain", "Note any unit that smells or drips"]',
    null, 'FREQ=MONTHLY;BYDAY=1TU', '10:00', '15:00', 'a11ce000-0000-4000-8000-000000000007', 45),
  ('5ec00000-0000-4000-8000-000000000003', 'Pest control', 'work_order', null, 'pest', 'medium',
    'Quarterly treatment by the contractor; someone lets them in.',
    '["Let the contractor in", "Keep guests out of treated rooms for two hours"]',
    'Oia, Santorini', 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', '08:00', '11:00', null, 100),
  ('5ec00000-0000-4000-8000-000000000004', 'Linen check', 'clean', 'inspection', 'other', 'medium',
    'Count linen and towels against par; bag anything stained or torn.', '[]',
    null, 'FREQ=WEEKLY;BYDAY=WE', '11:00', '13:00', 'a11ce000-0000-4000-8000-000000000003', 30)
) as v (id, title, kind, clean_type, category, priority, description, checklist, area, rrule, ws, we,
  assignee, horizon);

insert into public.recurring_schedule_properties (schedule_id, property_id)
select v.s::uuid, v.p::uuid
from (values
  -- Pool service: the villas with a pool.
  ('5ec00000-0000-4000-8000-000000000001', 'b1a00000-0000-4000-8000-000000000001'),
  ('5ec00000-0000-4000-8000-000000000001', 'b1a00000-0000-4000-8000-000000000003'),
  ('5ec00000-0000-4000-8000-000000000001', 'b1a00000-0000-4000-8000-000000000005'),
  ('5ec00000-0000-4000-8000-000000000001', 'b1a00000-0000-4000-8000-000000000007'),
  -- AC filters: the larger villas.
  ('5ec00000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000001'),
  ('5ec00000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000003'),
  ('5ec00000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000005'),
  ('5ec00000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000007'),
  ('5ec00000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000008'),
  ('5ec00000-0000-4000-8000-000000000002', 'b1a00000-0000-4000-8000-000000000010'),
  -- Linen check: the Santorini villas.
  ('5ec00000-0000-4000-8000-000000000004', 'b1a00000-0000-4000-8000-000000000001'),
  ('5ec00000-0000-4000-8000-000000000004', 'b1a00000-0000-4000-8000-000000000002'),
  ('5ec00000-0000-4000-8000-000000000004', 'b1a00000-0000-4000-8000-000000000003')
) as v (s, p);

select public.generate_recurring();
