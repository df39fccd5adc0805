// The company's system settings (admin area, docs/admin.md) as the whole app uses them: the time
// zone times are shown in, and the support e-mail of the error screen. Kept in local storage so
// the first render (and the error screen, which must work with no network) has the last known
// values; the app frame refreshes them after sign-in (src/app/company-settings-sync.tsx).
export const COMPANY_SETTINGS_KEY = 'company-settings';

export interface CompanySettings {
  time_zone: string;
  support_email: string;
  company_name: string;
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
export function supportEmail(fallback: string): string {
  const s = readCompanySettings().support_email;
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
      }),
    );
  } catch {
    // Storage unavailable: the values still apply to this page.
  }
}
