import { describe, expect, it } from 'vitest';
import { cronMatches, secondsOf } from './index.ts';

describe('cronMatches (UTC, as pg_cron)', () => {
  const at = new Date('2026-11-29T22:07:00Z'); // a Sunday
  it('reads the five fields', () => {
    expect(cronMatches('7 * * * *', at)).toBe(true);
    expect(cronMatches('8 * * * *', at)).toBe(false);
    expect(cronMatches('*/7 22 * * *', at)).toBe(true);
    expect(cronMatches('0-10/7 20-23 29 11 0', at)).toBe(true);
    expect(cronMatches('7 22 * * 7', at)).toBe(true);
    expect(cronMatches('7 22 * * 1-5', at)).toBe(false);
    // Both days restricted: either matches.
    expect(cronMatches('7 22 1 * 0', at)).toBe(true);
    expect(cronMatches('7 22 1 * 1', at)).toBe(false);
  });
  it('never matches what it cannot read', () => {
    expect(cronMatches('7 * * *', at)).toBe(false);
    expect(cronMatches('61 * * * *', at)).toBe(false);
    expect(cronMatches('a * * * *', at)).toBe(false);
  });
  it("reads pg_cron's interval form", () => {
    expect(secondsOf('30 seconds')).toBe(30);
    expect(secondsOf('1 second')).toBe(1);
    expect(secondsOf('7 * * * *')).toBe(null);
  });
});
