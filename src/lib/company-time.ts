// Reservation times are timestamptz, entered and shown in the company's time zone (the database's
// company_time_zone(), set in the admin's system settings; 'Europe/Athens' until known), whatever
// zone the phone is in. setCompanyTimeZone() is called with the settings' zone (company-settings.ts).
import { nextTask } from './idle';
import {
  intlOffset,
  kitOffset,
  kitWrite,
  makeFormatKit,
  readFormatKit,
  type FormatKit,
  type KitSpec,
  zonePartsFormat,
} from './format-kit';
import { FORMAT_KIT_KEY } from './startup-contract';
import { formatLocale, onFormatLocaleChange } from './i18n/format-locale';

export const DEFAULT_COMPANY_TIME_ZONE = 'Europe/Athens';
// A live binding: importers read the current zone.
export let COMPANY_TIME_ZONE = storedZone() ?? DEFAULT_COMPANY_TIME_ZONE;

/** The zone the last company settings seen on this device gave (company-settings.ts keeps them). */
function storedZone(): string | null {
  try {
    const raw = globalThis.localStorage?.getItem('company-settings');
    const tz: unknown = raw ? (JSON.parse(raw) as { time_zone?: unknown }).time_zone : null;
    return typeof tz === 'string' ? tz : null;
  } catch {
    return null;
  }
}

// The formats the app writes (docs/architecture.md "Dates and times"), in the language's locale
// (docs/i18n.md): 'Fri 27 Nov, 16:00' / 'Παρ 27 Νοε, 16:00' in the company zone; a calendar day as
// '27 Nov 2026' and 'Fri 27 Nov'. The 24-hour clock in every language, as the company's
// timetables and the time fields.
export const KIT_SPECS = {
  dateTime: {
    zoned: true,
    options: {
      hourCycle: 'h23',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    },
  },
  day: { zoned: false, options: { day: 'numeric', month: 'short', year: 'numeric' } },
  weekday: { zoned: false, options: { weekday: 'short', day: 'numeric', month: 'short' } },
} as const satisfies Record<string, KitSpec>;

const makeFormats = (timeZone: string) => ({
  parts: zonePartsFormat(timeZone),
  dateTime: new Intl.DateTimeFormat(formatLocale(), {
    ...KIT_SPECS.dateTime.options,
    timeZone,
  }),
});

/** The kit kept on this device (format-kit.ts), read once as the module loads. */
let kit = readFormatKit(globalThis.localStorage, FORMAT_KIT_KEY);
/** The kit when it was made for the zone and locale of the moment. */
function currentKit(): FormatKit | null {
  return kit && kit.zone === COMPANY_TIME_ZONE && kit.locale === formatLocale() ? kit : null;
}

/**
 * Makes and keeps a kit for the zone and locale of the moment, unless the one kept is for them and
 * covers the next half year. Called once the first screen is drawn (company-settings-sync.tsx):
 * it builds Intl's formats, which is the cost the kit spares the next start.
 */
export function keepFormatKit(now = Date.now()): void {
  const held = currentKit();
  if (held && held.until - now > 183 * 86_400_000 && held.from <= now) return;
  const made = makeFormatKit(COMPANY_TIME_ZONE, formatLocale(), KIT_SPECS, now);
  if (!made) return;
  kit = made;
  try {
    globalThis.localStorage?.setItem(FORMAT_KIT_KEY, JSON.stringify(made));
  } catch {
    // Storage full or unavailable: the next start uses Intl.
  }
}

// Without a kit, built in a task of their own soon after the module loads (or on first use, if
// that comes first), not as it loads: the signed-in frame imports this module, and the formats
// (ICU's data) cost ~70 ms at 4x CPU; as part of the frame's task or the list's render, that was
// blocking time (bench/README.md, issue 17). With a kit, not built until something needs them.
let formats: ReturnType<typeof makeFormats> | null = null;
void nextTask().then(() => currentKit() ?? current());
onFormatLocaleChange(() => {
  formats = null;
  dayFormats = null;
  monthNames = null;
});

