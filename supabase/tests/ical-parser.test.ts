// The iCalendar reader of the ical-import function (supabase/functions/ical-import/ics.ts) on the
// shapes real channel exports have and on broken or hostile input. Pure: no backend involved.
import { describe, expect, it } from 'vitest';
import {
  guestName,
  IcsError,
  parseContentLine,
  parseDuration,
  parseIcs,
  parseTime,
  prepareImport,
  resolveZone,
  unescapeText,
  unfold,
  zonedToUtc,
} from '../functions/ical-import/ics.ts';
import {
  airbnbFeed,
  bookingFeed,
  brokenEventsFeed,
  fold,
  googleFeed,
  icsDate,
  isoDate,
  manyEventsFeed,
  NOT_ICALENDAR,
  outlookFeed,
  vrboFeed,
} from './ical-feeds.ts';

const read = (text: string) => prepareImport(parseIcs(text));

describe('content lines', () => {
  it('unfolds CRLF, LF and CR line ends, space and tab continuations, and drops a BOM', () => {
    const text = '\uFEFFBEGIN:VCALENDAR\r\nSUMMARY:Long\r\n  line\r\n\tcontinued\nX:1\rY:2\r\n\r\n';
    expect(unfold(text)).toEqual([
      { text: 'BEGIN:VCALENDAR', line: 1 },
      { text: 'SUMMARY:Long linecontinued', line: 2 },
      { text: 'X:1', line: 5 },
      { text: 'Y:2', line: 6 },
    ]);
  });

  it('round-trips a line folded at 75 octets', () => {
    const long = `DESCRIPTION:${'x'.repeat(300)}`;
    const folded = fold(long);
    expect(folded.split('\r\n').every((l) => l.length <= 75)).toBe(true);
    expect(unfold(folded)).toEqual([{ text: long, line: 1 }]);
  });

  it('reads names, parameters (quoted ones may hold : and ;) and values with colons', () => {
    expect(
      parseContentLine('DTSTART;TZID="Tokyo: Standard; Time";VALUE=DATE-TIME:20270101T100000'),
    ).toMatchObject({
      name: 'DTSTART',
      params: { TZID: 'Tokyo: Standard; Time', VALUE: 'DATE-TIME' },
      value: '20270101T100000',
    });
    expect(parseContentLine('description:see https://example.com/x?a=1')).toMatchObject({
      name: 'DESCRIPTION',
      value: 'see https://example.com/x?a=1',
    });
    expect(parseContentLine('no colon here')).toBeNull();
    expect(parseContentLine('BAD NAME:x')).toBeNull();
  });

  it('unescapes TEXT', () => {
    expect(unescapeText('Smith\\, John\\nRoom 2\\; sea view \\\\ ok\\N')).toBe(
      'Smith, John\nRoom 2; sea view \\ ok\n',
    );
  });
});

describe('values', () => {
  it('DATE, DATE-TIME in UTC, with TZID, floating; impossible days and hours are refused', () => {
    expect(parseTime('20270701', { VALUE: 'DATE' })).toEqual({ kind: 'date', date: '2027-07-01' });
    expect(parseTime('20270701', {})).toEqual({ kind: 'date', date: '2027-07-01' });
    expect(parseTime('20270701T130000Z', {})).toEqual({ kind: 'utc', iso: '2027-07-01T13:00:00Z' });
    expect(parseTime('20270701T1600', { TZID: 'Europe/Athens' })).toEqual({
      kind: 'local',
      local: '2027-07-01T16:00:00',
      tzid: 'Europe/Athens',
    });
    expect(parseTime('20270701T160000', { TZID: 'UTC' })).toEqual({
      kind: 'utc',
      iso: '2027-07-01T16:00:00Z',
    });
    expect(parseTime('20270701T160000', {})).toEqual({
      kind: 'local',
      local: '2027-07-01T16:00:00',
      tzid: null,
    });
    for (const bad of ['20270231', '20271301', '20270701T250000Z', '2027-07-01', 'tomorrow', '']) {
      expect(parseTime(bad, {}), bad).toBeNull();
    }
    expect(parseTime('20270701T100000Z', { VALUE: 'DATE' })).toBeNull();
  });

  it('durations', () => {
    expect(parseDuration('P3D')).toBe(3 * 86400);
    expect(parseDuration('PT2H30M')).toBe(9000);
    expect(parseDuration('P1W')).toBe(7 * 86400);
    expect(parseDuration('P1DT12H')).toBe(129600);
    for (const bad of ['P', 'PT', '-P1D', '3 days', 'P1Y'])
      expect(parseDuration(bad), bad).toBeNull();
  });

  it('time zones: IANA, Mozilla-style prefixes, Windows names; wall time to UTC across DST', () => {
    expect(resolveZone('Europe/Athens')).toBe('Europe/Athens');
    expect(resolveZone('/mozilla.org/20050126_1/Europe/Athens')).toBe('Europe/Athens');
    expect(resolveZone('GTB Standard Time')).toBe('Europe/Athens');
    expect(resolveZone('Island Time')).toBeNull();
    expect(zonedToUtc('2027-07-01T16:00:00', 'Europe/Athens')).toBe('2027-07-01T13:00:00Z');
    expect(zonedToUtc('2027-01-10T16:00:00', 'Europe/Athens')).toBe('2027-01-10T14:00:00Z');
    expect(zonedToUtc('2027-07-01T08:00:00', 'America/New_York')).toBe('2027-07-01T12:00:00Z');
    // 28 March 2027 03:30 does not exist in Athens (clocks jump 03:00 -> 04:00).
    expect(zonedToUtc('2027-03-28T03:30:00', 'Europe/Athens')).toMatch(/^2027-03-28T0[01]:30:00Z$/);
  });

  it('guest names: placeholders give none, VRBO and old Airbnb forms give the name', () => {
    expect(guestName('Reserved')).toBe('');
    expect(guestName('CLOSED - Not available')).toBe('');
    expect(guestName('Booking.com')).toBe('');
    expect(guestName('Reserved - Jane Doe')).toBe('Jane Doe');
    expect(guestName('Ana Ferreira (HMABCD1234)')).toBe('Ana Ferreira');
    expect(guestName('Smith, John')).toBe('Smith, John');
    expect(guestName('x'.repeat(500))).toHaveLength(200);
  });
});

