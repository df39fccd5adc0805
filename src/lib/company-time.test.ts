// Times of day are shown in the company's zone from the system settings, whatever zone the device
// is in; setCompanyTimeZone() switches every formatter at once.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPANY_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatDateTimeYear,
  formatDay,
  formatDayWithWeekday,
  formatTime,
  formatTimeSeconds,
  keepFormatKit,
  parseDay,
  setCompanyTimeZone,
  zonedInputToIso,
} from './company-time';
import { setFormatLocale } from './i18n/format-locale';

afterEach(() => {
  setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE);
});

describe('formatTime', () => {
  it("shows the time of day in the company's zone, and follows a new zone", () => {
    const noonUtc = '2026-07-01T12:00:00.000Z';
    expect(formatTime(noonUtc)).toBe('15:00');
    expect(setCompanyTimeZone('America/New_York')).toBe(true);
    expect(formatTime(noonUtc)).toBe('08:00');
    expect(formatDateTime(noonUtc)).toBe('Wed 1 Jul, 08:00');
    expect(setCompanyTimeZone('Asia/Tokyo')).toBe(true);
    expect(formatTime(noonUtc)).toBe('21:00');
  });

  it('keeps the zone when asked for one that does not exist; a dash for no time', () => {
    expect(setCompanyTimeZone('Mars/Olympus')).toBe(false);
    expect(formatTime('2026-01-10T12:00:00.000Z')).toBe('14:00');
    expect(formatTime(null)).toBe('—');
  });
});

describe("the company's day, not the device's or UTC's", () => {
  // 22:30 UTC on 27 November is 00:30 on the 28th in Athens (UTC+2): every formatter names the 28th.
  const lateUtc = '2026-11-27T22:30:00.000Z';

  it('formats a moment late in the UTC day as the Athens day it is', () => {
    expect(formatDate(lateUtc)).toBe('28 Nov 2026');
    expect(formatDateTime(lateUtc)).toBe('Sat 28 Nov, 00:30');
    expect(formatDateTimeYear(lateUtc)).toBe('Sat 28 Nov 2026, 00:30');
    expect(formatTimeSeconds(lateUtc)).toBe('00:30:00');
    expect(formatTimeSeconds(Date.parse(lateUtc) + 5_000)).toBe('00:30:05');
  });

  it('and in summer time (UTC+3) too', () => {
    expect(formatDate('2026-07-01T21:30:00.000Z')).toBe('2 Jul 2026');
    expect(formatDate('2026-07-01T20:30:00.000Z')).toBe('1 Jul 2026');
  });

  it('formats a calendar day as the day it names, whatever the zone', () => {
    expect(setCompanyTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(formatDay('2026-11-27')).toBe('27 Nov 2026');
    expect(formatDayWithWeekday('2026-11-27')).toBe('Fri 27 Nov');
    expect(formatDay('')).toBe('');
    expect(formatDate(null)).toBe('—');
  });
});

describe('parseDay', () => {
  const today = '2026-11-27';
  it("reads the app's own format back, and the usual ways of typing a day", () => {
    expect(parseDay('27 Nov 2026', today)).toBe('2026-11-27');
    expect(parseDay(formatDay('2027-02-03'), today)).toBe('2027-02-03');
    expect(parseDay(' 3 february 2027 ', today)).toBe('2027-02-03');
    expect(parseDay('Fri 27 Nov 2026', today)).toBe('2026-11-27');
    expect(parseDay('5 Dec', today)).toBe('2026-12-05');
    expect(parseDay('27/11/2026', today)).toBe('2026-11-27');
    expect(parseDay('27.11.26', today)).toBe('2026-11-27');
    expect(parseDay('2026-11-27', today)).toBe('2026-11-27');
  });

  it('refuses what is not a day', () => {
    for (const text of ['', 'tomorrow', '31 Feb 2026', '13/13/2026', '27 Foo 2026', '2026-11'])
      expect(parseDay(text, today)).toBeNull();
  });
});

describe('with the format kit this device keeps (format-kit.ts)', () => {
  afterEach(() => setFormatLocale('en-GB'));

  it('writes the same as Intl, in the zone and the language it was made for, and after a change', () => {
    const lateUtc = '2026-11-27T22:30:00.000Z';
    keepFormatKit(Date.parse(lateUtc));
    expect(formatDateTime(lateUtc)).toBe('Sat 28 Nov, 00:30');
    expect(formatDate(lateUtc)).toBe('28 Nov 2026');
    expect(formatTime('2026-07-01T12:00:00.000Z')).toBe('15:00');
    expect(formatDayWithWeekday('2026-11-27')).toBe('Fri 27 Nov');
    // Outside the years it covers: Intl.
    expect(formatDateTime('2012-07-01T12:00:00.000Z')).toBe('Sun 1 Jul, 15:00');
    // Another zone or language: Intl until a kit is made for it, the same words after.
    expect(setCompanyTimeZone('America/New_York')).toBe(true);
    expect(formatDateTime(lateUtc)).toBe('Fri 27 Nov, 17:30');
    setFormatLocale('el-GR');
    const greek = formatDateTime(lateUtc);
    expect(greek).toMatch(/^Παρ 27 Νοε/);
    keepFormatKit(Date.parse(lateUtc));
    expect(formatDateTime(lateUtc)).toBe(greek);
    expect(zonedInputToIso('2026-11-27T17:30')).toBe(lateUtc);
  });
});
