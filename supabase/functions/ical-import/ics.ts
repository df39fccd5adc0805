// The iCalendar (RFC 5545) reader for the channel exports villa companies import: Airbnb,
// Booking.com, VRBO, Google Calendar and the like. It reads what a stay needs - VEVENT UID,
// DTSTART / DTEND (or DURATION), STATUS, SUMMARY, DESCRIPTION - and turns each event into the
// shape public.import_reservations() takes. Pure: no I/O, no runtime APIs beyond Intl, so it runs
// the same in Supabase's edge runtime (Deno: 'ical.js' maps to npm:ical.js in deno.json) and in
// Node (the local backend resolves it from node_modules).
//
// Two layers:
//   - A tolerant scanner (here): line unfolding, components, line numbers and limits. ical.js
//     stops at the first malformed line and knows no limits; channel feeds are often a little
//     broken, and one bad event must not lose the rest, so the scanner reports per event and the
//     rest of the feed still imports.
//   - ical.js (kewisch/ical.js, maintained) for what hand-written parsers get wrong: a feed's
//     VTIMEZONE definitions (STANDARD / DAYLIGHT rules, when the TZID is no IANA name), and
//     recurring events - RRULE and RDATE less EXDATE, each RECURRENCE-ID override in place of the
//     occurrence it changes - expanded over the import's window (importWindow()).
//
// What it copes with, because real feeds do it:
//   - line folding (CRLF or LF followed by a space or tab), CRLF / LF / CR line ends, a UTF-8 BOM;
//   - DATE values (all-day: the stay gets the company's default check-in / check-out times, applied
//     in SQL), DATE-TIME in UTC (Z), with TZID (IANA names, Mozilla-style '/mozilla.org/.../Europe/
//     Athens' prefixes, common Windows names, a VTIMEZONE's X-LIC-LOCATION or its own rules) and
//     floating (read as company time);
//   - escaped text (\n \, \; \\), quoted parameter values, properties inside VALARM (ignored);
//   - events with no DTEND (all-day: one day; RFC 5545 3.6.1) or with DURATION;
//   - recurring events: each occurrence in the window is a stay of its own, UID
//     '<series UID>#<RECURRENCE-ID>' (stable from one sync to the next). Without a window
//     (prepareImport(cal) alone) they are reported and left out, as expansion needs one.
// What it refuses or reports, because hostile or broken feeds do it: a body that is not an
// iCalendar object (throws IcsError), more than `maxEvents` events or absurdly long lines
// (throws), and per event: no UID, unreadable or missing dates, an override whose series is
// missing, a series with more than `maxOccurrences` occurrences in the window, unclosed events.
// Those are listed in `problems` and left out; the rest of the feed still imports.
//
// Channel conventions (decisions):
//   - Airbnb exports bookings as SUMMARY 'Reserved' and owner-blocked nights as 'Airbnb (Not
//     available)'; VRBO uses 'Blocked'. Blocked nights have no guests and need no cleaning, so they
//     are skipped (listed in `skipped`), not imported as stays.
//   - Booking.com exports every closed night, booked or closed by hand, as 'CLOSED - Not available':
//     it cannot tell them apart, so these are imported as stays without a guest name. A manager
//     cancels the odd manual closure; a later sync does not revive it (see import_reservations).
//   - Generic summaries ('Reserved', 'Booked', 'Not available', ...) give no guest name (''); VRBO's
//     'Reserved - Jane Doe' gives 'Jane Doe'; a trailing Airbnb code '(HMABCDEF12)' is dropped.
//   - STATUS:CANCELLED cancels; TENTATIVE is treated as confirmed (better a prepared villa).

import ICAL from 'ical.js';

export class IcsError extends Error {}

export type IcsTime =
  | { kind: 'date'; date: string }
  | { kind: 'utc'; iso: string }
  | { kind: 'local'; local: string; tzid: string | null };

export interface IcsEvent {
  /** Line (1-based, after unfolding: the physical line) where BEGIN:VEVENT was. */
  line: number;
  uid: string | null;
  start: IcsTime | null;
  end: IcsTime | null;
  duration: string | null;
  summary: string;
  description: string;
  status: string | null;
  /** RRULE, RDATE or RECURRENCE-ID: part of a series. */
  recurring: boolean;
  /** RRULE or RDATE: the series' master event. */
  rule: boolean;
  /** RECURRENCE-ID: an override of one occurrence of the series with this UID. */
  recurrenceId: string | null;
  /** The event's own content lines (unfolded), for ical.js to expand a series. */
  lines: string[];
  /** Problems found while reading the event's properties (bad dates). */
  errors: string[];
}

