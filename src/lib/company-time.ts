// Reservation times are timestamptz, entered and shown in the company's time zone (the database's
// company_time_zone(), set in the admin's system settings; 'Europe/Athens' until known), whatever
// zone the phone is in. setCompanyTimeZone() is called with the settings' zone (company-settings.ts).
import { nextTask } from './idle';

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

const makeFormats = (timeZone: string) => ({
  parts: new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }),
  dateTime: new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }),
});

// Built in a task of their own soon after the module loads (or on first use, if that comes
// first), not as it loads: the signed-in frame imports this module, and the formats (the time
// zone's data) cost ~70 ms at 4x CPU; as part of the frame's task or the list's render, that was
// blocking time (bench/README.md, issue 17).
let formats: ReturnType<typeof makeFormats> | null = null;
void nextTask().then(current);

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
  try {
    formats = makeFormats(timeZone);
    COMPANY_TIME_ZONE = timeZone;
    return true;
  } catch {
    return false;
  }
}

function zonedParts(date: Date) {
  const parts = current().parts.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

function offsetMs(date: Date): number {
  const p = zonedParts(date);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
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

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? current().dateTime.format(new Date(iso)) : '—';
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