describe('real-world feeds', () => {
  it('Airbnb: all-day stays with no guest name, blocked nights skipped, folded description kept', () => {
    const p = read(
      airbnbFeed([
        { uid: '1418fb94e984-9f3d8d1d0b7b6e8c@airbnb.com', from: 10, to: 15 },
        { uid: '2c9a1f00aa21-0b7b6e8c3f4f0b0b@airbnb.com', from: 15, to: 18 },
        { uid: '77aa00bb11cc-block@airbnb.com', from: 20, to: 25, blocked: true },
      ]),
    );
    expect(p.events).toEqual([
      {
        uid: '1418fb94e984-9f3d8d1d0b7b6e8c@airbnb.com',
        status: 'confirmed',
        check_in_date: isoDate(10),
        check_out_date: isoDate(15),
        guest_name: '',
        notes:
          'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM1418FB94\nPhone Number (Last 4 Digits): 4821',
      },
      expect.objectContaining({
        uid: '2c9a1f00aa21-0b7b6e8c3f4f0b0b@airbnb.com',
        check_in_date: isoDate(15),
      }),
    ]);
    expect(p.skipped).toEqual([
      { uid: '77aa00bb11cc-block@airbnb.com', reason: 'blocked dates, no guests' },
    ]);
    expect(p.problems).toEqual([]);
  });

  it('Booking.com: "CLOSED - Not available" nights are imported as stays without a name', () => {
    const cal = parseIcs(bookingFeed([{ uid: 'a9f1e2d3c4b5@booking.com', from: 5, to: 9 }]));
    expect(cal.prodId).toContain('booking.com');
    expect(prepareImport(cal).events).toEqual([
      {
        uid: 'a9f1e2d3c4b5@booking.com',
        status: 'confirmed',
        check_in_date: isoDate(5),
        check_out_date: isoDate(9),
        guest_name: '',
        notes: '',
      },
    ]);
  });

  it('VRBO with LF line ends: the guest name from "Reserved - ...", "Blocked" skipped', () => {
    const p = read(vrboFeed(30));
    expect(p.events).toEqual([
      expect.objectContaining({ uid: 'a1b2c3d4-vrbo-0001@homeaway.com', guest_name: 'Jane Doe' }),
    ]);
    expect(p.skipped.map((s) => s.uid)).toEqual(['a1b2c3d4-vrbo-0002@homeaway.com']);
  });

  it('Google Calendar: TZID times become instants, VALARM text is not the event description', () => {
    const cal = parseIcs(googleFeed(40));
    expect(cal.name).toBe('Villa Anemos – direct bookings');
    expect(cal.timezones.get('Europe/Athens')?.location).toBe('Europe/Athens');
    const p = prepareImport(cal);
    const athens = p.events.find((e) => e.uid === '7kukuqrfedlm2f9t0vm5fel2bh@google.com')!;
    const summerOrWinter = (d: number, h: number) => {
      const local = `${isoDate(d)}T${String(h).padStart(2, '0')}:00:00`;
      return zonedToUtc(local, 'Europe/Athens');
    };
    expect(athens).toEqual({
      uid: '7kukuqrfedlm2f9t0vm5fel2bh@google.com',
      status: 'confirmed',
      check_in: summerOrWinter(40, 16),
      check_out: summerOrWinter(43, 10),
      guest_name: 'Smith, John',
      notes: 'Arriving on the 18:30 ferry from Piraeus, two children.',
    });
    const utc = p.events.find((e) => e.uid === 'utc-event-0001@google.com')!;
    expect(utc.check_in).toBe(`${isoDate(44)}T13:00:00Z`);
    expect(utc.guest_name).toBe(
      'Maria Garcia Lopez and family from Valencia, staying for the sailing regatta week',
    );
    const ny = p.events.find((e) => e.uid === 'new-york-0001@google.com')!;
    expect(ny.check_in).toBe(zonedToUtc(`${isoDate(48)}T08:00:00`, 'America/New_York'));
    expect(p.events.find((e) => e.uid === 'cancelled-0001@google.com')).toMatchObject({
      status: 'cancelled',
    });
    expect(p.problems).toEqual([]);
    expect(p.warnings).toEqual([]);
  });

  it('Outlook: Windows zone names and fixed-offset custom zones; an unknown zone is read as company time, with a warning', () => {
    const p = read(outlookFeed(60));
    const [windows, island, mars] = p.events;
    expect(windows!.check_in).toBe(zonedToUtc(`${isoDate(60)}T15:00:00`, 'Europe/Athens'));
    expect(island!.check_in).toBe(`${isoDate(63)}T08:00:00Z`);
    expect(mars).toMatchObject({
      check_in_local: `${isoDate(65)}T12:00:00`,
      check_out_local: `${isoDate(66)}T12:00:00`,
    });
    expect(p.warnings).toEqual([expect.stringMatching(/unknown time zone 'Mars\/Olympus_Mons'/)]);
  });
});

