// The pick list (docs/inventory.md "Pick list"): for a fixed set of stays, what the cleans after
// them consume per villa and item, minus stock above par (plus what a villa below par lacks to it),
// equals the list worked out by hand; once its transfers land, every line is covered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, unique, type TestUser } from './support.ts';
import { createUser } from './support.ts';
import { daysFromNow, Fixtures, type Property } from './properties-fixtures.ts';
import { makeItem, makeLocation, villaLocation, type Item } from './inventory-fixtures.ts';

const fx = new Fixtures();
let manager: TestUser;
let villaA: Property; // 2 bedrooms
let villaB: Property; // a studio (0 bedrooms), max 2 guests
let X: Item; // per guest 1
let Y: Item; // per bedroom 2
let Z: Item; // per stay 1
let W: Item; // per guest 0.5
let fromDay: string;
let toDay: string;
let wh: { id: string };
let locA: { id: string };

/** The turnover the stay made, moved to the suite's own cleaning type. */
async function turnoverOf(reservationId: string, typeId: string): Promise<string> {
  const s = serviceClient();
  const { data, error } = await s
    .from('cleaning_tasks')
    .update({ cleaning_type_id: typeId })
    .eq('turnover_for', reservationId)
    .select('day')
    .single();
  if (error) throw new Error(`turnover of ${reservationId}: ${error.message}`);
  return data.day;
}

