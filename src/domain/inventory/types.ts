// Inventory shapes shared by every area that reads stock (docs/inventory.md): items with their
// totals (the list), an item's stock per location (its detail), one place's stock, locations,
// movements and low stock.
import type { Database } from '@/lib/database.types';

type Enums = Database['public']['Enums'];
export type InventoryCategory = Enums['inventory_category'];
export type LocationKind = Enums['inventory_location_kind'];
export type MovementKind = Enums['inventory_movement_kind'];

export const CATEGORIES: readonly InventoryCategory[] = [
  'linen',
  'amenities',
  'cleaning_supplies',
  'consumables',
  'spare_parts',
];

/** One item x location: what is there, its par level and reorder threshold. */
export interface StockLevel {
  location_id: string;
  on_hand: number;
  par_level: number;
  reorder_threshold: number;
  negative: boolean;
}

/** An item as the table has it. */
export interface ItemRow {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  category: InventoryCategory;
  unit: string;
  pack_size: number;
  unit_cost: number;
  active: boolean;
}

/**
 * An item of the items list (the inventory_item_totals view): what it holds in all the places the
 * caller sees, at how many places it has a stock row, and at how many of them it is low (`isLow`).
 */
export interface InventoryItem extends ItemRow {
  on_hand: number;
  places: number;
  low_places: number;
}

/** An item with its stock per place (its detail: one item's rows, never the whole list's). */
export interface StockedItem extends ItemRow {
  stock: StockLevel[];
}

/** One place's stock of one item (a place's stock read by location). */
export interface PlaceStockRow extends StockLevel {
  /** The stock row's id. */
  id: string;
  item_id: string;
}

export interface InventoryLocation {
  id: string;
  name: string;
  kind: LocationKind;
  property_id: string | null;
  holder_id: string | null;
  active: boolean;
}

export interface Movement {
  id: string;
  item_id: string;
  location_id: string;
  kind: MovementKind;
  quantity: number;
  counted_quantity: number | null;
  unit_cost: number;
  reason: string;
  created_by: string | null;
  occurred_at: string;
  transfer_id: string | null;
  negative: boolean;
}

/** As the inventory_low_stock view: at or below the threshold (where a par or threshold is set). */
export const isLow = (s: Pick<StockLevel, 'on_hand' | 'par_level' | 'reorder_threshold'>) =>
  (s.reorder_threshold > 0 || s.par_level > 0) && s.on_hand <= s.reorder_threshold;

/** Below its par level (a villa's page flags it). */
export const isBelowPar = (s: Pick<StockLevel, 'on_hand' | 'par_level'>) =>
  s.par_level > 0 && s.on_hand < s.par_level;
