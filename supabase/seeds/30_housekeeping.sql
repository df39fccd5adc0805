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

-- The templates' names in Greek and Albanian (docs/i18n.md "Names the office writes").
update public.checklist_templates t
set name_i18n = v.names
from (values
  ('c1ec0000-0000-4000-8000-000000000001'::uuid, '{"el": "Αλλαγή επισκεπτών βίλας", "sq": "Ndërrim mysafirësh në vilë"}'::jsonb),
  ('c1ec0000-0000-4000-8000-000000000002'::uuid, '{"el": "Αλλαγή επισκεπτών στούντιο", "sq": "Ndërrim mysafirësh në studio"}'::jsonb),
  ('c1ec0000-0000-4000-8000-000000000003'::uuid, '{"el": "Επιθεώρηση", "sq": "Inspektim"}'::jsonb)
) as v(id, names)
where t.id = v.id;

insert into public.checklist_template_versions (id, template_id, content, created_by) values
('c1ec0000-0000-4000-8000-000000000101', 'c1ec0000-0000-4000-8000-000000000001', $json$
{"sections": [
  {"id": "entrance", "title": "Entrance and living room", "title_i18n": {"el": "Είσοδος και σαλόνι", "sq": "Hyrja dhe dhoma e ndenjes"}, "items": [
    {"id": "entrance-keys", "label": "Keys and remotes back in the key safe", "label_i18n": {"el": "Κλειδιά και τηλεχειριστήρια πίσω στο κουτί κλειδιών", "sq": "Çelësat dhe telekomandat përsëri në kutinë e çelësave"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "living-dust", "label": "Dust surfaces, shelves and picture frames", "label_i18n": {"el": "Ξεσκόνισμα σε επιφάνειες, ράφια και κάδρα", "sq": "Pluhuri në sipërfaqe, rafte dhe korniza"}, "kind": "tick", "required": true, "critical": false},
    {"id": "living-floor", "label": "Vacuum and mop floors", "label_i18n": {"el": "Σκούπισμα και σφουγγάρισμα πατωμάτων", "sq": "Fshirja dhe larja e dyshemeve"}, "kind": "tick", "required": true, "critical": false},
    {"id": "living-photo", "label": "Photo of the living room", "label_i18n": {"el": "Φωτογραφία του σαλονιού", "sq": "Foto e dhomës së ndenjes"}, "kind": "photo", "required": true, "critical": false}]},
  {"id": "kitchen", "title": "Kitchen", "title_i18n": {"el": "Κουζίνα", "sq": "Kuzhina"}, "items": [
    {"id": "kitchen-dishes", "label": "Dishes washed and put away", "label_i18n": {"el": "Πιάτα πλυμένα και στη θέση τους", "sq": "Enët të larë dhe në vend"}, "kind": "tick", "required": true, "critical": false},
    {"id": "kitchen-fridge", "label": "Fridge emptied and wiped", "label_i18n": {"el": "Ψυγείο άδειο και καθαρό", "sq": "Frigoriferi bosh dhe i fshirë"}, "kind": "tick", "required": true, "critical": false},
    {"id": "kitchen-appliances", "label": "Oven, hob and coffee machine working", "label_i18n": {"el": "Φούρνος, εστίες και καφετιέρα λειτουργούν", "sq": "Furra, pllakat dhe makina e kafesë punojnë"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "kitchen-welcome", "label": "Welcome basket set (olive oil, wine, water)", "label_i18n": {"el": "Καλάθι καλωσορίσματος (λάδι, κρασί, νερό)", "sq": "Shporta e mirëseardhjes (vaj ulliri, verë, ujë)"}, "kind": "tick", "required": true, "critical": false}]},
  {"id": "bedrooms", "title": "Bedrooms", "title_i18n": {"el": "Υπνοδωμάτια", "sq": "Dhomat e gjumit"}, "items": [
    {"id": "bed-linen", "label": "Fresh linen on every bed", "label_i18n": {"el": "Καθαρά σεντόνια σε κάθε κρεβάτι", "sq": "Çarçafë të pastër në çdo shtrat"}, "kind": "tick", "required": true, "critical": false},
    {"id": "bed-wardrobes", "label": "Wardrobes empty, hangers and safe open", "label_i18n": {"el": "Ντουλάπες άδειες, κρεμάστρες και χρηματοκιβώτιο ανοιχτό", "sq": "Dollapët bosh, varëset dhe kasaforta e hapur"}, "kind": "tick", "required": true, "critical": false},
    {"id": "bed-ac", "label": "Air conditioning working, filters clean", "label_i18n": {"el": "Κλιματισμός λειτουργεί, φίλτρα καθαρά", "sq": "Kondicioneri punon, filtrat të pastër"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "bed-photo", "label": "Photo of the master bedroom", "label_i18n": {"el": "Φωτογραφία της κύριας κρεβατοκάμαρας", "sq": "Foto e dhomës kryesore të gjumit"}, "kind": "photo", "required": true, "critical": false}]},
  {"id": "bathrooms", "title": "Bathrooms", "title_i18n": {"el": "Μπάνια", "sq": "Banjat"}, "items": [
    {"id": "bath-clean", "label": "Toilet, shower and sink cleaned and disinfected", "label_i18n": {"el": "Τουαλέτα, ντους και νιπτήρας καθαρά και απολυμασμένα", "sq": "Tualeti, dushi dhe lavamani të pastruar dhe dezinfektuar"}, "kind": "tick", "required": true, "critical": false},
    {"id": "bath-towels", "label": "Towels replaced", "label_i18n": {"el": "Πετσέτες αλλαγμένες", "sq": "Peshqirët të ndërruar"}, "kind": "number", "required": true, "critical": false, "min": 2, "max": 24, "unit": "towels"},
    {"id": "bath-amenities", "label": "Amenities refilled (shampoo, gel, soap)", "label_i18n": {"el": "Αναλώσιμα συμπληρωμένα (σαμπουάν, αφρόλουτρο, σαπούνι)", "sq": "Produktet e rimbushura (shampo, xhel, sapun)"}, "kind": "tick", "required": true, "critical": false},
    {"id": "bath-leaks", "label": "No leaks under the sinks", "label_i18n": {"el": "Καμία διαρροή κάτω από τους νιπτήρες", "sq": "Asnjë rrjedhje nën lavamanë"}, "kind": "yes_no", "required": true, "critical": true}]},
  {"id": "pool", "title": "Pool and terrace", "title_i18n": {"el": "Πισίνα και βεράντα", "sq": "Pishina dhe tarraca"}, "items": [
    {"id": "pool-skim", "label": "Skim the pool and empty the baskets", "label_i18n": {"el": "Καθαρισμός επιφάνειας πισίνας και άδειασμα καλαθιών", "sq": "Pastrimi i sipërfaqes së pishinës dhe zbrazja e shportave"}, "kind": "tick", "required": true, "critical": false},
    {"id": "pool-ph", "label": "Pool pH", "label_i18n": {"el": "pH πισίνας", "sq": "pH i pishinës"}, "kind": "number", "required": true, "critical": false, "min": 7.2, "max": 7.6, "unit": "pH"},
    {"id": "pool-chlorine", "label": "Free chlorine", "label_i18n": {"el": "Ελεύθερο χλώριο", "sq": "Klori i lirë"}, "kind": "number", "required": true, "critical": false, "min": 1, "max": 3, "unit": "ppm"},
    {"id": "pool-sunbeds", "label": "Sunbeds wiped, cushions out (tied down if windy)", "label_i18n": {"el": "Ξαπλώστρες σκουπισμένες, μαξιλάρια έξω (δεμένα αν φυσάει)", "sq": "Shezlongët të fshirë, jastëkët jashtë (të lidhur kur fryn erë)"}, "kind": "tick", "required": true, "critical": false},
    {"id": "pool-photo", "label": "Photo of the pool", "label_i18n": {"el": "Φωτογραφία της πισίνας", "sq": "Foto e pishinës"}, "kind": "photo", "required": true, "critical": false}]},
  {"id": "outdoor", "title": "Outdoor areas", "title_i18n": {"el": "Εξωτερικοί χώροι", "sq": "Hapësirat e jashtme"}, "items": [
    {"id": "out-sweep", "label": "Sweep terraces and steps", "label_i18n": {"el": "Σκούπισμα βεραντών και σκαλιών", "sq": "Fshirja e tarracave dhe shkallëve"}, "kind": "tick", "required": true, "critical": false},
    {"id": "out-bbq", "label": "Barbecue cleaned", "label_i18n": {"el": "Ψησταριά καθαρή", "sq": "Skara e pastruar"}, "kind": "tick", "required": false, "critical": false},
    {"id": "out-lights", "label": "Outdoor lights working", "label_i18n": {"el": "Εξωτερικά φώτα λειτουργούν", "sq": "Dritat e jashtme punojnë"}, "kind": "yes_no", "required": true, "critical": false}]},
  {"id": "final", "title": "Before you leave", "title_i18n": {"el": "Πριν φύγετε", "sq": "Para se të ikni"}, "items": [
    {"id": "final-notes", "label": "Anything broken, missing or left behind", "label_i18n": {"el": "Κάτι σπασμένο, που λείπει ή ξεχάστηκε", "sq": "Diçka e thyer, që mungon ose e harruar"}, "kind": "text", "required": false, "critical": false},
    {"id": "final-locked", "label": "Windows closed, doors locked, AC off", "label_i18n": {"el": "Παράθυρα κλειστά, πόρτες κλειδωμένες, κλιματισμός κλειστός", "sq": "Dritaret mbyllur, dyert kyçur, kondicioneri fikur"}, "kind": "tick", "required": true, "critical": false}]}
]}
$json$::jsonb, 'a11ce000-0000-4000-8000-000000000002'),
('c1ec0000-0000-4000-8000-000000000201', 'c1ec0000-0000-4000-8000-000000000002', $json$
{"sections": [
  {"id": "room", "title": "Room", "title_i18n": {"el": "Δωμάτιο", "sq": "Dhoma"}, "items": [
    {"id": "room-linen", "label": "Fresh linen, bed made", "label_i18n": {"el": "Καθαρά σεντόνια, κρεβάτι στρωμένο", "sq": "Çarçafë të pastër, shtrati i rregulluar"}, "kind": "tick", "required": true, "critical": false},
    {"id": "room-floor", "label": "Floors vacuumed and mopped", "label_i18n": {"el": "Πατώματα σκουπισμένα και σφουγγαρισμένα", "sq": "Dyshemetë të fshira dhe të lara"}, "kind": "tick", "required": true, "critical": false},
    {"id": "room-ac", "label": "Air conditioning working", "label_i18n": {"el": "Κλιματισμός λειτουργεί", "sq": "Kondicioneri punon"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "room-photo", "label": "Photo of the room", "label_i18n": {"el": "Φωτογραφία του δωματίου", "sq": "Foto e dhomës"}, "kind": "photo", "required": true, "critical": false}]},
  {"id": "kitchenette", "title": "Kitchenette", "title_i18n": {"el": "Κουζινάκι", "sq": "Kuzhinëza"}, "items": [
    {"id": "kit-dishes", "label": "Dishes and fridge clean", "label_i18n": {"el": "Πιάτα και ψυγείο καθαρά", "sq": "Enët dhe frigoriferi të pastër"}, "kind": "tick", "required": true, "critical": false},
    {"id": "kit-welcome", "label": "Welcome water and coffee capsules", "label_i18n": {"el": "Νερό και κάψουλες καφέ καλωσορίσματος", "sq": "Ujë dhe kapsula kafeje për mirëseardhje"}, "kind": "number", "required": true, "critical": false, "min": 4, "max": 20, "unit": "capsules"}]},
  {"id": "bathroom", "title": "Bathroom", "title_i18n": {"el": "Μπάνιο", "sq": "Banja"}, "items": [
    {"id": "bath-clean", "label": "Bathroom cleaned and disinfected", "label_i18n": {"el": "Μπάνιο καθαρό και απολυμασμένο", "sq": "Banja e pastruar dhe dezinfektuar"}, "kind": "tick", "required": true, "critical": false},
    {"id": "bath-towels", "label": "Towels replaced", "label_i18n": {"el": "Πετσέτες αλλαγμένες", "sq": "Peshqirët të ndërruar"}, "kind": "number", "required": true, "critical": false, "min": 2, "max": 8, "unit": "towels"}]},
  {"id": "terrace", "title": "Terrace", "title_i18n": {"el": "Βεράντα", "sq": "Tarraca"}, "items": [
    {"id": "terrace-sweep", "label": "Terrace swept, jacuzzi cover on", "label_i18n": {"el": "Βεράντα σκουπισμένη, κάλυμμα τζακούζι στη θέση του", "sq": "Tarraca e fshirë, mbulesa e xhakuzit vendosur"}, "kind": "tick", "required": true, "critical": false},
    {"id": "terrace-notes", "label": "Notes for the office", "label_i18n": {"el": "Σημειώσεις για το γραφείο", "sq": "Shënime për zyrën"}, "kind": "text", "required": false, "critical": false}]}
]}
$json$::jsonb, 'a11ce000-0000-4000-8000-000000000002'),
('c1ec0000-0000-4000-8000-000000000301', 'c1ec0000-0000-4000-8000-000000000003', $json$
{"sections": [
  {"id": "first-look", "title": "First look", "title_i18n": {"el": "Πρώτη ματιά", "sq": "Shikimi i parë"}, "items": [
    {"id": "insp-smell", "label": "Villa smells fresh on entry", "label_i18n": {"el": "Η βίλα μυρίζει φρέσκια στην είσοδο", "sq": "Vila mban erë të freskët në hyrje"}, "kind": "yes_no", "required": true, "critical": false},
    {"id": "insp-photo", "label": "Photo of the entrance", "label_i18n": {"el": "Φωτογραφία της εισόδου", "sq": "Foto e hyrjes"}, "kind": "photo", "required": true, "critical": false}]},
  {"id": "rooms", "title": "Rooms", "title_i18n": {"el": "Δωμάτια", "sq": "Dhomat"}, "items": [
    {"id": "insp-beds", "label": "Beds made to standard", "label_i18n": {"el": "Κρεβάτια στρωμένα όπως πρέπει", "sq": "Shtretërit të rregulluar sipas standardit"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "insp-bathrooms", "label": "Bathrooms spotless", "label_i18n": {"el": "Μπάνια πεντακάθαρα", "sq": "Banjat shkëlqejnë nga pastërtia"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "insp-score", "label": "Overall score", "label_i18n": {"el": "Συνολική βαθμολογία", "sq": "Vlerësimi i përgjithshëm"}, "kind": "number", "required": true, "critical": false, "min": 1, "max": 10}]},
  {"id": "outside", "title": "Pool and outside", "title_i18n": {"el": "Πισίνα και εξωτερικά", "sq": "Pishina dhe jashtë"}, "items": [
    {"id": "insp-pool", "label": "Pool clear, chemistry in range", "label_i18n": {"el": "Πισίνα καθαρή, χημεία εντός ορίων", "sq": "Pishina e pastër, kimia brenda kufijve"}, "kind": "yes_no", "required": true, "critical": true},
    {"id": "insp-remarks", "label": "Remarks for the housekeeper", "label_i18n": {"el": "Παρατηρήσεις για την καθαρίστρια", "sq": "Vërejtje për pastruesen"}, "kind": "text", "required": false, "critical": false}]}
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