export interface IcsTimezone {
  tzid: string;
  location: string | null;
  /** The VTIMEZONE's content lines (unfolded), STANDARD and DAYLIGHT parts included. */
  lines: string[];
  /** Its rules as ical.js reads them (null when ical.js cannot). */
  zone: InstanceType<typeof ICAL.Timezone> | null;
}

export interface IcsCalendar {
  name: string | null;
  prodId: string | null;
  events: IcsEvent[];
  timezones: Map<string, IcsTimezone>;
  problems: IcsProblem[];
}

export interface IcsProblem {
  line: number;
  uid: string | null;
  reason: string;
}

export interface ParseLimits {
  maxEvents: number;
  maxLineLength: number;
}

export const DEFAULT_LIMITS: ParseLimits = { maxEvents: 5000, maxLineLength: 75_000 };

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
  line: number;
}

/** Logical lines: folded continuations joined, each with the physical line it started on. */
export function unfold(text: string): { text: string; line: number }[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const physical = body.split(/\r\n|\n|\r/);
  const out: { text: string; line: number }[] = [];
  physical.forEach((raw, i) => {
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && out.length > 0) {
      out[out.length - 1]!.text += raw.slice(1);
    } else if (raw.length > 0) {
      out.push({ text: raw, line: i + 1 });
    }
  });
  return out;
}

/** NAME;PARAM=value;PARAM="quoted:value":VALUE - the colon inside quotes does not end the name. */
export function parseContentLine(text: string, line = 0): ContentLine | null {
  let i = 0;
  let inQuotes = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ':' && !inQuotes) break;
  }
  if (i >= text.length) return null;
  const head = text.slice(0, i);
  const value = text.slice(i + 1);
  const parts: string[] = [];
  let current = '';
  inQuotes = false;
  for (const c of head) {
    if (c === '"') inQuotes = !inQuotes;
    if (c === ';' && !inQuotes) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  const name = parts[0]!.trim().toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return null;
  const params: Record<string, string> = {};
  for (const p of parts.slice(1)) {
    const eq = p.indexOf('=');
    if (eq <= 0) continue;
    let v = p.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
    params[p.slice(0, eq).trim().toUpperCase()] = v;
  }
  return { name, params, value, line };
}

/** TEXT values: \n and \N are newlines; \, \; \\ stand for themselves. */
export function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

const DATE_RE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z)?$/i;

