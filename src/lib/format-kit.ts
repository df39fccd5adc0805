// A format kit: the company zone's offsets and the language's date patterns, made with Intl once
// and kept on the device, so that a start writes its times and dates without Intl. A page's first
// Intl.DateTimeFormat loads ICU's locale and zone data in one native call that cannot be split:
// 30-80 ms on a desktop, a task of 120-320 ms on Lighthouse's 4x slower phone, on every first
// screen (bench/README.md "Issue 29: third pass"). company-time.ts uses a kit only when it was made
// for the zone and locale of the moment and covers the instant; anything else goes to Intl.
// docs/architecture.md "Dates and times".

/** The parts a kit writes: what the app's formats show (company-time.ts). */
const FIELDS = ['weekday', 'month', 'day', 'year', 'hour', 'minute'] as const;
type Field = (typeof FIELDS)[number];

/** A format as its pieces: a text as it is, a field as `[name]`. */
type Pattern = (string | [Field])[];

interface KitFormat {
  pattern: Pattern;
  /** The fields written with two digits ('09'). */
  twoDigits: Field[];
  /** Short names as this format writes them, Sunday first; January first. */
  weekdays: string[];
  months: string[];
}

export interface FormatKit {
  v: number;
  zone: string;
  locale: string;
  /** The instants whose offsets the kit holds: [from, until). */
  from: number;
  until: number;
  /** The zone's offsets as [since, offset ms] pairs, in order, the first since `from`. */
  offsets: [number, number][];
  formats: Record<string, KitFormat>;
}

export const FORMAT_KIT_VERSION = 1;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** A format the kit stands in for: its options, and whether it writes the instant in the zone. */
export interface KitSpec {
  options: Intl.DateTimeFormatOptions;
  /** True: the instant in the company zone; false: a calendar day, written in UTC. */
  zoned: boolean;
}

