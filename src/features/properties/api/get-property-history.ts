// RPC property_has_history(id): a villa with history is archived, never deleted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readWithFallback } from '@/offline/read';
import { propertyKeys } from './keys';

export async function getPropertyHasHistory(propertyId: string): Promise<boolean> {
  // Offline the answer is unknown: assume history (Archive, the safe side). Without an answer
  // the query's retry would wait for the network, and every save on the villa's page that
  // refreshes the villa's queries would stay 'Saving...' until the connection returned.
  const { data } = await readWithFallback(
    () => fetchOrThrow(supabase.rpc('property_has_history', { property_id: propertyId })),
    async () => true,
  );
  return data;
}

export const getPropertyHistoryQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: propertyKeys.history(propertyId),
    queryFn: () => getPropertyHasHistory(propertyId),
  });

export function usePropertyHasHistory(propertyId: string, enabled: boolean) {
  return useQuery({ ...getPropertyHistoryQueryOptions(propertyId), enabled });
}
