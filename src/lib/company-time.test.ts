// Times of day are shown in the company's zone from the system settings, whatever zone the device
// is in; setCompanyTimeZone() switches every formatter at once.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPANY_TIME_ZONE,
  formatDateTime,
  formatTime,
  setCompanyTimeZone,
} from './company-time';

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
