// Recurring tasks in SQL (docs/recurring.md): private.rrule_days() against hand-worked dates, and
// generation's windows across Athens's DST changes, checked on a fresh, unseeded database of our
// own: in-memory PGlite, or a fresh database on the PostgreSQL server named by TEST_DATABASE_URL.
// Every date here is a company day (Europe/Athens); none is counted in UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ICAL from 'ical.js';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrator.ts';
import type { Database } from '../../server/db/types.ts';

const supabaseDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const adminUrl = process.env.TEST_DATABASE_URL;
const kind = adminUrl ? 'postgres' : 'pglite';

let db: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (adminUrl) {
    const fresh = await freshDatabase(adminUrl, 'arivia_rrule');
    drop = fresh.drop;
    db = await openPostgres(fresh.url);
  } else {
    db = await openPglite();
  }
  await migrate(db, supabaseDir, { seed: false });
});

afterAll(async () => {
  await db?.close();
  await drop?.();
});

async function days(rule: string, dtstart: string, from: string, to: string): Promise<string[]> {
  const r = await db.query<{ d: string }>(
    `select d::text as d from private.rrule_days($1, $2::date, $3::date, $4::date) as d`,
    [rule, dtstart, from, to],
  );
  return r.rows.map((x) => x.d);
}

async function errorCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'no error';
}

