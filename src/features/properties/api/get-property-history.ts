// RPC property_has_history(id): a villa with history is archived, never deleted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readOne, rowResource } from '@/offline/resource';
import { propertyKeys } from './keys';

/**
 * Whether a villa has history, as an offline resource (docs/offline.md "Declaring a resource").
 * Nothing is kept: offline the answer is unknown, so it is "history" (Archive, the safe side).
 * Without an answer the query's retry would wait for the network, and every save on the villa's
 * page that refreshes the villa's queries would stay 'Saving...' until the connection returned.
 */
export const villaHistory = rowResource<{ hasHistory: boolean }>({
  source: 'property_has_history',
  fetch: async (id) => ({
    hasHistory: await fetchOrThrow(supabase.rpc('property_has_history', { property_id: id })),
  }),
  copy: { save: () => undefined, load: async () => ({ hasHistory: true }) },
});

export async function getPropertyHasHistory(propertyId: string): Promise<boolean> {
  return (await readOne(villaHistory, propertyId)).row?.hasHistory ?? true;
}

export const getPropertyHistoryQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: propertyKeys.history(propertyId),
    queryFn: () => getPropertyHasHistory(propertyId),
  });

export function usePropertyHasHistory(propertyId: string, enabled: boolean) {
  return useQuery({ ...getPropertyHistoryQueryOptions(propertyId), enabled });
}
