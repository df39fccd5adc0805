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
