// Inventory reads shared by every area (docs/inventory.md "Screens", docs/offline.md "Declaring a
// resource"). What field staff need offline (the items with their totals, the locations, the
// stock of each place read, a villa's stock, an item opened) is kept on this device in the
// `inventory` store, each row a record of its kind; the user's queued stock calls lie on top
// (./transitions.ts), and on the items list their queued new items and edits.
// Low stock and the movements are read at a desk, online: no device copy.
import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
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
import type { Pending } from '@/offline/overlay';
import { PLACE_CALLS, STOCK_CALLS, TOTAL_CALLS } from './transitions';
import type {
  InventoryItem,
  InventoryLocation,
  Movement,
  PlaceStockRow,
  StockedItem,
} from './types';

const ITEM_COLUMNS = 'id,name,sku,barcode,category,unit,pack_size,unit_cost,active';
const STOCK_COLUMNS = 'location_id,on_hand,par_level,reorder_threshold,negative';
const LOCATION_SELECT = 'id,name,kind,property_id,holder_id,active';
const MOVEMENT_SELECT =
  'id,item_id,location_id,kind,quantity,counted_quantity,unit_cost,reason,created_by,occurred_at,transfer_id,negative';

/** The items list's page (500 items at the bench's size: three requests). */
export const ITEM_PAGE = 200;
/** A place's stock read in pages (a warehouse holds every item: 500 at the bench's size). */
export const PLACE_STOCK_PAGE = 1000;

// ---- Items with their totals ---------------------------------------------------------------------

/**
 * The items list's rows, kept on this device (kind `item-totals`; until the totals view the kind
 * `item` kept each item with all its stock).
 */
export const itemKind = rowKind<InventoryItem>({ store: 'inventory', kind: 'item-totals' });

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

type TotalsRow = Database['public']['Views']['inventory_item_totals']['Row'];

/** A view's columns read as nullable; each row of this one has them all. */
const totalsOf = (r: TotalsRow): InventoryItem[] =>
  r.id && r.name && r.category
    ? [
        {
          id: r.id,
          name: r.name,
          sku: r.sku,
          barcode: r.barcode,
          category: r.category,
          unit: r.unit ?? '',
          pack_size: Number(r.pack_size ?? 1),
          unit_cost: Number(r.unit_cost ?? 0),
          active: r.active ?? true,
          on_hand: Number(r.on_hand ?? 0),
          places: Number(r.places ?? 0),
          low_places: Number(r.low_places ?? 0),
        },
      ]
    : [];

/** An item made or edited on this device, as the list shows it until it is sent (no stock yet). */
const queuedItem = (v: Record<string, unknown>): InventoryItem => ({
  id: String(v.id ?? ''),
  name: String(v.name ?? ''),
  sku: (v.sku as string | null | undefined) ?? null,
  barcode: (v.barcode as string | null | undefined) ?? null,
  category: (v.category as InventoryItem['category'] | undefined) ?? 'consumables',
  unit: String(v.unit ?? 'piece'),
  pack_size: Number(v.pack_size ?? 1),
  unit_cost: Number(v.unit_cost ?? 0),
  active: v.active !== false,
  on_hand: 0,
  places: 0,
  low_places: 0,
});

/**
 * Every active item (about 60; 500 at the bench's size), each with what it holds in all the places
 * the caller sees and at how many it is low, summed by the server (inventory_item_totals), read a
 * page at a time. The user's queued new items and edits lie on top, marked `pendingSync`, and
 * their queued stock calls (the quantities they add).
 */
export const itemList = listResource<InventoryItem, 'active'>({
  source: 'inventory_item_totals',
  table: 'inventory_items',
  fetch: async () => {
    const out: InventoryItem[] = [];
    for (;;) {
      const page =
        (await fetchOrThrow(() =>
          supabase
            .from('inventory_item_totals')
            .select(`${ITEM_COLUMNS},on_hand,places,low_places`)
            .eq('active', true)
            .order('name')
            .order('id')
            .range(out.length, out.length + ITEM_PAGE - 1),
        )) ?? [];
      out.push(...page.flatMap(totalsOf));
      if (page.length < ITEM_PAGE) return out;
    }
  },
  fromQueued: queuedItem,
  copy: kindRows(itemKind),
  matches: (item) => item.active,
  compare: byName,
  full: () => true,
  calls: TOTAL_CALLS,
});

