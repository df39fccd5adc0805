// GET cleaning_types, turnover_rules, property_cleaning_overrides, property_housekeeping,
// checklist_templates, properties and RPC staff_directory: everything the cleaning settings page
// shows. Managers change these at a desk, online (docs/housekeeping.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { cleaningSettingsKeys } from './keys';
import type { CleaningType, Override, TurnoverRules } from './types';

export interface SettingsData {
  types: CleaningType[];
  rules: TurnoverRules | null;
  overrides: Override[];
  defaults: { property_id: string; default_housekeeper_id: string | null }[];
  templates: { id: string; name: string; archived: boolean }[];
  villas: { id: string; name: string; code: string }[];
  housekeepers: { id: string; full_name: string }[];
}

/**
 * The page's reads as one resource that keeps no device copy (docs/offline.md "Reads that keep no
 * copy"): offline the page shows its usual error.
 */
export const cleaningSettings = rowResource<SettingsData>({
  source: 'cleaning_types',
  fetch: async () => {
    const [types, rules, overrides, defaults, templates, villas, staff] = await Promise.all([
      fetchOrThrow(() =>
        supabase.from('cleaning_types').select('*').order('position').order('name'),
      ),
      fetchOrThrow(() => supabase.from('turnover_rules').select('*').maybeSingle()),
      fetchOrThrow(() => supabase.from('property_cleaning_overrides').select('*')),
      fetchOrThrow(() =>
        supabase.from('property_housekeeping').select('property_id,default_housekeeper_id'),
      ),
      fetchOrThrow(() =>
        supabase.from('checklist_templates').select('id,name,archived').order('name'),
      ),
      fetchOrThrow(() =>
        supabase.from('properties').select('id,name,code').eq('archived', false).order('name'),
      ),
      fetchOrThrow(() => supabase.rpc('staff_directory')),
    ]);
    return {
      types: types ?? [],
      rules: rules ?? null,
      overrides: overrides ?? [],
      defaults: defaults ?? [],
      templates: templates ?? [],
      villas: villas ?? [],
      housekeepers: (staff ?? []).filter((s) => s.roles.includes('housekeeper')),
    };
  },
  copy: noDeviceCopy,
});

export const getCleaningSettings = async (): Promise<SettingsData> =>
  (await readOne(cleaningSettings, 'company')).row!;

export const getCleaningSettingsQueryOptions = () =>
  queryOptions({ queryKey: cleaningSettingsKeys.all, queryFn: getCleaningSettings });

export function useCleaningSettings() {
  return useQuery(getCleaningSettingsQueryOptions());
}
