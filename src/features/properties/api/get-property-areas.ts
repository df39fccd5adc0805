// GET properties?select=area: the areas the area filter offers (distinct, sorted).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { propertyKeys } from './keys';

export async function getPropertyAreas(): Promise<string[]> {
  const rows = await fetchOrThrow(
    supabase.from('properties').select('area').eq('archived', false).order('area'),
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
