// Fixtures of the inventory suites (docs/inventory.md): items, warehouses and vans made with the
// service client, and readers of what the ledger holds.
import { expect } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { serviceClient, unique } from './support.ts';

export type Item = Database['public']['Tables']['inventory_items']['Row'];
export type Location = Database['public']['Tables']['inventory_locations']['Row'];
export type Stock = Database['public']['Tables']['inventory_stock']['Row'];
export type Movement = Database['public']['Tables']['inventory_movements']['Row'];

export async function makeItem(
  extra: Partial<Database['public']['Tables']['inventory_items']['Insert']> = {},
): Promise<Item> {
  const { data, error } = await serviceClient()
    .from('inventory_items')
    .insert({ name: unique('Test item'), category: 'amenities', sku: unique('SKU'), ...extra })
    .select()
    .single();
  if (error) throw new Error(`item fixture: ${error.message}`);
  return data;
}

export async function makeLocation(
  kind: 'warehouse' | 'van',
  extra: Partial<Database['public']['Tables']['inventory_locations']['Insert']> = {},
): Promise<Location> {
  const { data, error } = await serviceClient()
    .from('inventory_locations')
    .insert({ kind, name: unique(kind), ...extra })
    .select()
    .single();
  if (error) throw new Error(`location fixture: ${error.message}`);
  return data;
}

/** The location a villa got with it. */
export async function villaLocation(propertyId: string): Promise<Location> {
  const { data, error } = await serviceClient()
    .from('inventory_locations')
    .select()
    .eq('property_id', propertyId)
    .single();
  if (error) throw new Error(`villa location: ${error.message}`);
  return data;
}

export async function onHand(itemId: string, locationId: string): Promise<number> {
  const { data, error } = await serviceClient()
    .from('inventory_stock')
    .select('on_hand')
    .eq('item_id', itemId)
    .eq('location_id', locationId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return Number(data?.on_hand ?? 0);
}

export async function movementsOf(itemId: string): Promise<Movement[]> {
  const { data, error } = await serviceClient()
    .from('inventory_movements')
    .select()
    .eq('item_id', itemId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

/** For every location of the item: the sum of its movements equals its on-hand. */
export async function expectLedgerBalanced(itemId: string) {
  const moves = await movementsOf(itemId);
  const sums = new Map<string, number>();
  for (const m of moves)
    sums.set(m.location_id, (sums.get(m.location_id) ?? 0) + Number(m.quantity));
  const { data, error } = await serviceClient()
    .from('inventory_stock')
    .select()
    .eq('item_id', itemId);
  if (error) throw new Error(error.message);
  for (const s of data) {
    expect({ location: s.location_id, sum: sums.get(s.location_id) ?? 0 }).toEqual({
      location: s.location_id,
      sum: Number(s.on_hand),
    });
  }
}

export async function setAllowNegative(allow: boolean) {
  const { error } = await serviceClient()
    .from('system_settings')
    .update({ allow_negative_stock: allow })
    .eq('id', true);
  if (error) throw new Error(error.message);
}