/** A DATE or DATE-TIME value; null when it is not one (or names an impossible day or hour). */
export function parseTime(value: string, params: Record<string, string>): IcsTime | null {
  const v = value.trim();
  const d = DATE_RE.exec(v);
  if (d) {
    const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    if (m < 1 || m > 12 || day < 1 || day > daysInMonth(y, m)) return null;
    return { kind: 'date', date: `${d[1]}-${d[2]}-${d[3]}` };
  }
  if (params.VALUE?.toUpperCase() === 'DATE') return null;
  const t = DATE_TIME_RE.exec(v);
  if (!t) return null;
  const [y, m, day, hh, mm, ss] = [1, 2, 3, 4, 5, 6].map((k) => Number(t[k] ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (m < 1 || m > 12 || day < 1 || day > daysInMonth(y, m) || hh > 23 || mm > 59 || ss > 60) {
    return null;
  }
  const local = `${t[1]}-${t[2]}-${t[3]}T${t[4]}:${t[5]}:${pad(Math.min(ss, 59))}`;
  if (t[7]) return { kind: 'utc', iso: `${local}Z` };
  const tzid = params.TZID?.trim() || null;
  if (tzid && /^(utc|gmt|z|etc\/utc|etc\/gmt)$/i.test(tzid))
    return { kind: 'utc', iso: `${local}Z` };
  return { kind: 'local', local, tzid };
}

/** Seconds of an RFC 5545 DURATION ('P3D', 'PT2H30M', 'P1W'); null if unreadable or negative. */
export function parseDuration(value: string): number | null {
  const m = /^\+?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(
    value.trim(),
  );
  if (!m || value.trim().toUpperCase() === 'P' || /T$/i.test(value.trim())) return null;
  const [w, d, h, mi, s] = [1, 2, 3, 4, 5].map((k) => Number(m[k] ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return (((w * 7 + d) * 24 + h) * 60 + mi) * 60 + s;
}

/** Reads a calendar. Throws IcsError when the text is not one iCalendar object, or is too big. */
export function parseIcs(text: string, limits: ParseLimits = DEFAULT_LIMITS): IcsCalendar {
  const lines = unfold(text);
  const first = lines[0];
  if (!first || first.text.trim().toUpperCase() !== 'BEGIN:VCALENDAR') {
    throw new IcsError('Not an iCalendar file (it does not start with BEGIN:VCALENDAR)');
  }
  const cal: IcsCalendar = {
    name: null,
    prodId: null,
    events: [],
    timezones: new Map(),
    problems: [],
  };
  const stack: string[] = [];
  let event: IcsEvent | null = null;
  let tz: IcsTimezone | null = null;
  let ended = false;

  for (const { text: raw, line } of lines) {
    if (raw.length > limits.maxLineLength) {
      throw new IcsError(`Line ${line} is longer than ${limits.maxLineLength} characters`);
    }
    if (ended) {
      // Anything after END:VCALENDAR (a second calendar glued on, junk) is not read.
      if (raw.trim() !== '') {
        cal.problems.push({ line, uid: null, reason: 'content after END:VCALENDAR ignored' });
        break;
      }
      continue;
    }
    const cl = parseContentLine(raw, line);
    if (!cl) {
      cal.problems.push({ line, uid: event?.uid ?? null, reason: 'unreadable line ignored' });
      continue;
    }
    const top = stack[stack.length - 1];
    if (cl.name === 'BEGIN') {
      const component = cl.value.trim().toUpperCase();
      if (component === 'VEVENT' && event) {
        // BEGIN:VEVENT inside an open event: the open one lost its END.
        cal.problems.push({
          line: event.line,
          uid: event.uid,
          reason: 'event not closed (END:VEVENT missing)',
        });
        event = null;
        stack.length = 1;
      }
      stack.push(component);
      if (component === 'VEVENT' && stack.length === 2 && stack[0] === 'VCALENDAR') {
        if (cal.events.length >= limits.maxEvents) {
          throw new IcsError(`More than ${limits.maxEvents} events`);
        }
        event = {
          line,
          uid: null,
          start: null,
          end: null,
          duration: null,
          summary: '',
          description: '',
          status: null,
          recurring: false,
          rule: false,
          recurrenceId: null,
          lines: [],
          errors: [],
        };
      } else if (component === 'VTIMEZONE' && stack.length === 2) {
        tz = { tzid: '', location: null, lines: [], zone: null };
      }
      if (tz && stack[1] === 'VTIMEZONE') tz.lines.push(raw);
      if (stack.length > 20) throw new IcsError('Components nested too deeply');
      continue;
    }
    if (cl.name === 'END') {
      const component = cl.value.trim().toUpperCase();
      if (top !== component) {
        // Tolerate a missing END of an inner component (VALARM) by unwinding to the one named.
        const at = stack.lastIndexOf(component);
        if (at === -1) {
          cal.problems.push({
            line,
            uid: event?.uid ?? null,
            reason: `END:${component} without BEGIN`,
          });
          continue;
        }
        stack.length = at + 1;
      }
      if (tz && stack[1] === 'VTIMEZONE') tz.lines.push(raw);
      stack.pop();
      if (component === 'VEVENT' && event) {
        cal.events.push(event);
        event = null;
      } else if (component === 'VTIMEZONE' && tz) {
        tz.zone = readTimezone(tz.lines);
        if (tz.tzid) cal.timezones.set(tz.tzid, tz);
        tz = null;
      } else if (component === 'VCALENDAR' && stack.length === 0) {
        ended = true;
      }
      continue;
    }
    if (top === 'VCALENDAR' && stack.length === 1) {
      if (cl.name === 'X-WR-CALNAME') cal.name = unescapeText(cl.value).trim();
      else if (cl.name === 'PRODID') cal.prodId = cl.value.trim();
      continue;
    }
    if (tz && stack.length >= 2 && stack[1] === 'VTIMEZONE') {
      tz.lines.push(raw);
      if (top === 'VTIMEZONE' && cl.name === 'TZID') tz.tzid = cl.value.trim();
      else if (top === 'VTIMEZONE' && cl.name === 'X-LIC-LOCATION') tz.location = cl.value.trim();
      continue;
    }
    if (!event || top !== 'VEVENT') continue;
    event.lines.push(raw);
    switch (cl.name) {
      case 'UID':
        event.uid = cl.value.trim() || null;
        break;
      case 'DTSTART':
      case 'DTEND': {
        const t = parseTime(cl.value, cl.params);
        if (!t) event.errors.push(`unreadable ${cl.name} '${cl.value.slice(0, 40)}'`);
        if (cl.name === 'DTSTART') event.start = t;
        else event.end = t;
        break;
      }
      case 'DURATION':
        event.duration = cl.value.trim();
        break;
      case 'SUMMARY':
        event.summary = unescapeText(cl.value).trim();
        break;
      case 'DESCRIPTION':
        event.description = unescapeText(cl.value).trim();
        break;
      case 'STATUS':
        event.status = cl.value.trim().toUpperCase();
        break;
      case 'RRULE':
      case 'RDATE':
        event.recurring = true;
        event.rule = true;
        break;
      case 'RECURRENCE-ID':
        event.recurring = true;
        event.recurrenceId = cl.value.trim();
        break;
    }
  }
  if (event) {
    cal.problems.push({
      line: event.line,
      uid: event.uid,
      reason: 'event not closed (END:VEVENT missing)',
    });
  }
  if (!ended) cal.problems.push({ line: lines.length, uid: null, reason: 'END:VCALENDAR missing' });
  return cal;
}

// ---------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------

/** Windows zone names some exporters (Outlook, Exchange) write as TZID. */
const WINDOWS_ZONES: Record<string, string> = {
  'GTB Standard Time': 'Europe/Athens',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'FLE Standard Time': 'Europe/Kyiv',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Romance Standard Time': 'Europe/Paris',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Central European Standard Time': 'Europe/Warsaw',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'Turkey Standard Time': 'Europe/Istanbul',
  'Russian Standard Time': 'Europe/Moscow',
  'Israel Standard Time': 'Asia/Jerusalem',
  'Eastern Standard Time': 'America/New_York',
  'Central Standard Time': 'America/Chicago',
  'Mountain Standard Time': 'America/Denver',
  'Pacific Standard Time': 'America/Los_Angeles',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'China Standard Time': 'Asia/Shanghai',
  'India Standard Time': 'Asia/Kolkata',
  UTC: 'UTC',
};

const zoneCache = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  const cached = zoneCache.get(zone);
  if (cached !== undefined) return cached;
  let f: Intl.DateTimeFormat | null;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    f = null;
  }
  zoneCache.set(zone, f);
  return f;
}

/** The IANA zone a TZID means, if we can tell. */
export function resolveZone(tzid: string, timezones?: Map<string, IcsTimezone>): string | null {
  const candidates = [tzid, WINDOWS_ZONES[tzid]];
  // '/mozilla.org/20050126_1/Europe/Athens', '/softwarestudio.org/Olson_20011030_5/Europe/Athens'
  const parts = tzid.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) candidates.push(parts.slice(i).join('/'));
  const location = timezones?.get(tzid)?.location;
  if (location) candidates.push(location);
  for (const c of candidates) if (c && c.includes('/') && formatterFor(c)) return c;
  for (const c of candidates) if (c === 'UTC' && formatterFor(c)) return c;
  return null;
}

function zoneOffsetMs(fmt: Intl.DateTimeFormat, epochMs: number): number {
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** A wall time in an IANA zone as an instant (DST gaps resolve forward, overlaps to the first). */
export function zonedToUtc(local: string, zone: string): string | null {
  const fmt = formatterFor(zone);
  if (!fmt) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  let utc = wall - zoneOffsetMs(fmt, wall);
  const second = wall - zoneOffsetMs(fmt, utc);
  if (second !== utc) utc = Math.min(utc, second);
  return new Date(utc).toISOString().replace('.000Z', 'Z');
}

/** A VTIMEZONE's lines as an ical.js Timezone (null when ical.js cannot read them). */
function readTimezone(lines: string[]): InstanceType<typeof ICAL.Timezone> | null {
  try {
    const component = new ICAL.Component(ICAL.parse(lines.join('\r\n')) as unknown[]);
    return component.name === 'vtimezone' ? new ICAL.Timezone(component) : null;
  } catch {
    return null;
  }
}

/** A wall time in a feed's own VTIMEZONE (ical.js applies its STANDARD / DAYLIGHT rules). */
function vtimezoneToUtc(local: string, zone: InstanceType<typeof ICAL.Timezone>): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  try {
    const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[];
    const t = ICAL.Time.fromData({ year, month, day, hour, minute, second, isDate: false }, zone);
    return new Date(t.toUnixTime() * 1000).toISOString().replace('.000Z', 'Z');
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Events -> import_reservations() input
// ---------------------------------------------------------------------------------------------

/** One event as public.import_reservations() reads it (see its migration for the contract). */
export interface ImportEvent {
  uid: string;
  status: 'confirmed' | 'cancelled';
  check_in?: string;
  check_in_local?: string;
  check_in_date?: string;
  check_out?: string;
  check_out_local?: string;
  check_out_date?: string;
  guest_name: string;
  notes: string;
}

export interface PreparedImport {
  events: ImportEvent[];
  skipped: { uid: string; reason: string }[];
  problems: IcsProblem[];
  warnings: string[];
}

const BLOCKED =
  /^(airbnb \(not available\)|not available|blocked|unavailable|owner block|owner blocked)$/i;
const GENERIC_NAME =
  /^(reserved|reservation|booked|booking|closed - not available|closed|not available|airbnb|airbnb reservation|booking\.com|vrbo|homeaway|guest|stay)$/i;

/** The guest's name in a SUMMARY, or '' when the channel wrote a placeholder. */
export function guestName(summary: string): string {
  let s = summary.trim();
  const reserved = /^reserved\s*[-:–]\s*(.+)$/i.exec(s);
  if (reserved) s = reserved[1]!.trim();
  s = s.replace(/\s*\((HM[A-Z0-9]{6,12})\)\s*$/i, '').trim();
  if (GENERIC_NAME.test(s)) return '';
  return s.slice(0, 200);
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function addSeconds(t: IcsTime, seconds: number): IcsTime {
  if (t.kind === 'date') {
    // A DURATION on an all-day event is whole days (RFC 5545: P1D, P1W).
    return { kind: 'date', date: addDays(t.date, Math.round(seconds / 86400)) };
  }
  const base = t.kind === 'utc' ? t.iso.slice(0, 19) : t.local;
  const [d, time] = base.split('T') as [string, string];
  const [y, mo, da] = d.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, mo - 1, da, h, mi, s) + seconds * 1000)
    .toISOString()
    .slice(0, 19);
  return t.kind === 'utc'
    ? { kind: 'utc', iso: `${shifted}Z` }
    : { kind: 'local', local: shifted, tzid: t.tzid };
}

type Side = 'check_in' | 'check_out';

const KEYS = {
  check_in: { instant: 'check_in', local: 'check_in_local', date: 'check_in_date' },
  check_out: { instant: 'check_out', local: 'check_out_local', date: 'check_out_date' },
} as const;

function place(
  out: ImportEvent,
  side: Side,
  t: IcsTime,
  timezones: Map<string, IcsTimezone>,
  warnings: Set<string>,
) {
  const key = KEYS[side];
  if (t.kind === 'date') {
    out[key.date] = t.date;
    return;
  }
  if (t.kind === 'utc') {
    out[key.instant] = t.iso;
    return;
  }
  if (t.tzid === null) {
    out[key.local] = t.local;
    return;
  }
  const zone = resolveZone(t.tzid, timezones);
  const iso = zone ? zonedToUtc(t.local, zone) : null;
  if (iso) {
    out[key.instant] = iso;
    return;
  }
  // Not an IANA zone: the feed's own VTIMEZONE (its STANDARD / DAYLIGHT rules, via ical.js).
  const own = timezones.get(t.tzid)?.zone;
  const fromOwn = own ? vtimezoneToUtc(t.local, own) : null;
  if (fromOwn) {
    out[key.instant] = fromOwn;
    return;
  }
  warnings.add(`unknown time zone '${t.tzid.slice(0, 60)}': its times were read as company time`);
  out[key.local] = t.local;
}

/**
 * The span a series is expanded over (RRULE / RDATE, less EXDATE): occurrences that end before it
 * are history the import never changes, and ones that start after it are left for a later sync.
 */
export interface ImportWindow {
  start: Date;
  end: Date;
}

/** From 31 days ago to two years ahead of `now`: what an import of a channel calendar needs. */
export function importWindow(now: Date = new Date()): ImportWindow {
  const day = 86_400_000;
  return { start: new Date(now.getTime() - 31 * day), end: new Date(now.getTime() + 730 * day) };
}

export interface PrepareOptions {
  /** Expand recurring events over this window; without one they are reported, not imported. */
  window?: ImportWindow;
  /** Most occurrences one series may give (the rest are reported). */
  maxOccurrences?: number;
}

/** What one stay needs, from an event or from one occurrence of a series. */
interface Stay {
  uid: string;
  cancelled: boolean;
  summary: string;
  description: string;
  start: IcsTime;
  end: IcsTime | null;
  duration: string | null;
}

/** An ical.js time as an IcsTime; `tzid` is the TZID the event's property named (if any). */
function icsTime(t: InstanceType<typeof ICAL.Time>, tzid: string | null): IcsTime {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${p(t.year, 4)}-${p(t.month)}-${p(t.day)}`;
  if (t.isDate) return { kind: 'date', date };
  const local = `${date}T${p(t.hour)}:${p(t.minute)}:${p(Math.min(t.second, 59))}`;
  if (t.zone?.tzid === 'UTC') return { kind: 'utc', iso: `${local}Z` };
  return { kind: 'local', local, tzid };
}

/** Roughly when an IcsTime is (wall times read as UTC): enough to compare with the window. */
function roughMs(t: IcsTime): number {
  if (t.kind === 'date') return Date.parse(`${t.date}T00:00:00Z`);
  return Date.parse(t.kind === 'utc' ? t.iso : `${t.local}Z`);
}

/**
 * A series' occurrences in the window, by ical.js: the master's RRULE / RDATE less its EXDATEs,
 * each override (an event of the same UID with RECURRENCE-ID) in place of the occurrence it
 * replaces, in the time zones the calendar's VTIMEZONEs define. Each occurrence is its own stay,
 * with the UID '<series UID>#<RECURRENCE-ID>' (stable across syncs).
 */
function expandSeries(
  master: IcsEvent,
  overrides: IcsEvent[],
  cal: IcsCalendar,
  window: ImportWindow,
  max: number,
): { stays: Stay[]; problem?: string } {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...[...cal.timezones.values()].flatMap((tz) => tz.lines),
    ...[master, ...overrides].flatMap((ev) => ['BEGIN:VEVENT', ...ev.lines, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');
  let series: InstanceType<typeof ICAL.Event>;
  try {
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const [first, ...rest] = root.getAllSubcomponents('vevent');
    series = new ICAL.Event(first);
    for (const o of rest) series.relateException(o);
  } catch (e) {
    return { stays: [], problem: `unreadable recurring event: ${String(e).slice(0, 120)}` };
  }
  const startTzid = master.start?.kind === 'local' ? master.start.tzid : null;
  const endTzid = master.end?.kind === 'local' ? master.end.tzid : startTzid;
  const stays: Stay[] = [];
  const from = window.start.getTime();
  const until = window.end.getTime();
  const it = series.iterator();
  // Steps through occurrences before the window too: bounded, so a rule from 1970 cannot spin.
  for (let steps = 0; steps < 50_000; steps++) {
    const next = it.next();
    if (!next) return { stays };
    const d = series.getOccurrenceDetails(next);
    const start = icsTime(d.startDate, startTzid);
    if (roughMs(start) > until) return { stays };
    let end: IcsTime | null = icsTime(d.endDate, endTzid);
    if (start.kind === 'date' && roughMs(end) <= roughMs(start))
      end = { kind: 'date', date: addDays(start.date, 1) };
    if (roughMs(end) < from) continue;
    if (stays.length >= max)
      return { stays, problem: `more than ${max} occurrences in the window` };
    const item = d.item.component;
    const text = (name: string) => {
      const v: unknown = item.getFirstPropertyValue(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    stays.push({
      uid: `${master.uid}#${d.recurrenceId.toICALString()}`,
      cancelled: text('status').toUpperCase() === 'CANCELLED',
      summary: text('summary'),
      description: text('description'),
      start,
      end,
      duration: null,
    });
  }
  return { stays, problem: 'recurrence rule too long to expand' };
}

