-- Why: recurring tasks are generated without anyone opening a page (docs/recurring.md). The jobs
-- the database wants run on a timer are rows of private.scheduled_jobs: on hosted Supabase this
-- migration hands them to pg_cron (where the extension exists); the local backend (server/) has
-- no pg_cron and runs the same rows itself (server/scheduler.ts, docs/local-backend.md
-- "Scheduled jobs"). PGlite and a plain PostgreSQL 15 skip the pg_cron part.

create table private.scheduled_jobs (
  name text primary key,
  -- Five-field cron in UTC (as pg_cron reads it), or pg_cron's 'N seconds' (1..59).
  cron text not null,
  command text not null,
  constraint scheduled_jobs_cron check (
    cron ~ '^\s*\S+\s+\S+\s+\S+\s+\S+\s+\S+\s*$' or cron ~ '^\s*[1-5]?[0-9]\s+seconds?\s*$')
);
comment on table private.scheduled_jobs is
  'Jobs run on a timer: by pg_cron where it exists, else by the local backend''s scheduler.';
revoke all on table private.scheduled_jobs from public, anon, authenticated;
grant select on table private.scheduled_jobs to service_role;

insert into private.scheduled_jobs (name, cron, command) values
  ('generate-recurring', '7 * * * *', 'select public.generate_recurring()');

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
      execute 'select cron.schedule(j.name, j.cron, j.command) from private.scheduled_jobs j';
    exception when others then
      raise notice 'pg_cron is not usable here (%); the jobs stay in private.scheduled_jobs', sqlerrm;
    end;
  end if;
end;
$$;
