// iCal feeds shaped like the real exports of the channels (Airbnb, Booking.com, VRBO, Google
// Calendar, Outlook), with dates relative to today so imports land in the future, plus broken and
// hostile ones. Used by the parser suite and by the ical-import function suite, whose loopback
// server serves them.

/** YYYYMMDD of today + n days (UTC). */
export function icsDate(days: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

/** YYYY-MM-DD of today + n days (UTC). */
export function isoDate(days: number): string {
  const c = icsDate(days);
  return `${c.slice(0, 4)}-${c.slice(4, 6)}-${c.slice(6, 8)}`;
}

/** Folds a content line at 75 octets as RFC 5545 3.1 says (continuations start with a space). */
export function fold(line: string, width = 75): string {
  const out: string[] = [];
  let rest = line;
  let first = true;
  while (rest.length > (first ? width : width - 1)) {
    const n = first ? width : width - 1;
    out.push((first ? '' : ' ') + rest.slice(0, n));
    rest = rest.slice(n);
    first = false;
  }
  out.push((first ? '' : ' ') + rest);
  return out.join('\r\n');
}

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

export interface AirbnbStay {
  uid: string;
  from: number;
  to: number;
  blocked?: boolean;
}

/** Airbnb's "Export calendar": all-day events, 'Reserved' or 'Airbnb (Not available)', CRLF, folded. */
export function airbnbFeed(stays: AirbnbStay[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
  ];
  for (const s of stays) {
    lines.push(
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${icsDate(s.to)}`,
      `DTSTART;VALUE=DATE:${icsDate(s.from)}`,
    );
    lines.push(`UID:${s.uid}`);
    if (s.blocked) {
      lines.push('SUMMARY:Airbnb (Not available)');
    } else {
      lines.push(
        fold(
          `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${s.uid.slice(0, 8).toUpperCase()}\\nPhone Number (Last 4 Digits): 4821`,
        ),
        'SUMMARY:Reserved',
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}

/** Booking.com's export: every closed night is 'CLOSED - Not available', all-day, with DTSTAMP. */
export function bookingFeed(stays: { uid: string; from: number; to: number }[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking.com//Booking.com Calendar//EN',
    'METHOD:PUBLISH',
  ];
  for (const s of stays) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${s.uid}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${icsDate(s.from)}`,
      `DTEND;VALUE=DATE:${icsDate(s.to)}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}

/** VRBO / HomeAway: 'Reserved - <name>' for bookings, 'Blocked' for owner holds; LF line ends. */
export function vrboFeed(from: number): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HomeAway.com\\, Inc.//EN',
    'BEGIN:VEVENT',
    `DTSTAMP:${icsDate(0)}T080000Z`,
    `DTSTART;VALUE=DATE:${icsDate(from)}`,
    `DTEND;VALUE=DATE:${icsDate(from + 5)}`,
    'SUMMARY:Reserved - Jane Doe',
    'UID:a1b2c3d4-vrbo-0001@homeaway.com',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${icsDate(from + 8)}`,
    `DTEND;VALUE=DATE:${icsDate(from + 12)}`,
    'SUMMARY:Blocked',
    'UID:a1b2c3d4-vrbo-0002@homeaway.com',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\n');
}

/**
 * Google Calendar: VTIMEZONE for Europe/Athens, DATE-TIME with TZID, a UTC event, one in New York,
 * a cancelled one, a VALARM whose DESCRIPTION must not be taken for the event's, escaped text and
 * a long SUMMARY folded with a tab.
 */
export function googleFeed(from: number): string {
  return crlf([
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Villa Anemos – direct bookings',
    'X-WR-TIMEZONE:Europe/Athens',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Athens',
    'X-LIC-LOCATION:Europe/Athens',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0300',
    'TZNAME:EEST',
    'DTSTART:19700329T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0300',
    'TZOFFSETTO:+0200',
    'TZNAME:EET',
    'DTSTART:19701025T040000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Athens:${icsDate(from)}T160000`,
    `DTEND;TZID=Europe/Athens:${icsDate(from + 3)}T100000`,
    `DTSTAMP:${icsDate(0)}T101010Z`,
    'UID:7kukuqrfedlm2f9t0vm5fel2bh@google.com',
    'CREATED:20260301T120000Z',
    'DESCRIPTION:Arriving on the 18:30 ferry from Piraeus\\, two children.',
    'STATUS:CONFIRMED',
    'SUMMARY:Smith\\, John',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:This is an event reminder',
    'TRIGGER:-P0DT0H30M0S',
    'END:VALARM',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART:${icsDate(from + 4)}T130000Z`,
    `DTEND:${icsDate(from + 6)}T080000Z`,
    'UID:utc-event-0001@google.com',
    'SUMMARY:Maria Garcia Lopez and family from Valencia\\, staying for the sailing ',
    '\tregatta week',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=America/New_York:${icsDate(from + 8)}T080000`,
    `DTEND;TZID=America/New_York:${icsDate(from + 10)}T040000`,
    'UID:new-york-0001@google.com',
    'SUMMARY:Booked from New York',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Athens:${icsDate(from + 12)}T150000`,
    `DTEND;TZID=Europe/Athens:${icsDate(from + 14)}T110000`,
    'UID:cancelled-0001@google.com',
    'STATUS:CANCELLED',
    'SUMMARY:Cancelled guest',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}

/** Outlook / Exchange: a Windows zone name as TZID, and a custom zone with one fixed offset. */
export function outlookFeed(from: number): string {
  return crlf([
    'BEGIN:VCALENDAR',
    'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
    'VERSION:2.0',
    'BEGIN:VTIMEZONE',
    'TZID:Island Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'TZOFFSETFROM:+0400',
    'TZOFFSETTO:+0400',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `DTSTART;TZID="GTB Standard Time":${icsDate(from)}T150000`,
    `DTEND;TZID="GTB Standard Time":${icsDate(from + 2)}T110000`,
    'UID:040000008200E00074C5B7101A82E00800000000@outlook',
    'SUMMARY:Owner friends',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Island Time:${icsDate(from + 3)}T120000`,
    `DTEND;TZID=Island Time:${icsDate(from + 4)}T120000`,
    'UID:island-0001@outlook',
    'SUMMARY:Fixed offset',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Mars/Olympus_Mons:${icsDate(from + 5)}T120000`,
    `DTEND;TZID=Mars/Olympus_Mons:${icsDate(from + 6)}T120000`,
    'UID:mars-0001@outlook',
    'SUMMARY:Unknown zone',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}

/** A calendar with every kind of broken event beside one good one. */
export function brokenEventsFeed(from: number): string {
  return crlf([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hand made//EN',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${icsDate(from)}`,
    `DTEND;VALUE=DATE:${icsDate(from + 2)}`,
    'SUMMARY:No UID',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:bad-date',
    'DTSTART;VALUE=DATE:20270231',
    'DTEND;VALUE=DATE:20270305',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:bad-time',
    'DTSTART:20270301T256000Z',
    'DTEND:20270302T100000Z',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:recurring',
    `DTSTART;VALUE=DATE:${icsDate(from)}`,
    `DTEND;VALUE=DATE:${icsDate(from + 1)}`,
    'RRULE:FREQ=WEEKLY;COUNT=10',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:no-start',
    `DTEND;VALUE=DATE:${icsDate(from + 1)}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:no-end-timed',
    `DTSTART:${icsDate(from)}T150000Z`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:all-day-no-end',
    `DTSTART;VALUE=DATE:${icsDate(from + 20)}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:duration',
    `DTSTART:${icsDate(from + 30)}T130000Z`,
    'DURATION:P3DT18H',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:good',
    `DTSTART;VALUE=DATE:${icsDate(from + 40)}`,
    `DTEND;VALUE=DATE:${icsDate(from + 43)}`,
    'SUMMARY:Good one',
    'this line has no colon',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:unclosed',
    `DTSTART;VALUE=DATE:${icsDate(from + 50)}`,
    `DTEND;VALUE=DATE:${icsDate(from + 52)}`,
    'END:VCALENDAR',
  ]);
}

/** text/calendar that is not iCalendar at all. */
export const NOT_ICALENDAR = '<!doctype html><html><body><h1>Calendar moved</h1></body></html>';

/** A valid calendar of `n` events (for the event limit). */
export function manyEventsFeed(n: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Many//EN'];
  for (let i = 0; i < n; i++) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:many-${i}`,
      'DTSTART;VALUE=DATE:20300101',
      'DTEND;VALUE=DATE:20300102',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}
