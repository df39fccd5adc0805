-- Why: the four roles, the permission catalogue and the default matrix must exist on every
-- deployment, not only on a seeded local one: `supabase db push` never runs seed.sql, yet the code
-- names these roles and keys, and the first-account rule needs the admin role. So they live in a
-- migration; seed.sql adds only the demo accounts. Admins edit the matrix afterwards
-- (role_permissions); a later migration adds keys as areas need them.
--
-- Default matrix (ARCHITECTURE.md leaves it to the product):
--   admin        every key
--   manager      every key except admin.*
--   housekeeper  properties.view/access, housekeeping.view/complete, maintenance.view/report,
--                inventory.view/adjust, chat.use
--   technician   properties.view/access, housekeeping.view, maintenance.view/report/work,
--                inventory.view/adjust, chat.use
-- Field staff get no reservations.view (guest names and contacts stay with the office; their tasks
-- carry the cleaning window), no analytics and no *.manage. Technicians get maintenance.work
-- (progress, parts, time and photos on work orders) rather than maintenance.manage (assign,
-- prioritise, close, delete).

insert into public.permissions (key, area, description) values
  ('properties.view', 'properties', 'See villas, their details and guest-ready state'),
  ('properties.manage', 'properties', 'Create, edit and archive villas'),
  ('properties.access', 'properties', 'See access codes, key-safe and Wi-Fi notes'),
  ('reservations.view', 'reservations', 'See reservations and guest details'),
  ('reservations.manage', 'reservations', 'Enter, edit and import reservations (iCal)'),
  ('housekeeping.view', 'housekeeping', 'See cleaning tasks and schedules'),
  ('housekeeping.complete', 'housekeeping', 'Start, tick off and complete assigned cleans'),
  ('housekeeping.manage', 'housekeeping', 'Create, assign, reschedule and inspect cleans'),
  ('checklists.manage', 'checklists', 'Edit checklist templates'),
  ('maintenance.view', 'maintenance', 'See work orders'),
  ('maintenance.report', 'maintenance', 'Report a problem as a work order'),
  ('maintenance.work', 'maintenance', 'Update assigned work orders: progress, parts, time, photos'),
  ('maintenance.manage', 'maintenance', 'Assign, prioritise, close and delete work orders'),
  ('inventory.view', 'inventory', 'See items and stock levels'),
  ('inventory.adjust', 'inventory', 'Record consumption, counts and transfers'),
  ('inventory.manage', 'inventory', 'Edit items, locations and par levels; receive stock'),
  ('chat.use', 'chat', 'Use team chat'),
  ('analytics.view', 'analytics', 'See analytics and export reports'),
  ('settings.manage', 'settings', 'Edit cleaning settings and recurring task schedules'),
  ('admin.users', 'admin', 'Manage users, their roles and permission overrides'),
  ('admin.roles', 'admin', 'Manage roles and the permission matrix'),
  ('admin.settings', 'admin', 'Edit system settings'),
  ('admin.health', 'admin', 'See system health');

insert into public.roles (name, description, is_system) values
  ('admin', 'Users, roles, permissions, system settings and health; everything a manager does', true),
  ('manager', 'Plans and oversees properties, reservations, cleaning, maintenance and stock', true),
  ('housekeeper', 'Cleans villas: today''s route, checklists, photos, reporting problems', true),
  ('technician', 'Resolves work orders: repairs, parts used, time spent', true);

-- Every role × key cell is stored, so the admin matrix edits rows rather than creating them.
insert into public.role_permissions (role_id, permission_key, granted)
select r.id, p.key,
  case r.name
    when 'admin' then true
    when 'manager' then p.area <> 'admin'
    when 'housekeeper' then p.key in (
      'properties.view', 'properties.access', 'housekeeping.view', 'housekeeping.complete',
      'maintenance.view', 'maintenance.report', 'inventory.view', 'inventory.adjust', 'chat.use')
    when 'technician' then p.key in (
      'properties.view', 'properties.access', 'housekeeping.view', 'maintenance.view',
      'maintenance.report', 'maintenance.work', 'inventory.view', 'inventory.adjust', 'chat.use')
    else false
  end
from public.roles r
cross join public.permissions p;
