// GET system_settings: the company's one settings row, as the admin's settings page edits it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import type { SystemSettings } from './types';

export const getSystemSettings = (): Promise<SystemSettings> =>
  fetchOrThrow(supabase.from('system_settings').select('*').single());

export const settingsQuery = () =>
  queryOptions({ queryKey: adminKeys.settings(), queryFn: getSystemSettings });

export const useSettings = () => useQuery(settingsQuery());
