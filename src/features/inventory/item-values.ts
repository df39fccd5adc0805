// The item form's values: a new item's, and an item's as the form edits it (./components/item-form.tsx).
import type { ItemRow } from '@/domain/inventory/types';
import type { ItemValues } from './schemas';

export const NEW_ITEM: ItemValues = {
  name: '',
  sku: '',
  barcode: '',
  category: 'amenities',
  unit: 'piece',
  pack_size: 1,
  unit_cost: 0,
  active: true,
};

/** An item's values as the form edits them (no SKU or barcode: empty). */
export const itemValuesOf = (i: ItemRow): ItemValues => ({
  name: i.name,
  sku: i.sku ?? '',
  barcode: i.barcode ?? '',
  category: i.category,
  unit: i.unit,
  pack_size: i.pack_size,
  unit_cost: Number(i.unit_cost),
  active: i.active,
});
