// The items list's totals (inventory_item_totals, 20261201110000_inventory_item_totals.sql;
// docs/inventory.md "The items read") through supabase-js, per role: what each item holds in all
// the places the caller sees and at how many it is low, summed by the server under the caller's
// own RLS (security_invoker): anon refused, a user with no role or without inventory.view reads
// nothing, nobody writes through it, and each role's totals are the sum of the stock rows that
// same role reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  outcome,
  serviceClient,
  type Client,
  type TestUser,
} from './support.ts';
import {
  ACTORS,
  createActors,
  Fixtures,
  type Actor,
  type SignedIn,
} from './properties-fixtures.ts';
import { makeItem, makeLocation, villaLocation, type Item } from './inventory-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let noView: TestUser;
let item: Item;
let quiet: Item;
let villaId = '';
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

const ok = (r: { error: unknown }) => expect(r.error).toBeNull();

beforeAll(async () => {
  users = await createActors();
  noView = await createUser('inventory-totals-noview', ['housekeeper']);
  fx.trackUsers(noView);
  ok(
    await serviceClient()
      .from('custom_permissions')
      .insert({ user_id: noView.id, permission_key: 'inventory.view', granted: false }),
  );
  const villa = await fx.property({ name: 'Totals Villa' });
  villaId = villa.id;
  const villaLoc = await villaLocation(villa.id);
  const warehouse = await makeLocation('warehouse');
  const van = await makeLocation('van', { holder_id: users.technician.id });
  item = await makeItem({ name: 'Totals soap' });
  quiet = await makeItem({ name: 'Totals nothing stocked' });
  const s = serviceClient();
  ok(
    await s.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 100,
    }),
  );
  ok(
    await s.rpc('inventory_transfer', {
      item_id: item.id,
      from_location_id: warehouse.id,
      to_location_id: villaLoc.id,
      quantity: 10,
    }),
  );
  ok(
    await s.rpc('inventory_transfer', {
      item_id: item.id,
      from_location_id: warehouse.id,
      to_location_id: van.id,
      quantity: 5,
    }),
  );
  // The villa: 10 at a threshold of 12, low. The warehouse: 85, a par of 50, not low.
  ok(
    await s.rpc('inventory_set_par', {
      item_id: item.id,
      location_id: villaLoc.id,
      par_level: 20,
      reorder_threshold: 12,
    }),
  );
  ok(
    await s.rpc('inventory_set_par', {
      item_id: item.id,
      location_id: warehouse.id,
      par_level: 50,
      reorder_threshold: 40,
    }),
  );
});

afterAll(async () => {
  await serviceClient().from('properties').update({ archived: true }).eq('id', villaId);
  await fx.cleanup().catch(() => undefined);
});

const totalsOf = (c: Client, id: string) =>
  c.from('inventory_item_totals').select('id,on_hand,places,low_places').eq('id', id);

describe('inventory_item_totals', () => {
  it('reads: anon refused; no role and without inventory.view nothing; staff and managers their totals', async () => {
    const expected: Record<Actor, string> = {
      anon: 'denied',
      norole: 'none',
      housekeeper: 'ok',
      technician: 'ok',
      manager: 'ok',
      admin: 'ok',
    };
    for (const actor of ACTORS) {
      const res = await totalsOf(clientOf(actor), item.id);
      expect({ actor, o: outcome(res) }).toEqual({ actor, o: expected[actor] });
    }
    expect(outcome(await totalsOf(noView.client, item.id))).toBe('none');
    // Nor the whole list.
    const all = await noView.client.from('inventory_item_totals').select('id').limit(5);
    expect(outcome(all)).toBe('none');
    const norole = await users.norole.client.from('inventory_item_totals').select('id').limit(5);
    expect(outcome(norole)).toBe('none');
  });

  it('a manager reads the sums: 100 in three places, low at one; an item with no stock 0', async () => {
    const { data, error } = await totalsOf(users.manager.client, item.id).single();
    expect(error).toBeNull();
    expect({
      on_hand: Number(data!.on_hand),
      places: data!.places,
      low_places: data!.low_places,
    }).toEqual({ on_hand: 100, places: 3, low_places: 1 });
    const none = await totalsOf(users.manager.client, quiet.id).single();
    expect(none.data).toMatchObject({ on_hand: 0, places: 0, low_places: 0 });
  });

  it("each role's totals are the sum of the stock rows it reads itself (its own RLS)", async () => {
    for (const actor of ['housekeeper', 'technician', 'manager', 'admin'] as const) {
      const c = users[actor].client;
      const { data: rows, error } = await c
        .from('inventory_stock')
        .select('on_hand,par_level,reorder_threshold')
        .eq('item_id', item.id);
      expect(error).toBeNull();
      const { data: total } = await totalsOf(c, item.id).single();
      const low = (rows ?? []).filter(
        (s) =>
          (Number(s.reorder_threshold) > 0 || Number(s.par_level) > 0) &&
          Number(s.on_hand) <= Number(s.reorder_threshold),
      ).length;
      expect({ actor, on_hand: Number(total!.on_hand), places: total!.places, low }).toEqual({
        actor,
        on_hand: (rows ?? []).reduce((sum, s) => sum + Number(s.on_hand), 0),
        places: (rows ?? []).length,
        low: total!.low_places,
      });
    }
  });

  it('nobody writes through it (read-only view)', async () => {
    // Typed as the items table (a view's type has no writes); the requests go to the view.
    const view = (c: Client) => c.from('inventory_item_totals' as 'inventory_items');
    for (const actor of ACTORS) {
      const c = clientOf(actor);
      const ins = await view(c).insert({ name: 'x', category: 'linen' }).select();
      const upd = await view(c).update({ name: 'x' }).eq('id', item.id).select();
      const del = await view(c).delete().eq('id', item.id).select();
      expect({ actor, o: [ins, upd, del].map((r) => r.error?.code) }).toEqual({
        actor,
        o: ['42501', '42501', '42501'],
      });
    }
    const { data } = await serviceClient()
      .from('inventory_stock')
      .select('on_hand')
      .eq('item_id', item.id);
    expect((data ?? []).reduce((s, r) => s + Number(r.on_hand), 0)).toBe(100);
  });
});
