// Recurring tasks run without anyone (docs/recurring.md, docs/local-backend.md "Scheduled jobs"):
// on a backend of our own (in-memory PGlite, or a fresh database on TEST_DATABASE_URL's server)
// whose scheduler looks for due jobs every 200 ms, a schedule written straight into the database -
// with its triggers off, so nothing but the scheduler can make its occurrences - gets tomorrow's
// clean, and no request is made to the API.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import { startServer, type RunningServer } from '../../server/app.ts';
import { REPO_ROOT } from '../../server/gateway/config.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
let server: RunningServer;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const fresh = adminUrl ? await freshDatabase(adminUrl, 'arivia_sched') : undefined;
  drop = fresh?.drop;
  server = await startServer({
    workdir: REPO_ROOT,
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: fresh?.url,
    seed: false,
    env: { SCHEDULER_TICK_MS: '200' },
  });
});

afterAll(async () => {
  await server?.close();
  await drop?.();
});

describe('the local scheduler', () => {
  it('has the job the migration scheduled (the one pg_cron gets on hosted Supabase)', async () => {
    const jobs = await server.db.query<{ name: string; cron: string; command: string }>(
      'select name, cron, command from private.scheduled_jobs order by name',
    );
    expect(jobs.rows).toEqual([
      {
        name: 'generate-recurring',
        cron: '7 * * * *',
        command: 'select public.generate_recurring()',
      },
    ]);
  });

  it("makes tomorrow's occurrence of a schedule inserted in SQL, with no request", async () => {
    // Never due (31 February) while the schedule is written; and the start-up run is over.
    await server.db.query(
      `update private.scheduled_jobs set cron = '0 0 31 2 *' where name = 'generate-recurring'`,
    );
    await server.scheduler.tick();
    const schedule = await server.db.transaction(async (tx) => {
      // Triggers off: the insert itself makes nothing.
      await tx.query(`set local session_replication_role = replica`);
      const v = await tx.query<{ id: string }>(
        `insert into public.properties (code, name) values ('REC-SCHED', 'Villa Scheduler') returning id`,
      );
      const s = await tx.query<{ id: string }>(
        `insert into public.recurring_schedules (title, kind, cleaning_type_id, rrule, starts_on, horizon_days)
         select 'Linen check', 'clean', ct.id, 'FREQ=DAILY',
           (now() at time zone public.company_time_zone())::date, 3
         from public.cleaning_types ct where ct.code = 'deep_clean'
         returning id`,
      );
      await tx.query(
        `insert into public.recurring_schedule_properties (schedule_id, property_id) values ($1, $2)`,
        [s.rows[0]!.id, v.rows[0]!.id],
      );
      return s.rows[0]!.id;
    });
    const tomorrow = `select count(*)::int as n from public.recurring_occurrences o
      join public.cleaning_tasks t on t.id = o.cleaning_task_id
      where o.schedule_id = $1 and t.recurring_schedule_id = $1
        and o.day = (now() at time zone public.company_time_zone())::date + 1`;
    expect((await server.db.query<{ n: number }>(tomorrow, [schedule])).rows[0]!.n).toBe(0);

    // Due every second from now on (pg_cron's interval form), instead of at minute 7 of the hour.
    await server.db.query(
      `update private.scheduled_jobs set cron = '1 seconds' where name = 'generate-recurring'`,
    );
    await vi.waitFor(
      async () => {
        expect((await server.db.query<{ n: number }>(tomorrow, [schedule])).rows[0]!.n).toBe(1);
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});