export async function getItems(): Promise<{ rows: Pending<InventoryItem>[]; fromDevice: boolean }> {
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

// ---- One place's stock (the count, transfer, par and pick-list forms) ---------------------------

/** Each stock row kept as its own record (its id), with its place: kept per place read. */
export const placeStockKind = rowKind<PlaceStockRow>({ store: 'inventory', kind: 'place-stock' });

/**
 * What one place holds, item by item (its stock rows; an item with no row there holds 0), read by
 * location and kept on this device: a place counted once with signal is counted offline after.
 * The user's queued stock calls about the place lie on top.
 */
export const placeStock = listResource<PlaceStockRow, string>({
  source: 'inventory_stock',
  fetch: async (locationId) => {
    const out: PlaceStockRow[] = [];
    for (;;) {
      const page =
        (await fetchOrThrow(() =>
          supabase
            .from('inventory_stock')
            .select(`id,item_id,${STOCK_COLUMNS}`)
            .eq('location_id', locationId)
            .order('item_id')
            .range(out.length, out.length + PLACE_STOCK_PAGE - 1),
        )) ?? [];
      out.push(
        ...page.map((s) => ({
          ...s,
          on_hand: Number(s.on_hand),
          par_level: Number(s.par_level),
          reorder_threshold: Number(s.reorder_threshold),
        })),
      );
      if (page.length < PLACE_STOCK_PAGE) return out;
    }
  },
  copy: kindRows(placeStockKind, { scope: (locationId) => locationId }),
  matches: (row, locationId) => row.location_id === locationId,
  full: (locationId) => (row) => row.location_id === locationId,
  calls: PLACE_CALLS,
});

export async function getPlaceStock(
  locationId: string,
): Promise<{ rows: PlaceStockRow[]; fromDevice: boolean }> {
  const { rows, fromDevice } = await readList(placeStock, locationId);
  return { rows, fromDevice };
}

export const placeStockQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: inventoryKeys.place(locationId),
    queryFn: () => getPlaceStock(locationId),
  });

// ---- One item: its stock and its movements ------------------------------------------------------

/** How many of an item's latest movements its detail shows. */
export const HISTORY_SHOWN = 100;

export interface ItemDetail extends StockedItem {
  movements: Movement[];
}

/** An item with its stock per place, kept when its detail is read (kind `item-stock`). */
const itemStockKind = rowKind<StockedItem>({ store: 'inventory', kind: 'item-stock' });

export const itemDetail = rowResource<ItemDetail>({
  source: 'inventory_items',
  table: 'inventory_items',
  fetch: async (id) => {
    const [item, movements] = await Promise.all([
      fetchOrThrow(async () => {
        const res = await supabase
          .from('inventory_items')
          .select(`${ITEM_COLUMNS},stock:inventory_stock(${STOCK_COLUMNS})`)
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
  fromQueued: (v) => ({ ...queuedItem(v), stock: [], movements: [] }),
  copy: {
    // The item and its stock are kept; its history is read online only.
    save: (_id, row) => {
      if (!row) return;
      const { movements: _history, ...item } = row;
      return kindRows(itemStockKind).save(undefined, [item]);
    },
    load: async (id) => {
      const stocked = (await keptRowsOf(itemStockKind)).find((i) => i.id === id);
      if (stocked) return { ...stocked, movements: [] };
      // Only listed on this device: the item without its places.
      const listed = (await keptRowsOf(itemKind)).find((i) => i.id === id);
      if (!listed) return undefined;
      const { on_hand: _sum, places: _places, low_places: _low, ...item } = listed;
      return { ...item, stock: [], movements: [] };
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

/** Every stock row the caller sees (the stock CSV: read for the file, online, in pages). */
export const stockExport = listResource<PlaceStockRow, 'all'>({
  source: 'inventory_stock',
  fetch: async () => {
    const out: PlaceStockRow[] = [];
    for (;;) {
      const page =
        (await fetchOrThrow(() =>
          supabase
            .from('inventory_stock')
            .select(`id,item_id,${STOCK_COLUMNS}`)
            .order('item_id')
            .order('location_id')
            .range(out.length, out.length + EXPORT_PAGE - 1),
        )) ?? [];
      out.push(...page);
      if (page.length < EXPORT_PAGE) return out;
    }
  },
  copy: noDeviceCopy,
});

export async function getStockForExport(): Promise<PlaceStockRow[]> {
  return (await readList(stockExport, 'all')).rows;
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
