// The staff's names (staff_directory(): names only) for the people a villa's cleans and work
// orders name, kept on this device in one record of the `tasks` store so a villa's page names
// them offline too (docs/offline.md "Declaring a resource").
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readOne, rowResource, valueInRecord } from '@/offline/resource';

/** user id -> full name. */
export type StaffNames = Record<string, string>;

export const staffNames = rowResource<StaffNames>({
  source: 'staff_directory',
  fetch: async () => {
    const names: StaffNames = {};
    for (const s of (await fetchOrThrow(() => supabase.rpc('staff_directory'))) ?? [])
      names[s.id] = s.full_name;
    return names;
  },
  copy: valueInRecord<StaffNames | null>('tasks', 'names', () => 'staff:names'),
});

/** The staff's names; none (rather than a failed screen) when neither server nor copy has them. */
export async function getStaffNames(): Promise<StaffNames> {
  try {
    return (await readOne(staffNames, 'all')).row ?? {};
  } catch {
    return {};
  }
}
