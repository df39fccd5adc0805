// RPC property_has_history(id): a villa with history is archived, never deleted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { propertyKeys } from './keys';

export async function getPropertyHasHistory(propertyId: string): Promise<boolean> {
  return fetchOrThrow(supabase.rpc('property_has_history', { property_id: propertyId }));
}

export const getPropertyHistoryQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: propertyKeys.history(propertyId),
    queryFn: () => getPropertyHasHistory(propertyId),
  });

export function usePropertyHasHistory(propertyId: string, enabled: boolean) {
  return useQuery({ ...getPropertyHistoryQueryOptions(propertyId), enabled });
}