function current(): ReturnType<typeof makeFormats> {
  if (formats) return formats;
  try {
    formats = makeFormats(COMPANY_TIME_ZONE);
  } catch {
    // A kept zone this browser does not know: the default until the settings say otherwise.
    COMPANY_TIME_ZONE = DEFAULT_COMPANY_TIME_ZONE;
    formats = makeFormats(COMPANY_TIME_ZONE);
  }
  return formats;
}

/** Switches the zone times are shown and entered in; false when the zone is unknown here. */
export function setCompanyTimeZone(timeZone: string): boolean {
  if (timeZone === COMPANY_TIME_ZONE && formats) return true;
  // A zone the kit was made for is one Intl knows: no formats to build (and check) yet.
  if (kit?.zone === timeZone && kit.locale === formatLocale()) {
    if (timeZone !== COMPANY_TIME_ZONE) formats = null;
    COMPANY_TIME_ZONE = timeZone;
    return true;
  }
  try {
    formats = makeFormats(timeZone);
    COMPANY_TIME_ZONE = timeZone;
    return true;
  } catch {
    return false;
  }
}

/** The company zone's offset at `date` (ms to add to UTC, to the second): the kit's, else Intl's. */
function offsetMs(date: Date): number {
  const fromKit = currentKit() && kitOffset(kit!, date.getTime());
  return typeof fromKit === 'number' ? fromKit : intlOffset(current().parts, date.getTime());
}

function zonedParts(date: Date) {
  const wall = new Date(Math.floor(date.getTime() / 1000) * 1000 + offsetMs(date));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-07-01T15:00' in the company zone -> ISO instant. */
export function zonedInputToIso(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) return local;
  const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  const first = offsetMs(new Date(guess));
  let utc = guess - first;
  const second = offsetMs(new Date(utc));
  if (second !== first) utc = guess - second;
  return new Date(utc).toISOString();
}

