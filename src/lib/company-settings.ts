// The company's system settings (admin area, docs/admin.md) as the whole app uses them: the time
// zone times are shown in, the support e-mail (error screen, dashboard, settings), the currency
// money is shown in and the day weeks start on (calendars, the housekeeping week). Kept in local
// storage so the first render (and the error screen, which must work with no network) has the
// last known values; the app frame refreshes them after sign-in
// (src/app/company-settings-sync.tsx); screens read them with useCompanySettings().
export const COMPANY_SETTINGS_KEY = 'company-settings';

export interface CompanySettings {
  time_zone: string;
  support_email: string;
  company_name: string;
  currency: string;
  /** ISO day the week starts on: 1 Monday ... 7 Sunday (system_settings.week_start). */
  week_start: number;
}

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

/** An amount in the company's currency ('€1,234.50'); EUR when the code is unknown here. */
export function formatMoney(amount: number, currency: string | undefined): string {
  const code = currency ?? DEFAULT_CURRENCY;
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    } catch {
      return formatMoney(amount, DEFAULT_CURRENCY);
    }
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}

export function readCompanySettings(): Partial<CompanySettings> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(COMPANY_SETTINGS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Partial<CompanySettings>)
      : {};
  } catch {
    return {};
  }
}

/** The support address: the settings' one when known, else the build's (env). */
export function supportEmail(
  fallback: string,
  settings: Partial<CompanySettings> = readCompanySettings(),
): string {
  const s = settings.support_email;
  return typeof s === 'string' && s.includes('@') ? s : fallback;
}

/** Keeps the settings for the next start (company-time.ts reads the zone from here at load). */
export function storeCompanySettings(s: CompanySettings) {
  try {
    window.localStorage.setItem(
      COMPANY_SETTINGS_KEY,
      JSON.stringify({
        time_zone: s.time_zone,
        support_email: s.support_email,
        company_name: s.company_name,
        currency: s.currency,
        week_start: s.week_start,
      }),
    );
  } catch {
    // Storage unavailable: the values still apply to this page.
  }
}
