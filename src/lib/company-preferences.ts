// How the company's currency and week start are applied (docs/admin.md): pure helpers that only
// the screens need. Not in company-settings.ts, which the first screen's bundle carries (the
// error screen reads the support address from it).

import { formatLocale, onFormatLocaleChange } from './i18n/format-locale';

export const DEFAULT_CURRENCY = 'EUR';
/** Monday, as system_settings.week_start stores it. */
export const DEFAULT_WEEK_START = 1;

/** The settings' week start (1 Monday ... 7 Sunday) as date-fns' weekStartsOn (0 Sunday ... 6). */
export function weekStartsOn(weekStart: unknown): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const n =
    typeof weekStart === 'number' && Number.isInteger(weekStart) && weekStart >= 1 && weekStart <= 7
      ? weekStart
      : DEFAULT_WEEK_START;
  return (n % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
// Formats follow the language (docs/i18n.md): '€1,234.50', '1.234,50 €'.
onFormatLocaleChange(() => moneyFormats.clear());

/** An amount in the company's currency ('€1,234.50'); EUR when the code is unknown here. */
export function formatMoney(amount: number, currency: string | undefined): string {
  const code = currency ?? DEFAULT_CURRENCY;
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat(formatLocale(), { style: 'currency', currency: code });
    } catch {
      return formatMoney(amount, DEFAULT_CURRENCY);
    }
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}
