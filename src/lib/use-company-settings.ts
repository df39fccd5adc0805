// The company's settings as screens use them (docs/admin.md "How changes reach people"): the
// system_settings row read after sign-in - the same query, under the same key, as the app frame's
// (src/app/company-settings-sync.tsx) and the admin's settings page, so a save there shows at once
// - else the last copy kept on this device (offline, or before the read answers), else the
// defaults: Monday, EUR, the build's support address. The time zone is not here: company-time.ts
// applies it to every formatted time.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { env } from './app-env';
import { useAuth } from './auth/use-auth';
import { DEFAULT_CURRENCY, weekStartsOn } from './company-preferences';
import { readCompanySettings, supportEmail, type CompanySettings } from './company-settings';
import type { Database } from './database.types';
import { fetchOrThrow } from './errors';
import { getSupabase } from './supabase-client';

export type SystemSettingsRow = Database['public']['Tables']['system_settings']['Row'];

export const companySettingsKey = ['system-settings'] as const;

export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: companySettingsKey,
    queryFn: async (): Promise<SystemSettingsRow> => {
      const supabase = await getSupabase();
      return fetchOrThrow(supabase.from('system_settings').select('*').single());
    },
    staleTime: 5 * 60_000,
  });

export interface CompanyPreferences {
  /** Empty until known. */
  companyName: string;
  supportEmail: string;
  /** ISO 4217 code, e.g. 'EUR'. */
  currency: string;
  /** date-fns' weekStartsOn: 0 Sunday ... 6 Saturday (Monday, 1, until known). */
  weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/** The settings from the server, else this device's copy, else the defaults. */
function companyPreferences(settings: Partial<CompanySettings>): CompanyPreferences {
  return {
    companyName: typeof settings.company_name === 'string' ? settings.company_name : '',
    supportEmail: supportEmail(env.supportEmail, settings),
    currency:
      typeof settings.currency === 'string' && /^[A-Z]{3}$/.test(settings.currency)
        ? settings.currency
        : DEFAULT_CURRENCY,
    weekStartsOn: weekStartsOn(settings.week_start),
  };
}

export function useCompanySettings(): CompanyPreferences {
  const { user } = useAuth();
  const { data } = useQuery({ ...companySettingsQueryOptions(), enabled: user !== null });
  return useMemo(() => companyPreferences(data ?? readCompanySettings()), [data]);
}
