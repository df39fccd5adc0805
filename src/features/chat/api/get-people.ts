// Everyone's name, for the authors of messages (staff_directory(), kept on this device by
// src/domain/staff/names.ts): also people who no longer chat. Whom one may write to or mention is
// ./staff-directory.ts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStaffNames } from '@/domain/staff/names';
import { chatKeys } from './keys';

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
