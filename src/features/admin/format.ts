// Shared formatting of the admin pages. Moments are the app's own format in the company's zone
// (src/lib/company-time.ts), with the year: sign-ins, the audit log and builds go back a while.
import { formatDateTimeYear } from '@/lib/company-time';
import { formatLocale } from '@/lib/i18n/format-locale';
import { messages } from './messages';

export function formatWhen(iso: string | null | undefined): string {
  return formatDateTimeYear(iso);
}

/** A number with `digits` decimals in the language's way ('1.5', '1,5'), without grouping. */
export function formatDecimal(v: number, digits: number): string {
  return new Intl.NumberFormat(formatLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(v);
}

export function formatBytes(n: number): string {
  if (n < 1024) return messages.t('bytes.B', { value: n });
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return messages.t(`bytes.${units[i]!}`, { value: formatDecimal(v, 1) });
}
