// The stock ledger through supabase-js (docs/inventory.md): concurrent writers on one item keep
// sum(movements) = on_hand; a replayed X-Mutation-Id moves stock once and answers as the first
// time; negative stock refused or flagged per the company setting; a count is the truth as of the
// moment it was made, even when a movement lands before it does; parts consumed on a work order
// add to its cost; nobody changes or deletes a movement.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, type TestUser } from './support.ts';
import { createActors, Fixtures, type Property, type SignedIn } from './properties-fixtures.ts';
import {
  expectLedgerBalanced,
  makeItem,
  makeLocation,
  movementsOf,
  onHand,
  setAllowNegative,
  villaLocation,
  type Location,
} from './inventory-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let villa: Property;
let warehouse: Location;
let van: Location;
let villaLoc: Location;

beforeAll(async () => {
  users = await createActors();
  villa = await fx.property({ name: 'Ledger Villa', bedrooms: 3 });
  villaLoc = await villaLocation(villa.id);
  warehouse = await makeLocation('warehouse');
  van = await makeLocation('van', { holder_id: users.technician.id });
});

afterAll(async () => {
  // The villa keeps its ledger (it has history): archived, not deleted.
  await serviceClient().from('properties').update({ archived: true }).eq('id', villa.id);
  await fx.cleanup().catch(() => undefined);
});

