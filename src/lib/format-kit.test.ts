// The format kit writes exactly what Intl writes, for the zone and locale it was made for, and
// nothing for an instant it does not cover (format-kit.ts; docs/architecture.md "Dates and times").
import { describe, expect, it } from 'vitest';
import { KIT_SPECS } from './company-time';
import { kitOffset, kitWrite, makeFormatKit } from './format-kit';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 22, 30);

// Athens (the company's), a zone west of UTC, half- and quarter-hour offsets, a 30-minute summer
// time change (Lord Howe), the dateline (Kiritimati, +14), and no summer time at all.
const ZONES = [
  'Europe/Athens',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'UTC',
];
const LOCALES = ['en-GB', 'el-GR', 'sq-AL'];

describe('the format kit', () => {
  for (const zone of ZONES) {
    it(`writes what Intl writes in ${zone}, in each language, across its range`, () => {
      for (const locale of LOCALES) {
        const kit = makeFormatKit(zone, locale, KIT_SPECS, NOW);
        expect(kit, `${zone} ${locale}`).not.toBeNull();
        const intl = {
          dateTime: new Intl.DateTimeFormat(locale, {
            ...KIT_SPECS.dateTime.options,
            timeZone: zone,
          }),
          day: new Intl.DateTimeFormat(locale, { ...KIT_SPECS.day.options, timeZone: 'UTC' }),
          weekday: new Intl.DateTimeFormat(locale, {
            ...KIT_SPECS.weekday.options,
            timeZone: 'UTC',
          }),
        };
        // Every 7 h 13 min, so each hour and minute of the day comes round, and each side of
        // every change of offset to the minute.
        const instants: number[] = [];
        for (let t = kit!.from; t < kit!.until; t += 7 * HOUR + 13 * 60_000) instants.push(t);
        for (const [since] of kit!.offsets.slice(1))
          for (let d = -90; d <= 90; d++) instants.push(since + d * 60_000);
        for (const t of instants) {
          const offset = kitOffset(kit!, t);
          expect(offset).not.toBeNull();
          const wall = new Date(t + offset!);
          expect(kitWrite(kit!.formats.dateTime!, wall)).toBe(intl.dateTime.format(t));
          expect(kitWrite(kit!.formats.day!, new Date(t))).toBe(intl.day.format(t));
          expect(kitWrite(kit!.formats.weekday!, new Date(t))).toBe(intl.weekday.format(t));
        }
      }
    });
  }

  it('covers about a year back and two ahead, and nothing outside', () => {
    const kit = makeFormatKit('Europe/Athens', 'en-GB', KIT_SPECS, NOW)!;
    expect(kit.from).toBeLessThanOrEqual(NOW - 365 * 24 * HOUR);
    expect(kit.until).toBeGreaterThanOrEqual(NOW + 2 * 365 * 24 * HOUR);
    expect(kitOffset(kit, kit.from - 1)).toBeNull();
    expect(kitOffset(kit, kit.until)).toBeNull();
    // Athens: +2 in winter, +3 in summer, changing at 01:00 UTC on the last Sundays of March and
    // October.
    expect(kitOffset(kit, Date.UTC(2026, 2, 29, 0, 59, 59, 999))).toBe(2 * HOUR);
    expect(kitOffset(kit, Date.UTC(2026, 2, 29, 1))).toBe(3 * HOUR);
    expect(kitOffset(kit, Date.UTC(2026, 9, 25, 0, 59, 59, 999))).toBe(3 * HOUR);
    expect(kitOffset(kit, Date.UTC(2026, 9, 25, 1))).toBe(2 * HOUR);
  });

  it('is not made for a zone Intl does not know', () => {
    expect(makeFormatKit('Mars/Olympus', 'en-GB', KIT_SPECS, NOW)).toBeNull();
  });
});