/** The zone's offset at `t` (ms to add to UTC), or null when the kit does not cover it. */
export function kitOffset(kit: FormatKit, t: number): number | null {
  if (!(t >= kit.from && t < kit.until)) return null;
  let offset: number | null = null;
  for (const [since, value] of kit.offsets) {
    if (since > t) break;
    offset = value;
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Writes the wall-clock fields of `wall` (a Date whose UTC fields are the ones to show). */
export function kitWrite(format: KitFormat, wall: Date): string {
  const value: Record<Field, () => string> = {
    weekday: () => format.weekdays[wall.getUTCDay()] ?? '',
    month: () => format.months[wall.getUTCMonth()] ?? '',
    day: () => String(wall.getUTCDate()),
    year: () => String(wall.getUTCFullYear()),
    hour: () => String(wall.getUTCHours()),
    minute: () => String(wall.getUTCMinutes()),
  };
  let out = '';
  for (const piece of format.pattern) {
    if (typeof piece === 'string') out += piece;
    else {
      const field = piece[0];
      const text = value[field]();
      out += format.twoDigits.includes(field) ? pad(Number(text)) : text;
    }
  }
  return out;
}

/** Intl's reading of an instant's wall clock in `zone` (throws for a zone Intl does not know). */
export function zonePartsFormat(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The zone's offset at `t` as Intl gives it (to the second), from `zonePartsFormat`. */
export function intlOffset(parts: Intl.DateTimeFormat, t: number): number {
  const get = (type: string) =>
    Number(parts.formatToParts(t).find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** The format's pattern and names, read from Intl; null when it writes a part the kit cannot. */
function readFormat(
  spec: KitSpec,
  locale: string,
  zone: string,
  wallOf: (t: number) => Date,
): KitFormat | null {
  const intl = new Intl.DateTimeFormat(locale, {
    ...spec.options,
    timeZone: spec.zoned ? zone : 'UTC',
  });
  // 15 Oct 2025 (a Wednesday), 13:05: no field of it reads the same as another.
  const sample = Date.UTC(2025, 9, 15, 13, 5);
  const pattern: Pattern = [];
  for (const part of intl.formatToParts(sample)) {
    if (part.type === 'literal') pattern.push(part.value);
    else if ((FIELDS as readonly string[]).includes(part.type)) pattern.push([part.type as Field]);
    else return null;
  }
  const partOf = (t: number, type: Field) =>
    intl.formatToParts(t).find((p) => p.type === type)?.value ?? '';
  const weekdays: string[] = [];
  const months: string[] = [];
  for (let i = 0; i < 7; i++) {
    const t = Date.UTC(2025, 9, 12 + i, 12);
    weekdays[wallOf(t).getUTCDay()] = partOf(t, 'weekday');
  }
  for (let i = 0; i < 12; i++) {
    const t = Date.UTC(2025, i, 15, 12);
    months[wallOf(t).getUTCMonth()] = partOf(t, 'month');
  }
  const twoDigits = FIELDS.filter((f) => spec.options[f] === '2-digit');
  return { pattern, twoDigits, weekdays, months };
}

/**
 * A kit for `zone` and `locale` covering about a year back and two ahead of `now`, checked against
 * Intl on instants across that range and either side of each change of offset; null when Intl
 * does not know the zone or the kit would write anything Intl does not.
 */
export function makeFormatKit(
  zone: string,
  locale: string,
  specs: Record<string, KitSpec>,
  now = Date.now(),
): FormatKit | null {
  let parts: Intl.DateTimeFormat;
  try {
    parts = zonePartsFormat(zone);
  } catch {
    return null;
  }
  const from = Math.floor((now - 400 * DAY) / DAY) * DAY;
  const until = from + 1197 * DAY; // 171 weeks
  // The offsets: one reading a week (no zone changes twice in one; the check below would find
  // it), and where two differ, the exact millisecond of the change.
  const offsets: [number, number][] = [[from, intlOffset(parts, from)]];
  for (let t = from, before = offsets[0]![1]; t + WEEK <= until; t += WEEK) {
    const after = intlOffset(parts, t + WEEK);
    if (after === before) continue;
    let [lo, hi] = [t, t + WEEK];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (intlOffset(parts, mid) === before) lo = mid;
      else hi = mid;
    }
    offsets.push([hi, after]);
    before = after;
  }
  const kit: FormatKit = {
    v: FORMAT_KIT_VERSION,
    zone,
    locale,
    from,
    until,
    offsets,
    formats: {},
  };
  const intls: Record<string, Intl.DateTimeFormat> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const wallOf = (t: number) => new Date(spec.zoned ? t + intlOffset(parts, t) : t);
    const format = readFormat(spec, locale, zone, wallOf);
    if (!format) return null;
    kit.formats[name] = format;
    intls[name] = new Intl.DateTimeFormat(locale, {
      ...spec.options,
      timeZone: spec.zoned ? zone : 'UTC',
    });
  }
  // The check: every 4 days (at a time of day that moves through the day), and around each change.
  const samples: number[] = [];
  for (let t = from; t < until; t += 4 * DAY + 5_820_000) samples.push(t);
  for (const [since] of offsets.slice(1)) {
    for (const d of [-3_600_000, -1, 0, 1, 3_600_000]) samples.push(since + d);
  }
  for (const t of samples) {
    if (t < from || t >= until) continue;
    if (kitOffset(kit, t) !== intlOffset(parts, t)) return null;
    for (const [name, spec] of Object.entries(specs)) {
      const wall = new Date(spec.zoned ? t + kitOffset(kit, t)! : t);
      if (kitWrite(kit.formats[name]!, wall) !== intls[name]!.format(t)) return null;
    }
  }
  return kit;
}

/** The kit kept under `key`, if it is one of this version. */
export function readFormatKit(storage: Pick<Storage, 'getItem'> | undefined, key: string) {
  try {
    const kit = JSON.parse(storage?.getItem(key) ?? 'null') as FormatKit | null;
    return kit?.v === FORMAT_KIT_VERSION && Array.isArray(kit.offsets) ? kit : null;
  } catch {
    return null;
  }
}
