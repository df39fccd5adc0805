-- Demo data for a fresh local database (the local backend applies it once; the Supabase CLI on
-- `supabase db reset`). Roles, permission keys and the default matrix come from the migrations.
--
-- One demo account per role, password `arivia-demo` for all (README.md). They are written straight
-- into auth.users and auth.identities as GoTrue stores an e-mail sign-up: confirmed, provider
-- `email`, bcrypt password hash. handle_new_user creates their profiles; roles are assigned
-- explicitly below, whatever the first-account rule did.

-- The token columns are set to '' explicitly: hosted GoTrue's tables have no defaults there and
-- GoTrue cannot read NULL tokens (`supabase db reset` runs this file too).
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token
)
select
  '00000000-0000-0000-0000-000000000000',
  u.id::uuid,
  'authenticated',
  'authenticated',
  u.email,
  -- bcrypt (cost 10) of 'arivia-demo', made with bcryptjs.
  '$2b$10$4sbKLO8GwKk1JeHKz8NT8OPNUYVdkfeXlt5qkMnFGYmtFuEXHHrR.',
  now(),
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('full_name', u.full_name),
  now(),
  now(),
  '', '', '', '', '', '', '', ''
from (values
  ('a11ce000-0000-4000-8000-000000000001', 'admin@arivia.local', 'Eleni Papadaki'),
  ('a11ce000-0000-4000-8000-000000000002', 'manager@arivia.local', 'Nikos Vlachos'),
  ('a11ce000-0000-4000-8000-000000000003', 'housekeeper@arivia.local', 'Maria Kritikou'),
  ('a11ce000-0000-4000-8000-000000000004', 'technician@arivia.local', 'Giorgos Markakis')
) as u (id, email, full_name);

insert into auth.identities (
  provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
)
select
  u.id::text,
  u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email',
  now(),
  now(),
  now()
from auth.users u
where u.email like '%@arivia.local';

update public.profiles p
set phone = d.phone
from (values
  ('a11ce000-0000-4000-8000-000000000001', '+30 694 512 3801'),
  ('a11ce000-0000-4000-8000-000000000002', '+30 697 208 4415'),
  ('a11ce000-0000-4000-8000-000000000003', '+30 698 733 1902'),
  ('a11ce000-0000-4000-8000-000000000004', '+30 693 481 6627')
) as d (id, phone)
where p.id = d.id::uuid;

delete from public.user_roles
where user_id in (select id from auth.users where email like '%@arivia.local');

insert into public.user_roles (user_id, role_id)
select u.id, r.id
from auth.users u
join public.roles r on r.name = split_part(u.email, '@', 1)
where u.email in (
  'admin@arivia.local', 'manager@arivia.local', 'housekeeper@arivia.local', 'technician@arivia.local'
);