describe('inventory ledger', () => {
  it('a villa gets its location with it', () => {
    expect(villaLoc).toMatchObject({
      kind: 'property',
      property_id: villa.id,
      name: 'Ledger Villa',
    });
  });

  it('10 concurrent writers on one item: the sum of its movements equals its on-hand', async () => {
    const item = await makeItem();
    const r = await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 500,
    });
    expect(r.error).toBeNull();
    const writers = [users.manager, users.technician, users.housekeeper, users.admin];
    await Promise.all(
      Array.from({ length: 10 }, async (_, w) => {
        const who = writers[w % writers.length]!;
        for (let i = 0; i < 5; i++) {
          const res =
            i % 2 === 0
              ? await who.client.rpc('inventory_transfer', {
                  item_id: item.id,
                  from_location_id: warehouse.id,
                  to_location_id: villaLoc.id,
                  quantity: 3,
                })
              : await who.client.rpc('inventory_consume', {
                  item_id: item.id,
                  location_id: villaLoc.id,
                  quantity: 1,
                });
          expect(res.error).toBeNull();
        }
      }),
    );
    // 10 writers x 3 transfers of 3 out; x 2 consumes of 1 at the villa.
    expect(await onHand(item.id, warehouse.id)).toBe(500 - 90);
    expect(await onHand(item.id, villaLoc.id)).toBe(90 - 20);
    await expectLedgerBalanced(item.id);
    const moves = await movementsOf(item.id);
    const pairs = new Map<string, string[]>();
    for (const m of moves)
      if (m.transfer_id) pairs.set(m.transfer_id, [...(pairs.get(m.transfer_id) ?? []), m.kind]);
    expect(pairs.size).toBe(30);
    for (const kinds of pairs.values())
      expect(kinds.sort()).toEqual(['transfer_in', 'transfer_out']);
  });

  it('a movement replayed 5 times (at once) is applied once and answers as the first time', async () => {
    const item = await makeItem();
    await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 20,
    });
    const mid = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        users.housekeeper.client
          .rpc('inventory_consume', { item_id: item.id, location_id: warehouse.id, quantity: 4 })
          .setHeader('X-Mutation-Id', mid),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    const answers = results.map(
      (r) => r.data as { replayed: boolean; movements: { id: string }[] },
    );
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.movements[0]!.id));
    expect(ids.size).toBe(1);
    expect(await onHand(item.id, warehouse.id)).toBe(16);
    expect((await movementsOf(item.id)).filter((m) => m.kind === 'consume')).toHaveLength(1);
    // Later, once more (the phone came back online a day later): still once.
    const again = await users.housekeeper.client
      .rpc('inventory_consume', { item_id: item.id, location_id: warehouse.id, quantity: 4 })
      .setHeader('X-Mutation-Id', mid);
    expect(again.error).toBeNull();
    expect(await onHand(item.id, warehouse.id)).toBe(16);
    // Another user's write that reuses the id is their own.
    const other = await users.technician.client
      .rpc('inventory_consume', { item_id: item.id, location_id: warehouse.id, quantity: 1 })
      .setHeader('X-Mutation-Id', mid);
    expect(other.error).toBeNull();
    expect(await onHand(item.id, warehouse.id)).toBe(15);
    await expectLedgerBalanced(item.id);
  });

  it('negative stock: refused while the setting is off, recorded and flagged when on', async () => {
    const item = await makeItem();
    await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 2,
    });
    const refused = await users.technician.client.rpc('inventory_consume', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 3,
    });
    expect(refused.error).toMatchObject({ code: '23514' });
    expect(refused.error?.message).toMatch(/Not enough stock: 2(\.000)? on hand, 3(\.000)? asked/);
    expect(await onHand(item.id, warehouse.id)).toBe(2);
    await setAllowNegative(true);
    try {
      const flagged = await users.technician.client.rpc('inventory_consume', {
        item_id: item.id,
        location_id: warehouse.id,
        quantity: 3,
      });
      expect(flagged.error).toBeNull();
    } finally {
      await setAllowNegative(false);
    }
    expect(await onHand(item.id, warehouse.id)).toBe(-1);
    const { data: stock } = await serviceClient()
      .from('inventory_stock')
      .select('negative')
      .eq('item_id', item.id)
      .eq('location_id', warehouse.id)
      .single();
    expect(stock?.negative).toBe(true);
    const consumed = (await movementsOf(item.id)).filter((m) => m.kind === 'consume');
    expect(consumed.map((m) => m.negative)).toEqual([true]);
    await expectLedgerBalanced(item.id);
  });

  it('a count is the truth as of when it was counted, with a movement landing after it', async () => {
    const item = await makeItem();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await users.manager.client.rpc('inventory_transfer', {
      item_id: item.id,
      from_location_id: warehouse.id,
      to_location_id: villaLoc.id,
      quantity: 1,
    }); // refused: nothing in the warehouse yet
    await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 10,
      occurred_at: at(120),
    });
    // 60 minutes ago a housekeeper counted 8 offline; 30 minutes ago (online) 3 were used; the
    // count lands now.
    const used = await users.technician.client.rpc('inventory_consume', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 3,
      occurred_at: at(30),
    });
    expect(used.error).toBeNull();
    expect(await onHand(item.id, warehouse.id)).toBe(7);
    const counted = await users.housekeeper.client.rpc('inventory_count', {
      item_id: item.id,
      location_id: warehouse.id,
      counted_quantity: 8,
      occurred_at: at(60),
    });
    expect(counted.error).toBeNull();
    // As of the count there were 10 (7 now, 3 used since): the count says 8, so -2; the 3 used
    // after it still count: 5.
    const count = (await movementsOf(item.id)).find((m) => m.kind === 'count');
    expect(count).toMatchObject({ counted_quantity: 8 });
    expect(Number(count?.quantity)).toBe(-2);
    expect(await onHand(item.id, warehouse.id)).toBe(5);
    // A device clock ahead of the server: occurred_at is never after the moment recorded.
    const future = await users.housekeeper.client.rpc('inventory_count', {
      item_id: item.id,
      location_id: warehouse.id,
      counted_quantity: 5,
      occurred_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.error).toBeNull();
    const last = (await movementsOf(item.id)).filter((m) => m.kind === 'count').at(-1)!;
    expect(new Date(last.occurred_at).getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(Number(last.quantity)).toBe(0);
    await expectLedgerBalanced(item.id);
  });

  it('parts consumed on a work order add quantity x unit cost to its parts cost', async () => {
    const item = await makeItem({ category: 'spare_parts', unit_cost: 12.5, name: 'Tap washer' });
    const { data: wo, error } = await serviceClient()
      .from('work_orders')
      .insert({
        property_id: villa.id,
        title: 'Dripping tap',
        status: 'in_progress',
        assignee_id: users.technician.id,
        parts_cost: 10,
      })
      .select()
      .single();
    expect(error).toBeNull();
    await users.manager.client.rpc('inventory_transfer', {
      item_id: item.id,
      from_location_id: warehouse.id,
      to_location_id: van.id,
      quantity: 1,
    });
    await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 5,
    });
    expect(
      (
        await users.technician.client.rpc('inventory_transfer', {
          item_id: item.id,
          from_location_id: warehouse.id,
          to_location_id: van.id,
          quantity: 5,
        })
      ).error,
    ).toBeNull();
    const used = await users.technician.client.rpc('inventory_consume', {
      item_id: item.id,
      location_id: van.id,
      quantity: 2,
      work_order_id: wo!.id,
      reason: 'Kitchen tap',
    });
    expect(used.error).toBeNull();
    const { data: after } = await serviceClient()
      .from('work_orders')
      .select('parts_cost')
      .eq('id', wo!.id)
      .single();
    expect(Number(after?.parts_cost)).toBe(35);
    // A housekeeper (not the assignee) cannot put parts on it.
    const hk = await users.housekeeper.client.rpc('inventory_consume', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 1,
      work_order_id: wo!.id,
    });
    expect(hk.error?.code).toBe('42501');
    await serviceClient().from('work_orders').delete().eq('id', wo!.id);
  });

  it('movements cannot be updated or deleted, by anyone, the service role included', async () => {
    const item = await makeItem();
    await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 3,
    });
    const [m] = await movementsOf(item.id);
    for (const who of [users.admin, users.manager, users.technician]) {
      const u = await who.client
        .from('inventory_movements')
        .update({ quantity: 100 })
        .eq('id', m!.id)
        .select();
      expect(u.error?.code).toBe('42501');
      const d = await who.client.from('inventory_movements').delete().eq('id', m!.id).select();
      expect(d.error?.code).toBe('42501');
      const i = await who.client
        .from('inventory_movements')
        .insert({
          item_id: item.id,
          location_id: warehouse.id,
          kind: 'receive',
          quantity: 5,
          mutation_id: randomUUID(),
        })
        .select();
      expect(i.error?.code).toBe('42501');
    }
    const su = await serviceClient()
      .from('inventory_movements')
      .update({ quantity: 100 })
      .eq('id', m!.id);
    expect(su.error?.code).toBe('42501');
    const sd = await serviceClient().from('inventory_movements').delete().eq('id', m!.id);
    expect(sd.error?.code).toBe('42501');
    const ss = await serviceClient()
      .from('inventory_stock')
      .update({ on_hand: 99 })
      .eq('item_id', item.id)
      .eq('location_id', warehouse.id);
    expect(ss.error?.code).toBe('42501');
    expect(await onHand(item.id, warehouse.id)).toBe(3);
    expect(await movementsOf(item.id)).toHaveLength(1);
  });
});