/**
 * Turns parsed events into import events; blocked nights are skipped, broken events reported.
 * With a window (the function always gives one: importWindow()), each recurring event becomes its
 * occurrences in it; without one, recurring events are reported and left out.
 */
export function prepareImport(cal: IcsCalendar, options: PrepareOptions = {}): PreparedImport {
  const events: ImportEvent[] = [];
  const skipped: { uid: string; reason: string }[] = [];
  const problems: IcsProblem[] = [...cal.problems];
  const warnings = new Set<string>();
  const max = options.maxOccurrences ?? 1000;
  const masters = new Set(cal.events.filter((e) => e.rule && e.uid).map((e) => e.uid));

  /** One stay (an event, or one occurrence of a series) to its import event, or a reason not. */
  const convert = (stay: Stay): ImportEvent | string => {
    const out: ImportEvent = {
      uid: stay.uid,
      status: stay.cancelled ? 'cancelled' : 'confirmed',
      guest_name: guestName(stay.summary),
      notes: stay.description.slice(0, 1000),
    };
    if (stay.cancelled) return out;
    let end = stay.end;
    if (!end && stay.duration !== null) {
      const seconds = parseDuration(stay.duration);
      if (seconds === null || seconds <= 0)
        return `unreadable DURATION '${stay.duration.slice(0, 40)}'`;
      end = addSeconds(stay.start, seconds);
    }
    if (!end && stay.start.kind === 'date')
      end = { kind: 'date', date: addDays(stay.start.date, 1) };
    if (!end) return 'no DTEND or DURATION';
    place(out, 'check_in', stay.start, cal.timezones, warnings);
    place(out, 'check_out', end, cal.timezones, warnings);
    return out;
  };

  for (const ev of cal.events) {
    const report = (reason: string) => problems.push({ line: ev.line, uid: ev.uid, reason });
    if (!ev.uid) {
      report('no UID');
      continue;
    }
    if (ev.uid.length > 500) {
      report('UID longer than 500 characters');
      continue;
    }
    const cancelled = ev.status === 'CANCELLED';
    if (ev.recurring && !options.window && !cancelled) {
      report('recurring event (RRULE / RDATE / RECURRENCE-ID) not imported');
      continue;
    }
    // An override is imported with its series (below); one whose series is missing is reported.
    if (ev.recurring && options.window && !ev.rule) {
      if (!masters.has(ev.uid))
        report('changed occurrence (RECURRENCE-ID) of a series the calendar does not hold');
      continue;
    }
    if (!cancelled && BLOCKED.test(ev.summary.trim())) {
      skipped.push({ uid: ev.uid, reason: 'blocked dates, no guests' });
      continue;
    }
    const series = ev.rule && options.window !== undefined;
    if (cancelled && !series) {
      // A cancellation needs only the UID; its dates are informative.
      const out: ImportEvent = {
        uid: ev.uid,
        status: 'cancelled',
        guest_name: guestName(ev.summary),
        notes: ev.description.slice(0, 1000),
      };
      events.push(out);
      continue;
    }
    if (ev.errors.length > 0) {
      report(ev.errors.join('; '));
      continue;
    }
    if (!ev.start) {
      report('no DTSTART');
      continue;
    }
    const stay: Stay = { ...ev, uid: ev.uid, cancelled, start: ev.start };
    if (series && options.window) {
      const overrides = cal.events.filter((o) => o.uid === ev.uid && o.recurrenceId !== null);
      const expanded = expandSeries(ev, overrides, cal, options.window, max);
      if (expanded.problem) report(expanded.problem);
      for (const occurrence of expanded.stays) {
        if (occurrence.uid.length > 500) continue;
        if (!occurrence.cancelled && BLOCKED.test(occurrence.summary)) {
          skipped.push({ uid: occurrence.uid, reason: 'blocked dates, no guests' });
          continue;
        }
        const r = convert({ ...occurrence, cancelled: occurrence.cancelled || cancelled });
        if (typeof r === 'string') report(r);
        else events.push(r);
      }
      continue;
    }
    const r = convert(stay);
    if (typeof r === 'string') report(r);
    else events.push(r);
  }
  return { events, skipped, problems, warnings: [...warnings] };
}