describe(`private.rrule_days (${kind})`, () => {
  it('weekly on Monday and Thursday', async () => {
    // 1 January 2027 is a Friday.
    expect(await days('FREQ=WEEKLY;BYDAY=MO,TH', '2027-01-01', '2027-01-01', '2027-01-31')).toEqual(
      [
        '2027-01-04',
        '2027-01-07',
        '2027-01-11',
        '2027-01-14',
        '2027-01-18',
        '2027-01-21',
        '2027-01-25',
        '2027-01-28',
      ],
    );
    // Every other week, from the week of the start.
    expect(
      await days('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2027-01-04', '2027-01-01', '2027-01-31'),
    ).toEqual(['2027-01-04', '2027-01-07', '2027-01-18', '2027-01-21']);
  });

  it('monthly on the 31st skips the months without one', async () => {
    const want = ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31'];
    expect(
      await days('FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-01', '2027-01-01', '2027-09-30'),
    ).toEqual(want);
    // The start's own day of the month, when the rule names none.
    expect(await days('FREQ=MONTHLY', '2027-01-31', '2027-01-01', '2027-09-30')).toEqual(want);
    // The last day of every month.
    expect(
      await days('FREQ=MONTHLY;BYMONTHDAY=-1', '2027-01-01', '2027-01-01', '2027-04-30'),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('the last Friday and the second Monday of the month', async () => {
    expect(await days('FREQ=MONTHLY;BYDAY=-1FR', '2027-01-01', '2027-01-01', '2027-04-30')).toEqual(
      ['2027-01-29', '2027-02-26', '2027-03-26', '2027-04-30'],
    );
    expect(await days('FREQ=MONTHLY;BYDAY=2MO', '2027-01-01', '2027-01-01', '2027-03-31')).toEqual([
      '2027-01-11',
      '2027-02-08',
      '2027-03-08',
    ]);
  });

  it('every 3 days, across the end of February', async () => {
    expect(await days('FREQ=DAILY;INTERVAL=3', '2027-02-25', '2027-02-01', '2027-03-10')).toEqual([
      '2027-02-25',
      '2027-02-28',
      '2027-03-03',
      '2027-03-06',
      '2027-03-09',
    ]);
  });

  it('quarterly, yearly by month, COUNT and UNTIL', async () => {
    expect(
      await days('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', '2027-01-01', '2027-01-01', '2027-12-31'),
    ).toEqual(['2027-01-15', '2027-04-15', '2027-07-15', '2027-10-15']);
    // The last Sunday of March: the day Athens moves its clocks forward.
    expect(
      await days('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', '2027-01-01', '2027-01-01', '2028-12-31'),
    ).toEqual(['2027-03-28', '2028-03-26']);
    // The 20th Monday of the year (4 January 2027 and 3 January 2028 are the first).
    expect(await days('FREQ=YEARLY;BYDAY=20MO', '2027-01-01', '2027-01-01', '2028-12-31')).toEqual([
      '2027-05-17',
      '2028-05-15',
    ]);
    // 29 February only in leap years.
    expect(
      await days('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2027-01-01', '2027-01-01', '2032-12-31'),
    ).toEqual(['2028-02-29', '2032-02-29']);
    // COUNT counts from the start, not from the first day asked for.
    expect(
      await days('FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3', '2027-01-01', '2027-01-01', '2027-12-31'),
    ).toEqual(['2027-01-04', '2027-01-07', '2027-01-11']);
    expect(
      await days('FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3', '2027-01-01', '2027-01-08', '2027-12-31'),
    ).toEqual(['2027-01-11']);
    expect(
      await days(
        'RRULE:FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20270114',
        '2027-01-01',
        '2027-01-01',
        '2027-12-31',
      ),
    ).toEqual(['2027-01-04', '2027-01-07', '2027-01-11', '2027-01-14']);
  });

  it('gives the days ical.js (the maintained library the import uses) gives, over two years', async () => {
    const rules = [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=DAILY;BYDAY=MO,WE,FR',
      'FREQ=DAILY;BYMONTH=3,10',
      // (Not BYMONTHDAY=-1 with DAILY: ical.js drops the negative day there; RFC 5545 keeps it,
      // and so does this function, as 'the last day of every month' above shows for MONTHLY.)
      'FREQ=DAILY;BYMONTHDAY=1,15',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA',
      'FREQ=WEEKLY;BYDAY=MO,TH;BYMONTH=6,7',
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYMONTHDAY=-1,15',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=MONTHLY;BYDAY=2MO,-2TH',
      'FREQ=MONTHLY;BYDAY=SA',
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15',
      'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
      'FREQ=YEARLY',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      // (Not BYMONTH=2;BYMONTHDAY=29: ical.js rolls it over to 1 March in other years; RFC 5545
      // skips it, as this function does - see 'quarterly, yearly by month' above.)
      'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10',
      'FREQ=MONTHLY;BYDAY=1TU;UNTIL=20280101',
      // (Not YEARLY;BYDAY=20MO: ical.js answers every Monday; the 20th Monday of the year is
      // checked by hand above.)
    ];
    // RFC 5545 leaves a start that is not one of the rule's days undefined (ical.js counts it,
    // this function does not): each rule starts on one of its own days after the base.
    const icalDays = (rule: string, dtstart: string, end: string) => {
      const it = ICAL.Recur.fromString(rule).iterator(ICAL.Time.fromDateString(dtstart));
      const out: string[] = [];
      for (let t = it.next(); t && out.length < 1000; t = it.next()) {
        const day = t.toString().slice(0, 10);
        if (day > end) break;
        out.push(day);
      }
      return out;
    };
    for (const base of ['2027-01-31', '2027-03-15']) {
      const end = `${Number(base.slice(0, 4)) + 2}${base.slice(4)}`;
      for (const rule of rules) {
        // ical.js's days after its first are the rule's own: start on the first of them.
        const dtstart = icalDays(rule, base, end).find((d) => d > base)!;
        const want = icalDays(rule, dtstart, end);
        expect({ rule, dtstart, days: await days(rule, dtstart, dtstart, end) }).toEqual({
          rule,
          dtstart,
          days: want,
        });
      }
    }
  });

  it('refuses what it does not read (22023)', async () => {
    for (const rule of [
      'FREQ=HOURLY',
      'BYDAY=MO',
      'FREQ=WEEKLY;BYDAY=2MO',
      'FREQ=DAILY;BYSETPOS=1',
      'FREQ=MONTHLY;BYMONTHDAY=32',
      'FREQ=DAILY;COUNT=2;UNTIL=20270101',
      'FREQ=DAILY;INTERVAL=0',
    ]) {
      expect({
        rule,
        code: await errorCode(days(rule, '2027-01-01', '2027-01-01', '2027-01-31')),
      }).toEqual({ rule, code: '22023' });
    }
  });
});

describe(`generation in the company's zone (${kind})`, () => {
  let villa: string;

  beforeAll(async () => {
    const v = await db.query<{ id: string }>(
      `insert into public.properties (code, name) values ('REC-DST', 'Villa DST') returning id`,
    );
    villa = v.rows[0]!.id;
  });

  async function schedule(rule: string, startsOn: string, endsOn: string, kindOf = 'clean') {
    const s = await db.query<{ id: string }>(
      `insert into public.recurring_schedules
         (title, kind, cleaning_type_id, category, rrule, starts_on, ends_on, window_start, window_end)
       select $1, $2::public.recurring_kind, case when $2 = 'clean' then ct.id end, 'pool', $3,
         $4::date, $5::date, '10:00', '12:30'
       from public.cleaning_types ct where ct.code = 'deep_clean'
       returning id`,
      [`DST ${rule}`, kindOf, rule, startsOn, endsOn],
    );
    const id = s.rows[0]!.id;
    await db.query(
      `insert into public.recurring_schedule_properties (schedule_id, property_id) values ($1, $2)`,
      [id, villa],
    );
    return id;
  }

  async function windows(id: string) {
    const r = await db.query<{ day: string; start: string; due: string }>(
      `select o.day::text as day,
         to_char(t.window_start at time zone 'UTC', 'HH24:MI') as start,
         to_char(t.due_at at time zone 'UTC', 'HH24:MI') as due
       from public.recurring_occurrences o join public.cleaning_tasks t on t.id = o.cleaning_task_id
       where o.schedule_id = $1 order by o.day`,
      [id],
    );
    return r.rows;
  }

  it('a 10:00 window is 08:00 UTC in winter and 07:00 UTC in summer, on both changes', async () => {
    const spring = await schedule('FREQ=DAILY', '2027-03-27', '2027-03-29');
    const autumn = await schedule('FREQ=DAILY', '2027-10-30', '2027-11-01');
    const made = await db.query<{ n: number }>(
      `select public.generate_recurring(null, '2027-11-30') as n`,
    );
    expect(made.rows[0]!.n).toBe(6);
    // Athens: EET (UTC+2) until 03:00 on the last Sunday of March, EEST (UTC+3) until 04:00 on
    // the last Sunday of October.
    expect(await windows(spring)).toEqual([
      { day: '2027-03-27', start: '08:00', due: '10:30' },
      { day: '2027-03-28', start: '07:00', due: '09:30' },
      { day: '2027-03-29', start: '07:00', due: '09:30' },
    ]);
    expect(await windows(autumn)).toEqual([
      { day: '2027-10-30', start: '07:00', due: '09:30' },
      { day: '2027-10-31', start: '08:00', due: '10:30' },
      { day: '2027-11-01', start: '08:00', due: '10:30' },
    ]);
    // The clean's planned day is the company's day.
    const planned = await db.query<{ day: string }>(
      `select t.day::text as day from public.cleaning_tasks t where t.recurring_schedule_id = $1
       order by t.day`,
      [spring],
    );
    expect(planned.rows.map((r) => r.day)).toEqual(['2027-03-27', '2027-03-28', '2027-03-29']);
    // Again: nothing more.
    const again = await db.query<{ n: number }>(
      `select public.generate_recurring(null, '2027-11-30') as n`,
    );
    expect(again.rows[0]!.n).toBe(0);
  });

  it('a window in the hour the clocks skip still makes its clean, open for a while', async () => {
    const id = await schedule('FREQ=DAILY', '2027-03-28', '2027-03-28');
    await db.query(
      `update public.recurring_schedules set window_start = '03:30', window_end = '04:15' where id = $1`,
      [id],
    );
    await db.query(`select public.generate_recurring($1, '2027-03-31')`, [id]);
    // 03:30 does not exist that night (03:00 EET is 04:00 EEST); 04:15 EEST is 01:15 UTC, before
    // the start as PostgreSQL reads 03:30: the window is kept 15 minutes long.
    const w = await windows(id);
    expect(w).toHaveLength(1);
    expect(w[0]!.day).toBe('2027-03-28');
    const [h, m] = w[0]!.start.split(':').map(Number);
    const [dh, dm] = w[0]!.due.split(':').map(Number);
    expect(dh! * 60 + dm! - (h! * 60 + m!)).toBeGreaterThanOrEqual(15);
  });

  it('a work order template: title, category, checklist in the description, source recurring', async () => {
    const id = await schedule('FREQ=MONTHLY;BYDAY=-1FR', '2027-01-01', '2027-02-28', 'work_order');
    await db.query(
      `update public.recurring_schedules set checklist = '["Skim", "Check pH"]', description = 'Pool'
       where id = $1`,
      [id],
    );
    await db.query(`select public.generate_recurring($1, '2027-03-31')`, [id]);
    const r = await db.query<{ day: string; title: string; source: string; description: string }>(
      `select o.day::text as day, w.title, w.source::text as source, w.description
       from public.recurring_occurrences o join public.work_orders w on w.id = o.work_order_id
       where o.schedule_id = $1 order by o.day`,
      [id],
    );
    expect(r.rows).toEqual([
      {
        day: '2027-01-29',
        title: 'DST FREQ=MONTHLY;BYDAY=-1FR',
        source: 'recurring',
        description: 'Pool\n\n- Skim\n- Check pH',
      },
      {
        day: '2027-02-26',
        title: 'DST FREQ=MONTHLY;BYDAY=-1FR',
        source: 'recurring',
        description: 'Pool\n\n- Skim\n- Check pH',
      },
    ]);
  });

  it('a schedule with an unreadable rule is refused when saved', async () => {
    expect(await errorCode(schedule('FREQ=SECONDLY', '2027-01-01', '2027-01-31'))).toBe('22023');
  });
});
