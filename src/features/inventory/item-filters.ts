// The items list's filters: a search over name, SKU and barcode (a scanner types the barcode), a
// category and low stock only (low somewhere: the server's `low_places`). The items are read whole
// with their totals (about 60; 500 at the bench's size) and filtered here, so the filters work
// offline too.
import type { InventoryItem } from '@/domain/inventory/types';

export interface ItemFilters {
  q: string;
  category: string;
  low: boolean;
}

export function itemMatches(item: InventoryItem, f: ItemFilters): boolean {
  const q = f.q.trim().toLowerCase();
  return (
    (!q ||
      item.name.toLowerCase().includes(q) ||
      (item.sku ?? '').toLowerCase().includes(q) ||
      item.barcode === f.q.trim()) &&
    (!f.category || item.category === f.category) &&
    (!f.low || item.low_places > 0)
  );
}
