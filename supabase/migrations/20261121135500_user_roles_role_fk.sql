-- Why: deleting a role that someone still holds must fail the same way on every backend.
-- user_roles.role_id was ON DELETE RESTRICT, which PostgreSQL 15-17 report as 23503
-- (foreign_key_violation) but PostgreSQL 18 (PGlite) as 23001 (restrict_violation). The default
-- NO ACTION refuses the same deletes (checked at the end of the statement) with 23503 everywhere,
-- which the API answers as 409 Conflict: "delete a role only when unused" (PRODUCT.md Admin).
alter table public.user_roles
  drop constraint user_roles_role_id_fkey,
  add constraint user_roles_role_id_fkey foreign key (role_id) references public.roles (id);
