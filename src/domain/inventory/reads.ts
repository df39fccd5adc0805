// Inventory reads shared by every area (docs/inventory.md "Screens", docs/offline.md "Declaring a
// resource"). What field staff need offline (the items with their stock per location, the
// locations, a villa's stock) is kept on this device in the `inventory` store, each row a record
// of its kind; the user's queued receives, transfers and par levels lie on top (./transitions.ts).
// Low stock and the movements are read at a desk, online: no device copy.
import { queryOptions } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import {
  keptRowsOf,
  kindRows,
  listResource,
  noDeviceCopy,
  readList,
  readOne,
  rowKind,
  rowResource,
} from '@/offline/resource';
import { inventoryKeys } from './keys';
import { keptLocations } from './location-copy';
import { STOCK_CALLS } from './transitions';
import type { InventoryItem, InventoryLocation, Movement } from './types';

const ITEM_SELECT =
  'id,name,sku,barcode,category,unit,pack_size,unit_cost,active,stock:inventory_stock(location_id,on_hand,par_level,reorder_threshold,negative)';
const LOCATION_SELECT = 'id,name,kind,property_id,holder_id,active';
const MOVEMENT_SELECT =
  'id,item_id,location_id,kind,quantity,counted_quantity,unit_cost,reason,created_by,occurred_at,transfer_id,negative';

// ---- Items with their stock per location ------------------------------------------------------

