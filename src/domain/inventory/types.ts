// Inventory shapes shared by every area that reads stock (docs/inventory.md): items with their
// stock per location, locations, movements and low stock.
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

export interface InventoryItem {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  category: InventoryCategory;
  unit: string;
  pack_size: number;
  unit_cost: number;
  active: boolean;
  stock: StockLevel[];
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

/** What an item holds in all the locations the caller sees. */
export const onHandTotal = (item: Pick<InventoryItem, 'stock'>) =>
  item.stock.reduce((sum, s) => sum + s.on_hand, 0);
