// The villas' words follow the language (docs/i18n.md): enum labels, plurals, and the calendars'
// day and month names; English stays as it was written.
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/catalog';
import { calendarDate } from './calendar-dates';
import { sourceLabel, statusLabel, typeLabel } from './labels';
import { messages } from './messages';

const day = new Date(2026, 10, 27);

describe('villas in each language', () => {
  afterAll(() => activateLanguage('en'));

  it('keeps the English of before', () => {
    expect(typeLabel('villa')).toBe('Villa');
    expect(typeLabel('castle')).toBe('castle');
    expect(statusLabel('inactive')).toBe('Inactive');
    expect(sourceLabel('booking')).toBe('Booking.com');
    expect(messages.t('list.showing', { first: 1, last: 1, total: 1 })).toBe(
      'Showing 1–1 of 1 property',
    );
    expect(messages.t('stays.guests', { count: 2 })).toBe('2 guests');
    expect(calendarDate(day, 'month')).toBe('November 2026');
    expect(calendarDate(day, 'weekdayDay')).toBe('Fri 27');
  });

  it('speaks Greek and Albanian', async () => {
    expect(await activateLanguage('el')).toBe(true);
    expect(typeLabel('villa')).toBe('Βίλα');
    expect(messages.t('stays.guests', { count: 1 })).toBe('1 άτομο');
    expect(messages.t('stays.guests', { count: 3 })).toBe('3 άτομα');
    expect(calendarDate(day, 'month')).toMatch(/Νοέμβριος 2026/i);
    expect(await activateLanguage('sq')).toBe(true);
    expect(statusLabel('active')).toBe('Aktive');
    expect(messages.t('stays.guests', { count: 2 })).toBe('2 mysafirë');
    expect(calendarDate(day, 'month')).toMatch(/nëntor 2026/i);
  });
});
