// Cleaning settings (docs/housekeeping.md): cleaning types, the turnover rules row, per-villa
// overrides and default housekeepers. Managers change these at a desk, online: plain supabase-js
// writes; RLS (settings.manage) decides.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchOrThrow } from '@/lib/errors';
import { errorToastUnlessHandled } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';

export type CleaningType = Database['public']['Tables']['cleaning_types']['Row'];
export type TurnoverRules = Database['public']['Tables']['turnover_rules']['Row'];
export type Override = Database['public']['Tables']['property_cleaning_overrides']['Row'];

const keys = {
  all: ['cleaning-settings'] as const,
};

export interface SettingsData {
  types: CleaningType[];
  rules: TurnoverRules | null;
  overrides: Override[];
  defaults: { property_id: string; default_housekeeper_id: string | null }[];
  templates: { id: string; name: string; archived: boolean }[];
  villas: { id: string; name: string; code: string }[];
  housekeepers: { id: string; full_name: string }[];
}

async function getSettings(): Promise<SettingsData> {
  const [types, rules, overrides, defaults, templates, villas, staff] = await Promise.all([
    fetchOrThrow(() => supabase.from('cleaning_types').select('*').order('position').order('name')),
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
}

export function useCleaningSettings() {
  return useQuery({ queryKey: keys.all, queryFn: getSettings });
}

function useSettingsMutation<T>(run: (input: T) => Promise<unknown>, done: string, failed: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify.success(done);
      await qc.invalidateQueries({ queryKey: keys.all });
    },
    onError: errorToastUnlessHandled(undefined, failed),
  });
}

export type TypeInput = Pick<
  CleaningType,
  'name' | 'minutes_by_bedrooms' | 'default_template_id' | 'inspection_required' | 'color'
> & { id?: string };

export function useSaveType() {
  return useSettingsMutation(
    async (t: TypeInput) => {
      const { id, ...values } = t;
      await fetchOrThrow(() =>
        id
          ? supabase.from('cleaning_types').update(values).eq('id', id).select('id')
          : supabase
              .from('cleaning_types')
              .insert({ ...values, position: 10 })
              .select('id'),
      );
    },
    'Cleaning type saved',
    'Failed to save the cleaning type',
  );
}

export function useSaveRules() {
  return useSettingsMutation(
    async (r: Pick<TurnoverRules, 'enabled' | 'fallback_window_hours' | 'flag_same_day'>) => {
      await fetchOrThrow(() =>
        supabase.from('turnover_rules').update(r).eq('id', true).select('id'),
      );
    },
    'Turnover rules saved',
    'Failed to save the turnover rules',
  );
}

export type OverrideInput = Pick<
  Override,
  'property_id' | 'cleaning_type_id' | 'minutes' | 'template_id' | 'inspection_required'
>;

export function useSaveOverride() {
  return useSettingsMutation(
    async (o: OverrideInput) => {
      await fetchOrThrow(() =>
        supabase
          .from('property_cleaning_overrides')
          .upsert(o, { onConflict: 'property_id,cleaning_type_id' })
          .select('id'),
      );
    },
    'Villa override saved',
    'Failed to save the override',
  );
}

export function useDeleteOverride() {
  return useSettingsMutation(
    async (id: string) => {
      await fetchOrThrow(() =>
        supabase.from('property_cleaning_overrides').delete().eq('id', id).select('id'),
      );
    },
    'Override removed',
    'Failed to remove the override',
  );
}

export function useSaveDefaultHousekeeper() {
  return useSettingsMutation(
    async (v: { property_id: string; default_housekeeper_id: string | null }) => {
      await fetchOrThrow(() =>
        supabase.from('property_housekeeping').upsert(v).select('property_id'),
      );
    },
    'Default housekeeper saved',
    'Failed to save the default housekeeper',
  );
}
