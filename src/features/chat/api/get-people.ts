// The staff to pick from for a new direct message or group: names only (staff_directory(), kept
// on this device by src/domain/staff/names.ts). The lead merges it with h-chatx's staff directory.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStaffNames } from '@/domain/staff/names';
import { chatKeys } from './keys';

export interface Person {
  id: string;
  name: string;
}

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.people(),
    queryFn: async (): Promise<Record<string, string>> => getStaffNames(),
    staleTime: 5 * 60_000,
  });

/** user id -> name (an empty map until read). */
export function usePeopleNames(): Record<string, string> {
  return useQuery(peopleQueryOptions()).data ?? {};
}

export function usePeople(): Person[] {
  const names = usePeopleNames();
  return Object.entries(names)
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
