// Recurring events and a feed's own time zones, read with ical.js (supabase/functions/ical-import/
// ics.ts): a weekly RRULE with an EXDATE and a changed occurrence (RECURRENCE-ID), in a VTIMEZONE
// whose name is no IANA zone (so only its STANDARD / DAYLIGHT rules can place the times), across
// the spring DST change, with folded lines; then the same shape through the ical-import function,
// where each occurrence in the import's window becomes one stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { importWindow, parseIcs, prepareImport, zonedToUtc } from '../functions/ical-import/ics.ts';
import { serviceClient, type Client } from './support.ts';
import { createActors, Fixtures, sameInstant } from './properties-fixtures.ts';
import { fold, icsDate, isoDate } from './ical-feeds.ts';

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** Greece's rules under a name no IANA database knows (as Outlook and Exchange write zones). */
const AEGEAN = [
  'BEGIN:VTIMEZONE',
  'TZID:Aegean Time',
  'BEGIN:STANDARD',
  'DTSTART:19701025T040000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const UID = 'weekly-owner-stay@example.com';

/** Sundays from 14 March 2027, 16:00 to Wednesday 10:00; 21 March cancelled; 4 April late. */
const weeklyFeed = crlf([
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example Corp.//Owner Calendar//EN',
  ...AEGEAN,
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTART;TZID=Aegean Time:20270314T160000',
  'DTEND;TZID=Aegean Time:20270317T100000',
  fold('RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=5;WKST=MO;INTERVAL=1', 30),
  'EXDATE;TZID=Aegean Time:20270321T160000',
  'SUMMARY:Reserved - Owner family',
  fold(`DESCRIPTION:${'Weekly owner stay, the boat arrives on Sunday afternoon. '.repeat(3)}`),
  'END:VEVENT',
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'RECURRENCE-ID;TZID=Aegean Time:20270404T160000',
  'DTSTART;TZID=Aegean Time:20270404T180000',
  'DTEND;TZID=Aegean Time:20270407T100000',
  'SUMMARY:Reserved - Owner family late',
  'END:VEVENT',
  'END:VCALENDAR',
]);

const year2027 = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') };

describe('recurring events and VTIMEZONE (ical.js)', () => {
  it('a weekly RRULE less its EXDATE, with a changed occurrence, in the feed’s own zone across DST', () => {
    const p = prepareImport(parseIcs(weeklyFeed), { window: year2027 });
    expect(p.problems).toEqual([]);
    expect(p.warnings).toEqual([]);
    expect(p.events).toEqual([
      {
        uid: `${UID}#20270314T160000`,
        status: 'confirmed',
        // +02:00 before the change on 28 March...
        check_in: '2027-03-14T14:00:00Z',
        check_out: '2027-03-17T08:00:00Z',
        guest_name: 'Owner family',
        notes: expect.stringMatching(/^Weekly owner stay, the boat arrives on Sunday afternoon\./),
      },
      // ...and +03:00 from 03:00 that day.
      expect.objectContaining({
        uid: `${UID}#20270328T160000`,
        check_in: '2027-03-28T13:00:00Z',
        check_out: '2027-03-31T07:00:00Z',
      }),
      expect.objectContaining({
        uid: `${UID}#20270404T160000`,
        check_in: '2027-04-04T15:00:00Z',
        check_out: '2027-04-07T07:00:00Z',
        guest_name: 'Owner family late',
      }),
      expect.objectContaining({
        uid: `${UID}#20270411T160000`,
        check_in: '2027-04-11T13:00:00Z',
        check_out: '2027-04-14T07:00:00Z',
      }),
    ]);
  });

  it('only occurrences that reach into the window are imported; without a window none are', () => {
    const april = {
      start: new Date('2027-04-01T00:00:00Z'),
      end: new Date('2027-04-10T00:00:00Z'),
    };
    expect(prepareImport(parseIcs(weeklyFeed), { window: april }).events.map((e) => e.uid)).toEqual(
      [`${UID}#20270404T160000`],
    );
    const none = prepareImport(parseIcs(weeklyFeed));
    expect(none.events).toEqual([]);
    expect(none.problems.map((x) => x.reason)).toEqual([
      'recurring event (RRULE / RDATE / RECURRENCE-ID) not imported',
      'recurring event (RRULE / RDATE / RECURRENCE-ID) not imported',
    ]);
  });

  it('an endless rule stops at the window’s end; an override without its series is reported', () => {
    const feed = crlf([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:endless@example.com',
      'DTSTART;VALUE=DATE:20270101',
      'DTEND;VALUE=DATE:20270103',
      'RRULE:FREQ=WEEKLY',
      'EXDATE;VALUE=DATE:20270108,20270115',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:orphan@example.com',
      'RECURRENCE-ID:20270301T100000Z',
      'DTSTART:20270301T100000Z',
      'DTEND:20270302T100000Z',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    const p = prepareImport(parseIcs(feed), { window: year2027 });
    expect(p.events).toHaveLength(53 - 2);
    expect(p.events[0]).toMatchObject({
      uid: 'endless@example.com#20270101',
      check_in_date: '2027-01-01',
      check_out_date: '2027-01-03',
    });
    expect(p.events[1]!.uid).toBe('endless@example.com#20270122');
    expect(p.problems.map((x) => `${x.uid}: ${x.reason}`)).toEqual([
      'orphan@example.com: changed occurrence (RECURRENCE-ID) of a series the calendar does not hold',
    ]);
    expect(importWindow(new Date('2027-06-01T00:00:00Z')).end.toISOString()).toBe(
      '2029-05-31T00:00:00.000Z',
    );
  });
});

describe('through the ical-import function', () => {
  const fx = new Fixtures();
  let manager: Client;

  beforeAll(async () => {
    const users = await createActors();
    fx.trackUsers(...Object.values(users));
    manager = users.manager.client;
  });

  afterAll(async () => {
    await fx.cleanup();
  });

  it('a weekly series with an EXDATE becomes one stay per occurrence; a second import changes nothing', async () => {
    const villa = await fx.property();
    const uid = 'weekly-athens@example.com';
    const at = (days: number, time: string) => `${icsDate(days)}T${time}`;
    const ics = crlf([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Athens',
      'X-LIC-LOCATION:Europe/Athens',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0200',
      'TZNAME:EET',
      'DTSTART:19701025T040000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0300',
      'TZNAME:EEST',
      'DTSTART:19700329T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART;TZID=Europe/Athens:${at(20, '160000')}`,
      `DTEND;TZID=Europe/Athens:${at(22, '100000')}`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
      `EXDATE;TZID=Europe/Athens:${at(27, '160000')}`,
      'SUMMARY:Reserved - Weekly Guest',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    const invoke = async () => {
      const { data, error } = await manager.functions.invoke<{
        data: { parsed: { events: number; problems: unknown[] }; report: Record<string, number> };
      }>('ical-import', { body: { property_id: villa.id, ics, source: 'other' } });
      if (error instanceof FunctionsHttpError)
        throw new Error(await (error.context as Response).text());
      if (error) throw error;
      return data!.data;
    };
    const first = await invoke();
    expect(first.parsed).toMatchObject({ events: 3, problems: [] });
    expect(first.report).toMatchObject({ created: 3, updated: 0, cancelled: 0 });

    const { data: rows, error } = await serviceClient()
      .from('reservations')
      .select('external_uid, check_in, check_out, guest_name, status')
      .eq('property_id', villa.id)
      .order('check_in');
    if (error) throw new Error(error.message);
    expect(rows.map((r) => r.external_uid)).toEqual(
      [20, 34, 41].map((d) => `${uid}#${at(d, '160000')}`),
    );
    for (const [i, d] of [20, 34, 41].entries()) {
      expect(
        sameInstant(rows[i]!.check_in, zonedToUtc(`${isoDate(d)}T16:00:00`, 'Europe/Athens')),
      ).toBe(true);
      expect(
        sameInstant(rows[i]!.check_out, zonedToUtc(`${isoDate(d + 2)}T10:00:00`, 'Europe/Athens')),
      ).toBe(true);
    }
    expect(rows.every((r) => r.guest_name === 'Weekly Guest' && r.status === 'confirmed')).toBe(
      true,
    );

    const again = await invoke();
    expect(again.report).toMatchObject({ created: 0, updated: 0, cancelled: 0, unchanged: 3 });
  });
});
