import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, parseDay } from '../company-time';
import { formatMoney } from '../company-preferences';
import { activateLanguage, activeLanguage, defineCatalog, translateRef } from './catalog';
import { chooseLanguage } from './languages';

// A namespace of this test only: its English compiled by the same plugin as the app's
// (vitest.config.ts), its Greek from the real catalogue of `lib` plus nothing of its own, so
// every key falls back to English in Greek.
const probe = defineCatalog('test/probe', {
  pending: '{count, plural, one {# pending} other {# pending}}',
  taken: 'Taken by {name}',
});

afterEach(async () => {
  await activateLanguage('en');
});

describe('catalogue', () => {
  it('formats ICU plurals and values in English', () => {
    expect(probe.t('pending', { count: 1 })).toBe('1 pending');
    expect(probe.t('pending', { count: 2 })).toBe('2 pending');
    expect(probe.t('taken', { name: 'Eleni' })).toBe('Taken by Eleni');
  });

  it('falls back to English key by key in a language without the key', async () => {
    expect(await activateLanguage('el')).toBe(true);
    expect(activeLanguage()).toBe('el');
    expect(probe.t('taken', { name: 'Ελένη' })).toBe('Taken by Ελένη');
  });

  it('resolves a reference, and leaves any other text as it is', () => {
    expect(translateRef(probe.ref('taken'), { name: 'A' })).toBe('Taken by A');
    expect(translateRef('Plain words')).toBe('Plain words');
    expect(translateRef('nowhere:key')).toBe('nowhere:key');
  });

  it('formats dates and money in the language, on the 24-hour clock and in the company zone', async () => {
    const at = '2026-11-27T14:00:00Z'; // 16:00 in Athens
    expect(formatDateTime(at)).toBe('Fri 27 Nov, 16:00');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    await activateLanguage('el');
    expect(formatDateTime(at)).toBe('Παρ 27 Νοε, 16:00');
    expect(formatDay('2026-11-27')).toBe('27 Νοε 2026');
    expect(formatMoney(1234.5, 'EUR')).toBe('1.234,50\u00a0€');
    await activateLanguage('sq');
    expect(formatDay('2026-11-27')).toBe('27 nën 2026');
  });

  it('reads back a day written in the language of the moment, and in English', async () => {
    await activateLanguage('el');
    expect(parseDay('27 Νοε 2026')).toBe('2026-11-27');
    expect(parseDay('3 Μαΐου 2026')).toBe('2026-05-03');
    expect(parseDay('27 Nov 2026')).toBe('2026-11-27');
    await activateLanguage('sq');
    expect(parseDay('27 nën 2026')).toBe('2026-11-27');
    expect(parseDay('pre, 27 nën 2026')).toBe('2026-11-27');
  });
});

describe('activateLanguage', () => {
  it('answers a second ask for the language it is switching to with the same switch', async () => {
    const first = activateLanguage('el');
    expect(activateLanguage('el')).toBe(first);
    expect(await first).toBe(true);
    expect(activeLanguage()).toBe('el');
  });

  it('lets the later of two switches win, whichever downloads first', async () => {
    const greek = activateLanguage('el');
    const albanian = activateLanguage('sq');
    expect(await Promise.all([greek, albanian])).toEqual([false, true]);
    expect(activeLanguage()).toBe('sq');
  });
});

describe('chooseLanguage', () => {
  it('takes the profile, then the browser, then English', () => {
    expect(chooseLanguage('el', ['sq'])).toBe('el');
    expect(chooseLanguage('de', ['de-DE', 'sq-AL', 'el'])).toBe('sq');
    expect(chooseLanguage(null, ['el-GR'])).toBe('el');
    expect(chooseLanguage(null, ['fr'])).toBe('en');
  });
});
