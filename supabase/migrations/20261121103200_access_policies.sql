-- Why: Row Level Security and grants for the access tables - the security boundary the UI's checks
-- only mirror. Who may do what:
--
--   table               anon  any signed-in user                     manager            admin
--   profiles            -     read + edit own (full_name, phone,     read all           read all, edit all,
--                             avatar_url, language)                                     insert
--   roles               -     read                                   read               read, write
--   permissions         -     read                                   read               read (catalogue is
--                                                                                        maintained by migrations)
--   role_permissions    -     read                                   read               read, write
--   user_roles          -     read own                               read all           read, write
--   custom_permissions  -     read own                               read own           read, write
--
-- Decisions: roles, permissions and role_permissions are readable by every signed-in user (the
-- client resolves its own roles from them, SEED-SPEC.md §7; they are not secret). Managers read
-- every profile and role assignment: they plan and assign the team's work. Nobody deletes a profile
-- through the API - accounts are deleted through the auth admin API (an edge function using the
-- service role), which cascades; staff who leave are deactivated (profiles.active). Nobody can grant
-- themselves a role or a permission: every write to the access tables needs is_admin().
--
-- Grants are explicit (the platform's default privileges give anon and authenticated everything,
-- TRUNCATE included): revoke all, then grant what the policies above need. Column grants keep a user
-- to the editable profile columns; guard_profile_update decides who may change `active`.

alter table public.permissions enable row level security;
alter table public.roles enable row level security;
alter table public.role_permissions enable row level security;
alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.custom_permissions enable row level security;

revoke all on table public.permissions, public.roles, public.role_permissions, public.profiles,
  public.user_roles, public.custom_permissions from public, anon, authenticated;
grant all on table public.permissions, public.roles, public.role_permissions, public.profiles,
  public.user_roles, public.custom_permissions to service_role;

-- profiles ------------------------------------------------------------------------------------

grant select on table public.profiles to authenticated;
grant insert (id, full_name, email, phone, avatar_url, language, active)
  on table public.profiles to authenticated;
grant update (full_name, phone, avatar_url, language, active) on table public.profiles to authenticated;

create policy "profiles: read own; managers and admins read all"
on public.profiles for select to authenticated
using (id = (select auth.uid()) or (select public.is_manager_or_admin()));

create policy "profiles: admins insert"
on public.profiles for insert to authenticated
with check ((select public.is_admin()));

create policy "profiles: edit own; admins edit all"
on public.profiles for update to authenticated
using (id = (select auth.uid()) or (select public.is_admin()))
with check (id = (select auth.uid()) or (select public.is_admin()));

-- roles ---------------------------------------------------------------------------------------

grant select, delete on table public.roles to authenticated;
grant insert (name, description), update (name, description) on table public.roles to authenticated;

create policy "roles: signed-in users read"
on public.roles for select to authenticated
using ((select auth.uid()) is not null);

create policy "roles: admins insert"
on public.roles for insert to authenticated
with check ((select public.is_admin()));

create policy "roles: admins update"
on public.roles for update to authenticated
using ((select public.is_admin()))
with check ((select public.is_admin()));

create policy "roles: admins delete"
on public.roles for delete to authenticated
using ((select public.is_admin()));

-- permissions (read-only catalogue) -------------------------------------------------------------

grant select on table public.permissions to authenticated;

create policy "permissions: signed-in users read"
on public.permissions for select to authenticated
using ((select auth.uid()) is not null);

-- role_permissions ------------------------------------------------------------------------------

-- Whole-row update so the admin matrix can upsert (on conflict do update sets every column).
grant select, insert, update, delete on table public.role_permissions to authenticated;

create policy "role_permissions: signed-in users read"
on public.role_permissions for select to authenticated
using ((select auth.uid()) is not null);

create policy "role_permissions: admins insert"
on public.role_permissions for insert to authenticated
with check ((select public.is_admin()));

create policy "role_permissions: admins update"
on public.role_permissions for update to authenticated
using ((select public.is_admin()))
with check ((select public.is_admin()));

create policy "role_permissions: admins delete"
on public.role_permissions for delete to authenticated
using ((select public.is_admin()));

-- user_roles ------------------------------------------------------------------------------------

grant select, insert, update, delete on table public.user_roles to authenticated;

create policy "user_roles: read own; managers and admins read all"
on public.user_roles for select to authenticated
using (user_id = (select auth.uid()) or (select public.is_manager_or_admin()));

create policy "user_roles: admins insert"
on public.user_roles for insert to authenticated
with check ((select public.is_admin()));

create policy "user_roles: admins update"
on public.user_roles for update to authenticated
using ((select public.is_admin()))
with check ((select public.is_admin()));

create policy "user_roles: admins delete"
on public.user_roles for delete to authenticated
using ((select public.is_admin()));

-- custom_permissions ----------------------------------------------------------------------------

grant select, insert, update, delete on table public.custom_permissions to authenticated;

create policy "custom_permissions: read own; admins read all"
on public.custom_permissions for select to authenticated
using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "custom_permissions: admins insert"
on public.custom_permissions for insert to authenticated
with check ((select public.is_admin()));

create policy "custom_permissions: admins update"
on public.custom_permissions for update to authenticated
using ((select public.is_admin()))
with check ((select public.is_admin()));

create policy "custom_permissions: admins delete"
on public.custom_permissions for delete to authenticated
using ((select public.is_admin()));
