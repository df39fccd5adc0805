// The local backend's stand-in for pg_cron (docs/local-backend.md "Scheduled jobs"): the jobs the
// database wants run on a timer are rows of private.scheduled_jobs (name, cron, command), which
// the migrations fill; on hosted Supabase the same migration hands them to pg_cron. Here a timer
// reads the table every `tickMs` (a minute by default, SCHEDULER_TICK_MS) and runs each job whose
// schedule is due, and runs every job once at start-up. A project without the table has no jobs.
import type { Database } from '../db/types.ts';

export interface ScheduledJob {
  name: string;
  cron: string;
  command: string;
}

export interface Scheduler {
  /** Runs the jobs that are due at `now` (every job when `all`); resolves when they have run. */
  tick(now?: Date, all?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** One cron field ('*', '5', '1-5', '*\/15', '1,3,5', '10-50/10') as the set of values it allows. */
function field(text: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part.trim());
    if (!m) return null;
    const step = m[4] ? Number(m[4]) : 1;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    if (step < 1 || from < min || to > max || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/**
 * Does a job's schedule fall on this minute (UTC, as pg_cron reads it)? Five fields: minute, hour,
 * day of month, month, day of week (0 or 7 = Sunday); when both days are restricted either may
 * match, as in cron. pg_cron's 'N seconds' is answered by `secondsOf`. Unreadable: never.
 */
export function cronMatches(cron: string, at: Date): boolean {
  const f = cron.trim().split(/\s+/);
  if (f.length !== 5) return false;
  const [mi, ho, dom, mon, dow] = [
    field(f[0]!, 0, 59),
    field(f[1]!, 0, 23),
    field(f[2]!, 1, 31),
    field(f[3]!, 1, 12),
    field(f[4]!, 0, 7),
  ];
  if (!mi || !ho || !dom || !mon || !dow) return false;
  const weekday = at.getUTCDay();
  const domMatch = dom.has(at.getUTCDate());
  const dowMatch = dow.has(weekday) || (weekday === 0 && dow.has(7));
  const days =
    f[2] !== '*' && f[4] !== '*' ? domMatch || dowMatch : f[2] !== '*' ? domMatch : dowMatch;
  return (
    mi.has(at.getUTCMinutes()) && ho.has(at.getUTCHours()) && mon.has(at.getUTCMonth() + 1) && days
  );
}

/** pg_cron's interval schedule ('30 seconds'), in seconds; null for a cron expression. */
export function secondsOf(cron: string): number | null {
  const m = /^\s*(\d{1,2})\s+seconds?\s*$/.exec(cron);
  return m ? Number(m[1]) : null;
}

export function startScheduler(
  db: Database,
  opts: { tickMs: number; log?: (line: string) => void },
): Scheduler {
  const log = opts.log ?? (() => undefined);
  // The minute (or, for 'N seconds', the time) each job last ran.
  const last = new Map<string, number>();
  let running: Promise<void> | null = null;
  let closed = false;

  async function jobs(): Promise<ScheduledJob[]> {
    const t = await db.query<{ t: string | null }>(
      `select to_regclass('private.scheduled_jobs')::text as t`,
    );
    if (!t.rows[0]?.t) return [];
    return (
      await db.query<ScheduledJob>(
        'select name, cron, command from private.scheduled_jobs order by name',
      )
    ).rows;
  }

  async function run(now: Date, all: boolean) {
    const minute = Math.floor(now.getTime() / 60_000);
    for (const job of await jobs()) {
      if (closed) return;
      const seconds = secondsOf(job.cron);
      const due = all
        ? true
        : seconds !== null
          ? now.getTime() - (last.get(job.name) ?? 0) >= seconds * 1000
          : last.get(job.name) !== minute && cronMatches(job.cron, now);
      if (!due) continue;
      last.set(job.name, seconds !== null ? now.getTime() : minute);
      const t0 = performance.now();
      try {
        await db.query(job.command);
        log(`scheduler: ${job.name} ran in ${Math.round(performance.now() - t0)} ms`);
      } catch (e) {
        log(`scheduler: ${job.name} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  function tick(now = new Date(), all = false): Promise<void> {
    // One run at a time: a tick that finds the last one still running waits for it instead.
    if (running) return running;
    running = run(now, all)
      .catch((e: unknown) => log(`scheduler: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = opts.tickMs > 0 ? setInterval(() => void tick(), opts.tickMs) : null;
  timer?.unref();
  void tick(new Date(), true);

  return {
    tick,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