describe('broken and hostile input', () => {
  it('reports every broken event and keeps the good ones', () => {
    const p = read(brokenEventsFeed(100));
    expect(p.events.map((e) => e.uid)).toEqual(['all-day-no-end', 'duration', 'good']);
    expect(p.events[0]).toMatchObject({
      check_in_date: isoDate(120),
      check_out_date: isoDate(121),
    });
    expect(p.events[1]).toMatchObject({
      check_in: `${isoDate(130)}T13:00:00Z`,
      check_out: `${isoDate(134)}T07:00:00Z`,
    });
    const reasons = p.problems.map((x) => `${x.uid ?? '-'}: ${x.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        '-: no UID',
        "bad-date: unreadable DTSTART '20270231'",
        "bad-time: unreadable DTSTART '20270301T256000Z'",
        'recurring: recurring event (RRULE / RDATE / RECURRENCE-ID) not imported',
        'no-start: no DTSTART',
        'no-end-timed: no DTEND or DURATION',
        'good: unreadable line ignored',
        'unclosed: event not closed (END:VEVENT missing)',
      ]),
    );
    expect(reasons).toHaveLength(8);
  });

  it('refuses what is not an iCalendar object', () => {
    for (const text of [NOT_ICALENDAR, '', '   ', '{"events": []}', 'BEGIN:VEVENT\r\nEND:VEVENT']) {
      expect(() => parseIcs(text), JSON.stringify(text)).toThrow(IcsError);
    }
  });

  it('a missing END:VCALENDAR and junk after it are reported, not fatal', () => {
    const head = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:x',
      'DTSTART;VALUE=DATE:20300101',
      'END:VEVENT',
    ];
    expect(parseIcs(head.join('\r\n')).problems.map((p) => p.reason)).toEqual([
      'END:VCALENDAR missing',
    ]);
    const glued = [
      ...head,
      'END:VCALENDAR',
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:y',
      'END:VEVENT',
      'END:VCALENDAR',
    ];
    const cal = parseIcs(glued.join('\n'));
    expect(cal.events.map((e) => e.uid)).toEqual(['x']);
    expect(cal.problems.map((p) => p.reason)).toEqual(['content after END:VCALENDAR ignored']);
  });

  it('limits: events, line length, nesting', () => {
    expect(parseIcs(manyEventsFeed(5000)).events).toHaveLength(5000);
    expect(() => parseIcs(manyEventsFeed(5001))).toThrow(/More than 5000 events/);
    expect(() =>
      parseIcs(`BEGIN:VCALENDAR\r\nSUMMARY:${'x'.repeat(80_000)}\r\nEND:VCALENDAR`),
    ).toThrow(/longer than/);
    const deep = [
      'BEGIN:VCALENDAR',
      ...Array.from({ length: 30 }, () => 'BEGIN:X'),
      'END:VCALENDAR',
    ];
    expect(() => parseIcs(deep.join('\r\n'))).toThrow(/nested too deeply/);
  });

  it('a 2 MB calendar of folded lines parses in well under a second', () => {
    const events: string[] = [];
    let size = 0;
    for (let i = 0; size < 2_000_000 && i < 4990; i++) {
      const ev = [
        'BEGIN:VEVENT',
        `UID:perf-${i}@example.com`,
        `DTSTART;VALUE=DATE:${icsDate(i % 300)}`,
        `DTEND;VALUE=DATE:${icsDate((i % 300) + 2)}`,
        fold(`DESCRIPTION:${'Lorem ipsum dolor sit amet '.repeat(14)}`),
        'END:VEVENT',
        '',
      ].join('\r\n');
      events.push(ev);
      size += ev.length;
    }
    const text = `BEGIN:VCALENDAR\r\n${events.join('')}END:VCALENDAR\r\n`;
    const t0 = performance.now();
    const p = read(text);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(text.length).toBeGreaterThan(1_900_000);
    expect(p.events.length).toBe(events.length);
  });
});
