-- Why: the access model of SEED-SPEC.md §3 and §6. Every screen and every later table's RLS asks
-- "who is this user and what may they do"; these tables hold the answer. A profile per auth user,
-- roles assigned through user_roles, a role × permission-key matrix (role_permissions), per-user
-- overrides (custom_permissions), and a catalogue of the keys that exist (permissions) so the
-- admin matrix has a list to show and overrides cannot name a key that does not exist.
--
-- profiles.custom_permissions is the spec's copy of a user's overrides. The custom_permissions
-- table is canonical; a trigger (next migration) keeps the map equal to it.
-- RLS, grants and policies are in 20261121103200_access_policies.sql; nothing here is reachable
-- through the API until then.

create table public.permissions (
  key text primary key,
  area text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  -- `area.action`, both parts snake_case (ARCHITECTURE.md).
  constraint permissions_key_format check (key ~ '^[a-z][a-z_]*\.[a-z][a-z_]*$'),
  constraint permissions_area_matches_key check (area = split_part(key, '.', 1))
);
comment on table public.permissions is
  'Catalogue of permission keys (area.action). Maintained by migrations: the code checks these keys.';

create table public.roles (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  -- The four roles the code names (admin, manager, housekeeper, technician): never renamed or deleted.
  is_system boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roles_name_key unique (name),
  constraint roles_name_format check (name ~ '^[a-z][a-z0-9_]{1,31}$')
);
comment on table public.roles is 'Roles a user can hold; admins create more beside the system four.';

create table public.role_permissions (
  role_id uuid not null references public.roles (id) on delete cascade,
  permission_key text not null references public.permissions (key) on update cascade on delete cascade,
  granted boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (role_id, permission_key)
);
create index role_permissions_permission_key_idx on public.role_permissions (permission_key);
comment on table public.role_permissions is
  'The role × permission matrix. A missing row or granted = false means the role does not grant the key.';

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '',
  email text,
  phone text,
  avatar_url text,
  language text not null default 'en',
  active boolean not null default true,
  custom_permissions jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Sign-up allows 2 to 100 characters; '' is the spec's default when none was given.
  constraint profiles_full_name_length check (char_length(full_name) <= 100),
  constraint profiles_phone_format check (phone is null or phone ~ '^\+?[0-9 ()./-]{3,32}$'),
  constraint profiles_avatar_url_length check (avatar_url is null or char_length(avatar_url) <= 2048),
  -- BCP 47 primary language with an optional region: en, el, en-GB.
  constraint profiles_language_format check (language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  constraint profiles_custom_permissions_is_object check (jsonb_typeof(custom_permissions) = 'object')
);
comment on table public.profiles is 'One row per auth user (id = auth.users.id), created by handle_new_user.';
comment on column public.profiles.email is 'Copy of auth.users.email, kept in sync by a trigger.';
comment on column public.profiles.active is
  'false = deactivated by an admin: the user keeps no role and no permission until reactivated.';
comment on column public.profiles.custom_permissions is
  'Map permission key -> granted, always equal to the custom_permissions rows (trigger-maintained).';

create table public.user_roles (
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- A role still held by someone cannot be deleted ("delete when unused", PRODUCT.md Admin).
  role_id uuid not null references public.roles (id) on delete restrict,
  created_at timestamptz not null default now(),
  primary key (user_id, role_id)
);
create index user_roles_role_id_idx on public.user_roles (role_id);
comment on table public.user_roles is 'Which roles each user holds. Only admins write it.';

create table public.custom_permissions (
  user_id uuid not null references public.profiles (id) on delete cascade,
  permission_key text not null references public.permissions (key) on update cascade on delete cascade,
  granted boolean not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, permission_key)
);
create index custom_permissions_permission_key_idx on public.custom_permissions (permission_key);
comment on table public.custom_permissions is
  'Per-user overrides: granted = true adds the key, false removes it, whatever the roles grant.';
