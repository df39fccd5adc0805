// GET system_settings: the company's one settings row, as the admin's settings page edits it.
// Online only: the admin area keeps no copy on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { adminKeys } from './keys';
import type { SystemSettings } from './types';

/** The settings row as a resource that keeps no device copy (docs/offline.md). */
export const systemSettings = rowResource<SystemSettings>({
  source: 'system_settings',
  fetch: () => fetchOrThrow(supabase.from('system_settings').select('*').single()),
  copy: noDeviceCopy,
});

export const getSystemSettings = async (): Promise<SystemSettings> =>
  (await readOne(systemSettings, 'company')).row!;

export const settingsQuery = () =>
  queryOptions({ queryKey: adminKeys.settings(), queryFn: getSystemSettings });

export const useSettings = () => useQuery(settingsQuery());
