// The demo inventory (supabase/seeds/60_inventory.sql) is there and believable: 60 items in every
// category, two warehouses, a van per demo technician, par levels at every demo villa,
// consumption per cleaning type, 90 days of movements of every kind, and a balanced ledger.
import { describe, expect, it } from 'vitest';
import { DEMO, serviceClient, signIn, DEMO_PASSWORD } from './support.ts';
import { expectLedgerBalanced } from './inventory-fixtures.ts';

const KOSTAS = 'a11ce000-0000-4000-8000-000000000007';
const two = (n: number) => String(n).padStart(2, '0');
const SEEDED_ITEM = (n: number) => `c1700000-0000-4000-8000-0000000000${two(n)}`;
const ITEMS = Array.from({ length: 60 }, (_, i) => SEEDED_ITEM(i + 1));
const LOCATIONS = [1, 2, 3, 4].map((n) => `c1710000-0000-4000-8000-0000000000${two(n)}`);
const VILLAS = Array.from(
  { length: 12 },
  (_, i) => `b1a00000-0000-4000-8000-0000000000${two(i + 1)}`,
);

describe('inventory demo data', () => {
  it('has 60 items in every category, two warehouses and a van per demo technician', async () => {
    const s = serviceClient();
    const { data: items } = await s.from('inventory_items').select('id, category').in('id', ITEMS);
    expect(items).toHaveLength(60);
    expect(new Set(items!.map((i) => i.category))).toEqual(
      new Set(['linen', 'amenities', 'cleaning_supplies', 'consumables', 'spare_parts']),
    );
    const { data: locations } = await s
      .from('inventory_locations')
      .select('kind, holder_id')
      .in('id', LOCATIONS);
    expect(locations?.filter((l) => l.kind === 'warehouse')).toHaveLength(2);
    expect(new Set(locations?.filter((l) => l.kind === 'van').map((l) => l.holder_id))).toEqual(
      new Set([DEMO.technician.id, KOSTAS]),
    );
  });

  it('every demo villa has par levels, and each cleaning type in use its consumption', async () => {
    const s = serviceClient();
    const { data: villas } = await s.from('properties').select('id').in('id', VILLAS);
    expect(villas).toHaveLength(12);
    const { data: locs } = await s
      .from('inventory_locations')
      .select('property_id, inventory_stock(par_level)')
      .in(
        'property_id',
        villas!.map((v) => v.id),
      );
    for (const l of locs!) {
      expect({
        villa: l.property_id,
        withPar: l.inventory_stock.filter((x) => Number(x.par_level) > 0).length > 10,
      }).toEqual({ villa: l.property_id, withPar: true });
    }
    const { data: rules } = await s.from('inventory_consumption').select('cleaning_types(code)');
    const codes = new Set(rules!.map((r) => r.cleaning_types?.code));
    for (const code of ['turnover', 'deep_clean', 'mid_stay']) expect(codes.has(code)).toBe(true);
  });

  it('90 days of movements of every kind, by the people who made them, and a balanced ledger', async () => {
    const s = serviceClient();
    const kinds = ['receive', 'transfer_out', 'transfer_in', 'consume', 'count'] as const;
    for (const kind of kinds) {
      const { count } = await s
        .from('inventory_movements')
        .select('id', { count: 'exact', head: true })
        .eq('kind', kind)
        .in('item_id', ITEMS);
      expect({ kind, some: (count ?? 0) > 0 }).toEqual({ kind, some: true });
    }
    const { data: oldest } = await s
      .from('inventory_movements')
      .select('occurred_at')
      .in('item_id', ITEMS)
      .order('occurred_at')
      .limit(1)
      .single();
    const ageDays = (Date.now() - new Date(oldest!.occurred_at).getTime()) / 86_400_000;
    expect(ageDays).toBeGreaterThan(89);
    expect(ageDays).toBeLessThan(92);
    const { data: by } = await s
      .from('inventory_movements')
      .select('created_by')
      .eq('kind', 'consume')
      .eq('item_id', SEEDED_ITEM(40))
      .limit(1)
      .single();
    expect(by?.created_by).toBe(DEMO.housekeeper.id);
    const { count: negative } = await s
      .from('inventory_stock')
      .select('item_id', { count: 'exact', head: true })
      .in('item_id', ITEMS)
      .lt('on_hand', 0);
    expect(negative).toBe(0);
    // The ledger adds up for a linen item, an amenity and a spare part.
    for (const n of [7, 14, 40, 55]) await expectLedgerBalanced(SEEDED_ITEM(n));
  });

  it('the demo housekeeper reads the stock of a villa', async () => {
    const c = await signIn(DEMO.housekeeper.email, DEMO_PASSWORD);
    const { data } = await c
      .from('inventory_stock')
      .select('on_hand, inventory_locations!inner(property_id)')
      .eq('inventory_locations.property_id', 'b1a00000-0000-4000-8000-000000000001')
      .limit(3);
    expect(data!.length).toBeGreaterThan(0);
  });
});