export const itemKind = rowKind<InventoryItem>({ store: 'inventory', kind: 'item' });

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Every active item (about 60; 500 at the bench's size), each with its stock where the caller sees it. */
export const itemList = listResource<InventoryItem, 'active'>({
  source: 'inventory_items',
  fetch: async () =>
    (await fetchOrThrow(() =>
      supabase.from('inventory_items').select(ITEM_SELECT).eq('active', true).order('name'),
    )) ?? [],
  copy: kindRows(itemKind),
  matches: (item) => item.active,
  compare: byName,
  full: () => true,
  calls: STOCK_CALLS,
});

export async function getItems(): Promise<{ rows: InventoryItem[]; fromDevice: boolean }> {
  const { rows, fromDevice } = await readList(itemList, 'active');
  return { rows, fromDevice };
}

export const itemsQueryOptions = () =>
  queryOptions({ queryKey: inventoryKeys.items(), queryFn: getItems });

// ---- Locations ----------------------------------------------------------------------------------

const KIND_ORDER = { warehouse: 0, van: 1, property: 2 } as const;

export const locationList = listResource<InventoryLocation, 'active'>({
  source: 'inventory_locations',
  fetch: async () =>
    (await fetchOrThrow(() =>
      supabase.from('inventory_locations').select(LOCATION_SELECT).eq('active', true),
    )) ?? [],
  // Kept with their kind as `location_kind` (./location-copy.ts).
  copy: keptLocations<'active'>(),
  matches: (l) => l.active,
  compare: (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || byName(a, b),
  full: () => true,
});

export async function getLocations(): Promise<InventoryLocation[]> {
  return (await readList(locationList, 'active')).rows;
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: inventoryKeys.locations(), queryFn: getLocations });

// ---- One item: its stock and its movements ------------------------------------------------------

/** How many of an item's latest movements its detail shows. */
export const HISTORY_SHOWN = 100;

export interface ItemDetail extends InventoryItem {
  movements: Movement[];
}

export const itemDetail = rowResource<ItemDetail>({
  source: 'inventory_items',
  fetch: async (id) => {
    const [item, movements] = await Promise.all([
      fetchOrThrow(async () => {
        const res = await supabase
          .from('inventory_items')
          .select(ITEM_SELECT)
          .eq('id', id)
          .maybeSingle();
        return { data: res.data, error: res.error };
      }),
      fetchOrThrow(() =>
        supabase
          .from('inventory_movements')
          .select(MOVEMENT_SELECT)
          .eq('item_id', id)
          .order('occurred_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(HISTORY_SHOWN),
      ),
    ]);
    return item ? { ...item, movements: movements ?? [] } : null;
  },
  copy: {
    // The item and its stock are kept by the list; its history is read online only.
    save: () => undefined,
    load: async (id) => {
      const kept = (await keptRowsOf(itemKind)).find((i) => i.id === id);
      return kept ? { ...kept, movements: [] } : undefined;
    },
  },
  calls: STOCK_CALLS,
});

export async function getItem(
  id: string,
): Promise<{ row: ItemDetail | null; fromDevice: boolean }> {
  return readOne(itemDetail, id);
}

export const itemQueryOptions = (id: string) =>
  queryOptions({ queryKey: inventoryKeys.item(id), queryFn: () => getItem(id) });

// ---- Low stock (inventory_low_stock) -------------------------------------------------------------

export interface LowStockRow {
  id: string;
  item_id: string;
  item_name: string;
  location_id: string;
  location_kind: InventoryLocation['kind'];
  property_id: string | null;
  unit: string;
  on_hand: number;
  par_level: number;
  reorder_threshold: number;
  pack_size: number;
  suggested_order: number;
  suggested_cost: number;
}

export const lowStockList = listResource<LowStockRow, 'all'>({
  source: 'inventory_low_stock',
  fetch: async () => {
    const rows = await fetchOrThrow(() =>
      supabase
        .from('inventory_low_stock')
        .select(
          'id,item_id,item_name,location_id,location_kind,property_id,unit,on_hand,par_level,reorder_threshold,pack_size,suggested_order,suggested_cost',
        )
        .order('item_name')
        .order('id'),
    );
    // A view's columns read as nullable; each row of this one has them all.
    return (rows ?? []).flatMap((r) =>
      r.id && r.item_id && r.item_name && r.location_id && r.location_kind
        ? [
            {
              id: r.id,
              item_id: r.item_id,
              item_name: r.item_name,
              location_id: r.location_id,
              location_kind: r.location_kind,
              property_id: r.property_id,
              unit: r.unit ?? '',
              on_hand: r.on_hand ?? 0,
              par_level: r.par_level ?? 0,
              reorder_threshold: r.reorder_threshold ?? 0,
              pack_size: r.pack_size ?? 1,
              suggested_order: r.suggested_order ?? 0,
              suggested_cost: r.suggested_cost ?? 0,
            },
          ]
        : [],
    );
  },
  copy: noDeviceCopy,
});

export async function getLowStock(): Promise<LowStockRow[]> {
  return (await readList(lowStockList, 'all')).rows;
}

export const lowStockQueryOptions = () =>
  queryOptions({ queryKey: inventoryKeys.lowStock(), queryFn: getLowStock });

// ---- Movements (the CSV export) -----------------------------------------------------------------

const EXPORT_PAGE = 1000;
/** The most movements one export carries (newest first). */
export const EXPORT_MAX = 20_000;

export const movementExport = listResource<Movement, 'all'>({
  source: 'inventory_movements',
  fetch: async () => {
    const out: Movement[] = [];
    while (out.length < EXPORT_MAX) {
      const page =
        (await fetchOrThrow(() =>
          supabase
            .from('inventory_movements')
            .select(MOVEMENT_SELECT)
            .order('occurred_at', { ascending: false })
            .order('id', { ascending: false })
            .range(out.length, out.length + EXPORT_PAGE - 1),
        )) ?? [];
      out.push(...page);
      if (page.length < EXPORT_PAGE) break;
    }
    return out;
  },
  copy: noDeviceCopy,
});

export async function getMovementsForExport(): Promise<Movement[]> {
  return (await readList(movementExport, 'all')).rows;
}

// ---- One villa's stock (its page) ---------------------------------------------------------------

export interface VillaStockRow {
  /** The stock row's id. */
  id: string;
  item_id: string;
  property_id: string;
  name: string;
  unit: string;
  category: InventoryItem['category'];
  on_hand: number;
  par_level: number;
  reorder_threshold: number;
  negative: boolean;
}

export const villaStockKind = rowKind<VillaStockRow>({
  store: 'inventory',
  kind: 'villa-stock',
});

export const villaStock = listResource<VillaStockRow, string>({
  source: 'inventory_stock',
  fetch: async (propertyId) => {
    const location = await fetchOrThrow(async () => {
      const res = await supabase
        .from('inventory_locations')
        .select('id')
        .eq('property_id', propertyId)
        .maybeSingle();
      return { data: res.data, error: res.error };
    });
    if (!location) return [];
    const rows =
      (await fetchOrThrow(() =>
        supabase
          .from('inventory_stock')
          .select(
            'id,item_id,on_hand,par_level,reorder_threshold,negative,item:inventory_items(name,unit,category)',
          )
          .eq('location_id', location.id),
      )) ?? [];
    return rows.flatMap(({ item, ...s }) =>
      item ? [{ ...s, ...item, property_id: propertyId }] : [],
    );
  },
  copy: kindRows(villaStockKind, { scope: (p) => p }),
  matches: (row, propertyId) => row.property_id === propertyId,
  compare: byName,
});

export async function getVillaStock(
  propertyId: string,
): Promise<{ rows: VillaStockRow[]; fromDevice: boolean }> {
  const { rows, fromDevice } = await readList(villaStock, propertyId);
  return { rows, fromDevice };
}

export const villaStockQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: inventoryKeys.villa(propertyId),
    queryFn: () => getVillaStock(propertyId),
  });