/** ISO instant -> '2026-07-01T15:00' in the company zone (a datetime-local value). */
export function isoToZonedInput(iso: string): string {
  const p = zonedParts(new Date(iso));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** ISO instant -> '2026-07-01' (the company-zone day). */
export function zonedDay(iso: string): string {
  return isoToZonedInput(iso).slice(0, 10);
}

// The app's one format for what it shows (docs/architecture.md "Dates and times"): a moment as
// 'Fri 27 Nov, 16:00' (formatDateTime; 'Fri 27 Nov 2026, 16:00' where the year matters,
// formatDateTimeYear), a day as '27 Nov 2026' (formatDay, formatDate), a time as '16:00'. Every
// moment in the company's zone. Nothing else in src formats a date: it calls these.

/** ISO instant -> 'Fri 27 Nov, 16:00' in the company zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const offset = currentKit() && kitOffset(kit!, date.getTime());
  if (typeof offset === 'number') {
    return kitWrite(kit!.formats.dateTime!, new Date(date.getTime() + offset));
  }
  return current().dateTime.format(date);
}

/** ISO instant -> 'Fri 27 Nov 2026, 16:00' in the company zone (logs, audit, health). */
export function formatDateTimeYear(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${formatDayWithWeekday(zonedDay(date.toISOString()))} ${zonedParts(date).year}, ${formatTime(date.toISOString())}`;
}

/** ISO instant -> '16:00:05', the time of day with seconds in the company zone. */
export function formatTimeSeconds(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined) return '—';
  const p = zonedParts(new Date(iso));
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

// Calendar days ('2026-11-27') are no instants: formatted as the day they name, in no zone.
let dayFormats: { day: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat } | null = null;
function days() {
  dayFormats ??= {
    day: new Intl.DateTimeFormat(formatLocale(), { ...KIT_SPECS.day.options, timeZone: 'UTC' }),
    weekday: new Intl.DateTimeFormat(formatLocale(), {
      ...KIT_SPECS.weekday.options,
      timeZone: 'UTC',
    }),
  };
  return dayFormats;
}
/** A calendar day written in `format`: from the kit when there is one for the locale. */
function writeDay(format: 'day' | 'weekday', date: Date): string {
  const held = kit && kit.locale === formatLocale() ? kit.formats[format] : undefined;
  return held ? kitWrite(held, date) : days()[format].format(date);
}
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** '2026-11-27' -> '27 Nov 2026' (the app's date format); '' for no day, the text for no date. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return ISO_DAY.test(day) ? writeDay('day', noonOf(day)) : day;
}

/** '2026-11-27' -> 'Fri 27 Nov' (a column or a heading of a week). */
export function formatDayWithWeekday(day: string): string {
  return ISO_DAY.test(day) ? writeDay('weekday', noonOf(day)) : day;
}

/** ISO instant -> '27 Nov 2026', the company-zone day it falls on. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatDay(zonedDay(iso)) : '—';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Lower case, without accents or dots: 'Μαΐ.' -> 'μαι'. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .toLowerCase();
// The months' names in the language of the moment (short and long, as written and as a date's
// month: Greek 'Νοέμβριος' / 'Νοεμβρίου'), for reading back a day the app wrote in that language.
let monthNames: string[][] | null = null;
function monthsOfLocale(): string[][] {
  if (monthNames) return monthNames;
  const locale = formatLocale();
  const formats = [
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' }),
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' }),
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', day: 'numeric' }),
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }),
  ];
  monthNames = MONTHS.map((english, i) => {
    const date = new Date(Date.UTC(2026, i, 15));
    const names = formats.map((f) =>
      plain(
        f
          .formatToParts(date)
          .filter((p) => p.type === 'month')
          .map((p) => p.value)
          .join(''),
      ),
    );
    return [english, ...names].filter((n) => n.length >= 3);
  });
  return monthNames;
}
/** The month (1-12) a typed name is the start of, in English or the language of the moment; 0 if none. */
function monthOf(typed: string): number {
  const word = plain(typed);
  if (word.length < 3) return 0;
  const months = monthsOfLocale();
  // A name typed in full or cut short ('νοε', 'νοεμβριου', 'nov', 'nëntor').
  const index = months.findIndex((names) =>
    names.some((name) => name.startsWith(word) || word.startsWith(name)),
  );
  return index + 1;
}

/**
 * What someone typed as a day -> '2026-11-27', or null when it is not one. Takes the app's format
 * ('27 Nov 2026', '27 november 2026', '27 Nov': this year), day first with / . or -
 * ('27/11/2026', '27.11.26') and ISO ('2026-11-27').
 */
export function parseDay(text: string, today = zonedDay(new Date().toISOString())): string | null {
  const t = text.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) {
    [y, m, d] = [+match[1]!, +match[2]!, +match[3]!];
  } else if ((match = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{2}|\d{4})$/.exec(t))) {
    [d, m, y] = [+match[1]!, +match[2]!, +match[3]!];
  } else if ((match = /^(?:\p{L}+\.? )?(\d{1,2}) (\p{L}{3,})\.?(?: (\d{2}|\d{4}))?$/u.exec(t))) {
    d = +match[1]!;
    m = monthOf(match[2]!);
    y = match[3] ? +match[3] : +today.slice(0, 4);
  } else return null;
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** ISO instant -> '15:00', the time of day in the company zone. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? isoToZonedInput(iso).slice(11) : '—';
}

/** [start, end) of today in the company zone, as ISO instants. */
export function companyToday(now = new Date()): { start: string; end: string } {
  const today = zonedDay(now.toISOString());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: zonedInputToIso(`${today}T00:00`), end: zonedInputToIso(`${next}T00:00`) };
}

/**
 * Today in the company's zone as a local Date at midnight, for calendars laid out with date-fns
 * (which counts in the device's zone): its year, month and day are the company's.
 */
export function companyTodayDate(now = new Date()): Date {
  const [y, m, d] = zonedDay(now.toISOString()).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** '15:00', '1500', '9.30', '9:30' -> 'HH:mm'; null when it is not a time of day. */
export function parseTime(text: string): string | null {
  const m = /^(\d{1,2})(?:[:.h ]?(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
