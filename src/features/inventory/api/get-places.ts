// The locations screen's reads (`?view=locations`, docs/inventory.md "Managing items and places"),
// at a desk, online (no device copy, as the pick list): the warehouses and vans, active or not,
// each with what it holds; the villas one page at a time, searchable by name (2,000 at full
// size: never all of them); and one place's stock lines with their items. Their keys are under
// inventoryKeys.all, so every stock write's refresh and a live stock change refresh them too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { pageOf, rangeOf } from '@/lib/pages';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList, readOne, rowResource } from '@/offline/resource';
import { inventoryKeys } from '@/domain/inventory/keys';
import {
  isBelowPar,
  type InventoryItem,
  type InventoryLocation,
  type StockLevel,
} from '@/domain/inventory/types';

export const VILLA_PAGE = 20;
const STOCK_PAGE = 1000;
const LOCATION_SELECT = 'id,name,kind,property_id,holder_id,active';

export interface VillaPlaceParams {
  q: string;
  page: number;
}

export const placeKeys = {
  all: [...inventoryKeys.all, 'places'] as const,
  stores: () => [...placeKeys.all, 'stores'] as const,
  villas: (p: VillaPlaceParams) => [...placeKeys.all, 'villas', p] as const,
  one: (id: string) => [...placeKeys.all, 'one', id] as const,
};

/** A place with what it holds: its stock lines, the units on hand, the lines below par. */
export interface PlaceSummary extends InventoryLocation {
  lines: number;
  units: number;
  belowPar: number;
}

type Level = Pick<StockLevel, 'location_id' | 'on_hand' | 'par_level'>;

/** The stock rows of these places, read in pages (a warehouse holds every item: 500 at full size). */
async function levelsAt(ids: readonly string[]): Promise<Level[]> {
  if (ids.length === 0) return [];
  const out: Level[] = [];
  for (;;) {
    const page =
      (await fetchOrThrow(() =>
        supabase
          .from('inventory_stock')
          .select('location_id,on_hand,par_level')
          .in('location_id', [...ids])
          .order('location_id')
          .order('item_id')
          .range(out.length, out.length + STOCK_PAGE - 1),
      )) ?? [];
    out.push(...page);
    if (page.length < STOCK_PAGE) return out;
  }
}

/** A line counts when something is there or a par level is set for it. */
async function summarised(places: InventoryLocation[]): Promise<PlaceSummary[]> {
  const levels = await levelsAt(places.map((p) => p.id));
  return places.map((p) => {
    const here = levels.filter(
      (l) => l.location_id === p.id && (Number(l.on_hand) !== 0 || Number(l.par_level) > 0),
    );
    return {
      ...p,
      lines: here.length,
      units: here.reduce((sum, l) => sum + Number(l.on_hand), 0),
      belowPar: here.filter((l) =>
        isBelowPar({ on_hand: Number(l.on_hand), par_level: Number(l.par_level) }),
      ).length,
    };
  });
}

// ---- Warehouses and vans --------------------------------------------------------------------------

export const storeList = listResource<PlaceSummary, 'all'>({
  source: 'inventory_locations',
  fetch: async () =>
    summarised(
      (await fetchOrThrow(() =>
        supabase
          .from('inventory_locations')
          .select(LOCATION_SELECT)
          .in('kind', ['warehouse', 'van'])
          .order('kind')
          .order('name')
          .order('id'),
      )) ?? [],
    ),
  copy: noDeviceCopy,
});

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: placeKeys.stores(),
    queryFn: async () => (await readList(storeList, 'all')).rows,
  });

export const useStores = () => useQuery(storesQueryOptions());

// ---- Villas, a page at a time ---------------------------------------------------------------------

/** Characters that would act as wildcards or break the filter. */
const searchTerm = (q: string) => q.replace(/[,()*%\\:"]/g, ' ').trim();

export const villaPlaceList = listResource<PlaceSummary, VillaPlaceParams>({
  source: 'inventory_locations',
  fetch: async ({ q, page }) => {
    let query = supabase
      .from('inventory_locations')
      .select(LOCATION_SELECT, { count: 'exact' })
      .eq('kind', 'property');
    const term = searchTerm(q);
    if (term) query = query.ilike('name', `%${term}%`);
    const { rows, total } = await pageOf(
      query
        .order('name')
        .order('id')
        .range(...rangeOf({ page, size: VILLA_PAGE })),
    );
    return { rows: await summarised(rows), total };
  },
  copy: noDeviceCopy,
  page: ({ page }) => ({ number: page, size: VILLA_PAGE }),
});

export const villaPlacesQueryOptions = (p: VillaPlaceParams) =>
  queryOptions({
    queryKey: placeKeys.villas(p),
    queryFn: async () => {
      const { rows, total } = await readList(villaPlaceList, p);
      return { rows, total };
    },
  });

export const useVillaPlaces = (p: VillaPlaceParams) =>
  useQuery({ ...villaPlacesQueryOptions(p), placeholderData: (previous) => previous });

// ---- One place's stock --------------------------------------------------------------------------

export interface PlaceLine extends StockLevel {
  /** The stock row's id. */
  id: string;
  item_id: string;
  item: Pick<InventoryItem, 'name' | 'unit' | 'sku' | 'category' | 'active'>;
}

export interface PlaceDetail extends InventoryLocation {
  lines: PlaceLine[];
}

export const placeDetail = rowResource<PlaceDetail>({
  source: 'inventory_stock',
  fetch: async (id) => {
    const [place, stock] = await Promise.all([
      fetchOrThrow(async () => {
        const res = await supabase
          .from('inventory_locations')
          .select(LOCATION_SELECT)
          .eq('id', id)
          .maybeSingle();
        return { data: res.data, error: res.error };
      }),
      fetchOrThrow(() =>
        supabase
          .from('inventory_stock')
          .select(
            'id,item_id,location_id,on_hand,par_level,reorder_threshold,negative,item:inventory_items(name,unit,sku,category,active)',
          )
          .eq('location_id', id)
          .range(0, STOCK_PAGE - 1),
      ),
    ]);
    if (!place) return null;
    const lines = (stock ?? [])
      .flatMap(({ item, ...s }) => (item ? [{ ...s, item }] : []))
      .sort((a, b) => a.item.name.localeCompare(b.item.name));
    return { ...place, lines };
  },
  copy: noDeviceCopy,
});

export const placeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: placeKeys.one(id),
    queryFn: async () => (await readOne(placeDetail, id)).row,
  });

export const usePlace = (id: string | null) =>
  useQuery({ ...placeQueryOptions(id ?? ''), enabled: id !== null });

// ---- Who may drive a van ------------------------------------------------------------------------

export interface Driver {
  id: string;
  name: string;
  technician: boolean;
}

/** The staff (staff_directory: names and roles only), technicians first. */
export const driversQueryOptions = () =>
  queryOptions({
    queryKey: [...placeKeys.all, 'drivers'] as const,
    queryFn: async (): Promise<Driver[]> =>
      ((await fetchOrThrow(() => supabase.rpc('staff_directory'))) ?? [])
        .map((s) => ({ id: s.id, name: s.full_name, technician: s.roles.includes('technician') }))
        .sort(
          (a, b) => Number(b.technician) - Number(a.technician) || a.name.localeCompare(b.name),
        ),
    staleTime: 5 * 60_000,
  });

export const useDrivers = (enabled: boolean) => useQuery({ ...driversQueryOptions(), enabled });
