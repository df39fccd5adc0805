// The calendars' day, week and month labels in the language of the moment (docs/i18n.md). The
// grids' days are local dates standing for company days (company-time.ts), so no time zone here.
// English keeps its date-fns patterns exactly; Greek and Albanian use the locale's own forms.
import { format } from 'date-fns';
import { activeLanguage } from '@/lib/i18n/catalog';
import { formatLocale } from '@/lib/i18n/format-locale';

const PATTERNS = {
  month: ['MMMM yyyy', { month: 'long', year: 'numeric' }],
  dayMonth: ['d MMM', { day: 'numeric', month: 'short' }],
  dayMonthYear: ['d MMM yyyy', { day: 'numeric', month: 'short', year: 'numeric' }],
  weekday: ['EEE', { weekday: 'short' }],
  weekdayDay: ['EEE d', { weekday: 'short', day: 'numeric' }],
  fullDay: ['EEEE d MMMM', { weekday: 'long', day: 'numeric', month: 'long' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

export type CalendarPattern = keyof typeof PATTERNS;

const formats = new Map<string, Intl.DateTimeFormat>();

export function calendarDate(date: Date, pattern: CalendarPattern): string {
  const [english, options] = PATTERNS[pattern];
  if (activeLanguage() === 'en') return format(date, english);
  const locale = formatLocale();
  const key = `${locale} ${pattern}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f.format(date);
}
