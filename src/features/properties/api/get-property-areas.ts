// GET properties?select=area: the areas the area filter offers (distinct, sorted).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, readList, rowsAsRecords } from '@/offline/resource';
import { propertyKeys } from './keys';

interface AreaRow {
  area: string;
  archived: boolean;
}

/** The list rows the villas' list keeps on this device (read here, never written). */
const keptVillas = rowsAsRecords<AreaRow, undefined>('properties', 'list', {});

/**
 * The villas' areas as an offline resource (docs/offline.md "Declaring a resource"). Offline:
 * the areas of the villas kept on this device, none when none is kept - without an answer the
 * query's retry would wait for the network and hold up every save that refreshes the
 * properties' queries.
 */
export const villaAreas = listResource<AreaRow, undefined>({
  source: 'properties',
  fetch: () =>
    fetchOrThrow(
      supabase.from('properties').select('area, archived').eq('archived', false).order('area'),
    ),
  copy: { save: () => undefined, load: async () => (await keptVillas.load(undefined)) ?? [] },
  matches: (row) => !row.archived,
  compare: (a, b) => a.area.localeCompare(b.area),
});

export async function getPropertyAreas(): Promise<string[]> {
  const { rows } = await readList(villaAreas, undefined);
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