beforeAll(async () => {
  const s = serviceClient();
  manager = await createUser('pick-manager', ['manager']);
  fx.trackUsers(manager);
  villaA = await fx.property({ name: 'Pick Villa A', bedrooms: 2, max_guests: 6 });
  villaB = await fx.property({ name: 'Pick Studio B', bedrooms: 0, max_guests: 2 });
  const { data: type, error } = await s
    .from('cleaning_types')
    .insert({ name: unique('Pick type').slice(0, 60) })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  [X, Y, Z, W] = await Promise.all([
    makeItem({ name: unique('Guest towel') }),
    makeItem({ name: unique('Pillowcase') }),
    makeItem({ name: unique('Welcome pack') }),
    makeItem({ name: unique('Soap') }),
  ]);
  const rules = [
    { item_id: X.id, basis: 'per_guest', quantity: 1 },
    { item_id: Y.id, basis: 'per_bedroom', quantity: 2 },
    { item_id: Z.id, basis: 'per_stay', quantity: 1 },
    { item_id: W.id, basis: 'per_guest', quantity: 0.5 },
  ] as const;
  const r = await s
    .from('inventory_consumption')
    .insert(rules.map((x) => ({ ...x, cleaning_type_id: type.id })));
  expect(r.error).toBeNull();

  // Villa A: a stay of 3 guests, then one of 5; studio B: one stay, guests not given.
  const a1 = await fx.reservation(villaA.id, daysFromNow(300, 15), daysFromNow(303, 10), {
    guests: 3,
  });
  const a2 = await fx.reservation(villaA.id, daysFromNow(303, 15), daysFromNow(305, 10), {
    guests: 5,
  });
  const b1 = await fx.reservation(villaB.id, daysFromNow(301, 15), daysFromNow(304, 10));
  const days = [
    await turnoverOf(a1.id, type.id),
    await turnoverOf(a2.id, type.id),
    await turnoverOf(b1.id, type.id),
  ].sort();
  fromDay = days[0]!;
  toDay = days[2]!;

  // Stock at villa A: X 10 (par 6: 4 above), Y 3 (par 5: 2 below, above_par -2), Z 2 (par 2: at
  // par), W 9 (par 2: 7 above). Studio B holds nothing and has no par levels (at par, 0).
  wh = await makeLocation('warehouse');
  locA = await villaLocation(villaA.id);
  for (const [item, qty, par] of [
    [X, 10, 6],
    [Y, 3, 5],
    [Z, 2, 2],
    [W, 9, 2],
  ] as const) {
    expect(
      (await s.rpc('inventory_receive', { item_id: item.id, location_id: wh.id, quantity: qty }))
        .error,
    ).toBeNull();
    expect(
      (
        await s.rpc('inventory_transfer', {
          item_id: item.id,
          from_location_id: wh.id,
          to_location_id: locA.id,
          quantity: qty,
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await s.rpc('inventory_set_par', {
          item_id: item.id,
          location_id: locA.id,
          par_level: par,
          reorder_threshold: 1,
        })
      ).error,
    ).toBeNull();
  }
});

afterAll(async () => {
  for (const v of [villaA, villaB])
    if (v) await serviceClient().from('properties').update({ archived: true }).eq('id', v.id);
  await fx.cleanup().catch(() => undefined);
});

describe('inventory pick list', () => {
  it('equals the hand-worked list, per villa and in total', async () => {
    const { data, error } = await manager.client.rpc('inventory_pick_list', {
      from_day: fromDay,
      to_day: toDay,
    });
    expect(error).toBeNull();
    const mine = new Set([X.id, Y.id, Z.id, W.id]);
    const name = new Map([
      [X.id, 'X'],
      [Y.id, 'Y'],
      [Z.id, 'Z'],
      [W.id, 'W'],
    ]);
    const villaName = new Map<string | null, string>([
      [villaA.id, 'A'],
      [villaB.id, 'B'],
      [null, 'total'],
    ]);
    const got = (data ?? [])
      .filter((r) => mine.has(r.item_id))
      .map((r) => ({
        villa: villaName.get(r.property_id) ?? r.property_id,
        item: name.get(r.item_id),
        cleans: r.cleans,
        needed: Number(r.needed),
        above_par: Number(r.above_par),
        quantity: Number(r.quantity),
      }))
      .sort((a, b) => `${a.villa}${a.item}`.localeCompare(`${b.villa}${b.item}`));
    // A: cleans after stays of 3 and 5 guests, 2 bedrooms. X 1/guest = 8, minus 4 above par = 4;
    // Y 2/bedroom x 2 cleans = 8, plus the 2 it lacks to par (above_par -2) = 10; Z 1/stay = 2, at
    // par = 2; W 0.5/guest = 4, 7 above par = 0. B: guests not given, so the studio's 2; a studio
    // counts one bedroom; nothing held, no par: above_par 0. Totals sum the villas' rows.
    expect(got).toEqual([
      { villa: 'A', item: 'W', cleans: 2, needed: 4, above_par: 7, quantity: 0 },
      { villa: 'A', item: 'X', cleans: 2, needed: 8, above_par: 4, quantity: 4 },
      { villa: 'A', item: 'Y', cleans: 2, needed: 8, above_par: -2, quantity: 10 },
      { villa: 'A', item: 'Z', cleans: 2, needed: 2, above_par: 0, quantity: 2 },
      { villa: 'B', item: 'W', cleans: 1, needed: 1, above_par: 0, quantity: 1 },
      { villa: 'B', item: 'X', cleans: 1, needed: 2, above_par: 0, quantity: 2 },
      { villa: 'B', item: 'Y', cleans: 1, needed: 2, above_par: 0, quantity: 2 },
      { villa: 'B', item: 'Z', cleans: 1, needed: 1, above_par: 0, quantity: 1 },
      { villa: 'total', item: 'W', cleans: 3, needed: 5, above_par: 7, quantity: 1 },
      { villa: 'total', item: 'X', cleans: 3, needed: 10, above_par: 4, quantity: 6 },
      { villa: 'total', item: 'Y', cleans: 3, needed: 10, above_par: -2, quantity: 12 },
      { villa: 'total', item: 'Z', cleans: 3, needed: 3, above_par: 0, quantity: 3 },
    ]);
  });

  it('one villa only: its rows and totals of its own', async () => {
    const { data, error } = await manager.client.rpc('inventory_pick_list', {
      from_day: fromDay,
      to_day: toDay,
      villa_id: villaB.id,
    });
    expect(error).toBeNull();
    const rows = (data ?? []).filter((r) => r.item_id === X.id);
    expect(rows.map((r) => [r.property_id, Number(r.quantity)])).toEqual([
      [villaB.id, 2],
      [null, 2],
    ]);
  });

  it("villa A's lines are covered once their transfers land (a second batch sends nothing)", async () => {
    const s = serviceClient();
    const listA = async () => {
      const { data, error } = await manager.client.rpc('inventory_pick_list', {
        from_day: fromDay,
        to_day: toDay,
        villa_id: villaA.id,
      });
      expect(error).toBeNull();
      return (data ?? []).filter((r) => r.property_id === villaA.id);
    };
    const toBring = (await listA()).filter((r) => Number(r.quantity) > 0);
    expect(toBring.map((r) => Number(r.quantity)).sort((a, b) => a - b)).toEqual([2, 4, 10]);
    for (const r of toBring)
      expect(
        (
          await s.rpc('inventory_receive', {
            item_id: r.item_id,
            location_id: wh.id,
            quantity: Number(r.quantity),
          })
        ).error,
      ).toBeNull();
    const batch = await manager.client.rpc('inventory_transfer_batch', {
      transfers: toBring.map((r) => ({
        item_id: r.item_id,
        from_location_id: wh.id,
        to_location_id: locA.id,
        quantity: Number(r.quantity),
      })),
    });
    expect(batch.error).toBeNull();
    // X 14 (par 6: 8 above, needs 8), Y 13 (par 5: 8 above, needs 8), Z 4 (par 2: 2, needs 2).
    const after = await listA();
    expect(after.map((r) => Number(r.quantity))).toEqual(after.map(() => 0));
    expect(
      Object.fromEntries(
        after.map((r) => [
          r.item_id === X.id ? 'X' : r.item_id === Y.id ? 'Y' : r.item_id === Z.id ? 'Z' : 'W',
          Number(r.above_par),
        ]),
      ),
    ).toEqual({ X: 8, Y: 8, Z: 2, W: 7 });
  });
});
