// Shared formatting of the admin pages. Moments are the app's own format in the company's zone
// (src/lib/company-time.ts), with the year: sign-ins, the audit log and builds go back a while.
import { formatDateTimeYear } from '@/lib/company-time';

export function formatWhen(iso: string | null | undefined): string {
  return formatDateTimeYear(iso);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
