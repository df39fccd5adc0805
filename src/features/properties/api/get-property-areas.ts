// GET properties?select=area: the areas the area filter offers (distinct, sorted).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { mirrorAll, readWithFallback } from '@/offline/read';
import { propertyKeys } from './keys';

export async function getPropertyAreas(): Promise<string[]> {
  // Offline: the areas of the villas kept on this device. Without an answer the query's retry
  // would wait for the network and hold up every save that refreshes the properties' queries.
  const { data: rows } = await readWithFallback(
    () =>
      fetchOrThrow(supabase.from('properties').select('area').eq('archived', false).order('area')),
    async () =>
      (await mirrorAll('properties'))
        .map((c) => (c as { list?: { area: string; archived: boolean } }).list)
        .filter((l) => l !== undefined && !l.archived)
        .map((l) => ({ area: l!.area }))
        .sort((a, b) => a.area.localeCompare(b.area)),
  );
  return [...new Set(rows.map((r) => r.area).filter(Boolean))];
}

export const getPropertyAreasQueryOptions = () =>
  queryOptions({
    queryKey: propertyKeys.areas(),
    queryFn: getPropertyAreas,
    staleTime: 5 * 60_000,
  });

export function usePropertyAreas() {
  return useQuery(getPropertyAreasQueryOptions());
}
