// Inventory through supabase-js, per role (docs/inventory.md): who reads, inserts, updates and
// deletes each table; field staff consume, count and transfer but cannot edit items or receive;
// managers and admins do all; a user with no role and anon nothing, also through embedding; each
// function's refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  anonClient,
  createUser,
  outcome,
  refused,
  serviceClient,
  unique,
  type Client,
  type Outcome,
  type TestUser,
} from './support.ts';
import {
  ACTORS,
  createActors,
  Fixtures,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';
import {
  makeItem,
  makeLocation,
  villaLocation,
  type Item,
  type Location,
} from './inventory-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let noView: TestUser;
let villa: Property;
let villaLoc: Location;
let warehouse: Location;
let techVan: Location;
let item: Item;
let cleaningTypeId: string;
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

/** anon refused; the rest as given (no role: nothing to read). */
const staffAndManagers = (
  staff: Outcome,
  manager: Outcome,
  norole: Outcome = 'none',
): Record<Actor, Outcome> => ({
  anon: 'denied',
  norole,
  housekeeper: staff,
  technician: staff,
  manager,
  admin: manager,
});

beforeAll(async () => {
  users = await createActors();
  noView = await createUser('inventory-noview', ['housekeeper']);
  fx.trackUsers(noView);
  const { error } = await serviceClient()
    .from('custom_permissions')
    .insert({ user_id: noView.id, permission_key: 'inventory.view', granted: false });
  expect(error).toBeNull();
  villa = await fx.property({ name: 'RLS Stock Villa' });
  villaLoc = await villaLocation(villa.id);
  warehouse = await makeLocation('warehouse');
  techVan = await makeLocation('van', { holder_id: users.technician.id });
  item = await makeItem({ name: 'Shampoo 30 ml' });
  const { data: type } = await serviceClient()
    .from('cleaning_types')
    .select('id')
    .limit(1)
    .single();
  cleaningTypeId = type!.id;
  const r = await serviceClient().rpc('inventory_receive', {
    item_id: item.id,
    location_id: warehouse.id,
    quantity: 100,
  });
  expect(r.error).toBeNull();
  const t = await serviceClient().rpc('inventory_transfer', {
    item_id: item.id,
    from_location_id: warehouse.id,
    to_location_id: villaLoc.id,
    quantity: 10,
  });
  expect(t.error).toBeNull();
  const p = await serviceClient().rpc('inventory_set_par', {
    item_id: item.id,
    location_id: villaLoc.id,
    par_level: 20,
    reorder_threshold: 12,
  });
  expect(p.error).toBeNull();
});

afterAll(async () => {
  await serviceClient().from('properties').update({ archived: true }).eq('id', villa.id);
  await fx.cleanup().catch(() => undefined);
});

describe('inventory: what each role reads', () => {
  const tables = [
    'inventory_items',
    'inventory_locations',
    'inventory_stock',
    'inventory_movements',
    'inventory_consumption',
    'inventory_low_stock',
  ] as const;

  it('the default matrix: managers and admins hold all three keys, field staff view + adjust', async () => {
    const expected: Record<SignedIn, string[]> = {
      norole: [],
      housekeeper: ['inventory.adjust', 'inventory.view'],
      technician: ['inventory.adjust', 'inventory.view'],
      manager: ['inventory.adjust', 'inventory.manage', 'inventory.view'],
      admin: ['inventory.adjust', 'inventory.manage', 'inventory.view'],
    };
    for (const who of Object.keys(expected) as SignedIn[]) {
      const { data } = await users[who].client.rpc('my_permissions');
      expect({ who, keys: (data ?? []).filter((k) => k.startsWith('inventory.')).sort() }).toEqual({
        who,
        keys: expected[who],
      });
    }
  });

  it('a consumption rule exists to read', async () => {
    const { error } = await serviceClient().from('inventory_consumption').insert({
      cleaning_type_id: cleaningTypeId,
      item_id: item.id,
      basis: 'per_guest',
      quantity: 1,
    });
    expect(error).toBeNull();
  });

  // The view and the tables are typed apart (supabase-js has an overload for each).
  const read = (c: Client, t: (typeof tables)[number]) =>
    t === 'inventory_low_stock' ? c.from(t).select('*').limit(5) : c.from(t).select('*').limit(5);

  for (const table of tables) {
    it(`select ${table}`, async () => {
      const expected = staffAndManagers('ok', 'ok');
      for (const actor of ACTORS) {
        const res = await read(clientOf(actor), table);
        expect({ actor, o: outcome(res) }).toEqual({ actor, o: expected[actor] });
      }
      // inventory.view taken from a housekeeper: nothing.
      expect(outcome(await read(noView.client, table))).toBe('none');
    });
  }

  it('embedding: no stock reaches a caller without inventory.view through a villa', async () => {
    const sel = 'id, inventory_locations(id, inventory_stock(on_hand))';
    const anon = await anonClient().from('properties').select(sel).eq('id', villa.id);
    expect(anon.error?.code).toBe('42501');
    const norole = await users.norole.client.from('properties').select(sel).eq('id', villa.id);
    expect(norole.data).toEqual([]);
    const hidden = await noView.client.from('properties').select(sel).eq('id', villa.id);
    expect(hidden.error).toBeNull();
    // One location per villa: PostgREST embeds it as one object, null when RLS hides it.
    expect(hidden.data).toEqual([{ id: villa.id, inventory_locations: null }]);
    const seen = await users.housekeeper.client.from('properties').select(sel).eq('id', villa.id);
    expect(seen.data?.[0]?.inventory_locations?.inventory_stock).toEqual([{ on_hand: 10 }]);
    const movements = await users.norole.client
      .from('inventory_items')
      .select('id, inventory_movements(id)')
      .eq('id', item.id);
    expect(movements.data).toEqual([]);
  });

  it('low stock: the villa at 10 under a threshold of 12 orders up to par 20', async () => {
    const { data } = await users.manager.client
      .from('inventory_low_stock')
      .select('*')
      .eq('item_id', item.id)
      .eq('location_id', villaLoc.id)
      .single();
    expect(data).toMatchObject({ suggested_order: 10, property_id: villa.id });
  });
});

describe('inventory: what each role writes', () => {
  it('items: managers and admins add and edit; nobody deletes', async () => {
    const insert = staffAndManagers('denied', 'ok', 'denied');
    for (const actor of ACTORS) {
      const res = await clientOf(actor)
        .from('inventory_items')
        .insert({ id: randomUUID(), name: unique('Towel'), category: 'linen' })
        .select();
      expect({ actor, o: outcome(res) }).toEqual({ actor, o: insert[actor] });
      const upd = await clientOf(actor)
        .from('inventory_items')
        .update({ unit_cost: 2 })
        .eq('id', item.id)
        .select();
      expect({ actor, refused: refused(outcome(upd)) }).toEqual({
        actor,
        refused: actor !== 'manager' && actor !== 'admin',
      });
      const del = await clientOf(actor).from('inventory_items').delete().eq('id', item.id).select();
      expect({ actor, o: outcome(del) }).toEqual({ actor, o: 'denied' });
    }
  });

  it('locations: managers add warehouses and vans, never a villa location; nobody deletes', async () => {
    const insert = staffAndManagers('denied', 'ok', 'denied');
    for (const actor of ACTORS) {
      const res = await clientOf(actor)
        .from('inventory_locations')
        .insert({ kind: 'warehouse', name: unique('Store') })
        .select();
      expect({ actor, o: outcome(res) }).toEqual({ actor, o: insert[actor] });
      const del = await clientOf(actor)
        .from('inventory_locations')
        .delete()
        .eq('id', warehouse.id)
        .select();
      expect({ actor, o: outcome(del) }).toEqual({ actor, o: 'denied' });
    }
    const villaKind = await users.manager.client
      .from('inventory_locations')
      .insert({ kind: 'property', name: 'Sneaky' })
      .select();
    expect(villaKind.error).not.toBeNull();
  });

  it('stock and movements: nobody writes them through the tables', async () => {
    for (const actor of ACTORS) {
      const c = clientOf(actor);
      const s1 = await c
        .from('inventory_stock')
        .insert({ item_id: item.id, location_id: techVan.id, on_hand: 5 })
        .select();
      const s2 = await c
        .from('inventory_stock')
        .update({ par_level: 1 })
        .eq('item_id', item.id)
        .select();
      const s3 = await c.from('inventory_stock').delete().eq('item_id', item.id).select();
      const m1 = await c
        .from('inventory_movements')
        .insert({
          item_id: item.id,
          location_id: warehouse.id,
          kind: 'receive',
          quantity: 1,
          mutation_id: randomUUID(),
        })
        .select();
      const m2 = await c
        .from('inventory_movements')
        .update({ reason: 'x' })
        .eq('item_id', item.id)
        .select();
      const m3 = await c.from('inventory_movements').delete().eq('item_id', item.id).select();
      expect({ actor, o: [s1, s2, s3, m1, m2, m3].map((r) => outcome(r)) }).toEqual({
        actor,
        o: Array(6).fill('denied'),
      });
    }
  });

  it('consumption per cleaning type: managers write it', async () => {
    const other = await makeItem({ name: unique('Bath towel'), category: 'linen' });
    const insert = staffAndManagers('denied', 'ok', 'denied');
    for (const actor of ACTORS) {
      const mine = actor === 'admin' ? await makeItem({ category: 'linen' }) : other;
      const res = await clientOf(actor)
        .from('inventory_consumption')
        .insert({
          cleaning_type_id: cleaningTypeId,
          item_id: mine.id,
          basis: 'per_bedroom',
          quantity: 2,
        })
        .select();
      expect({ actor, o: outcome(res) }).toEqual({ actor, o: insert[actor] });
    }
    const upd = staffAndManagers('none', 'ok', 'none');
    for (const actor of ACTORS) {
      const res = await clientOf(actor)
        .from('inventory_consumption')
        .update({ quantity: 3 })
        .eq('item_id', other.id)
        .select();
      expect({ actor, o: outcome(res) }).toEqual({
        actor,
        o: actor === 'anon' ? 'denied' : upd[actor],
      });
    }
    const del = await users.housekeeper.client
      .from('inventory_consumption')
      .delete()
      .eq('item_id', other.id)
      .select();
    expect(refused(outcome(del))).toBe(true);
    const mdel = await users.manager.client
      .from('inventory_consumption')
      .delete()
      .eq('item_id', other.id)
      .select();
    expect(outcome(mdel)).toBe('ok');
  });
});

describe('inventory: the functions, per role', () => {
  const code = (r: { error: { code: string } | null }) => r.error?.code ?? 'ok';

  it('receive: managers and admins, into a warehouse only', async () => {
    const args = { item_id: item.id, location_id: warehouse.id, quantity: 1 };
    const expected: Record<Actor, string> = {
      anon: '42501',
      norole: '42501',
      housekeeper: '42501',
      technician: '42501',
      manager: 'ok',
      admin: 'ok',
    };
    for (const actor of ACTORS)
      expect({ actor, c: code(await clientOf(actor).rpc('inventory_receive', args)) }).toEqual({
        actor,
        c: expected[actor],
      });
    const intoVilla = await users.manager.client.rpc('inventory_receive', {
      ...args,
      location_id: villaLoc.id,
    });
    expect(code(intoVilla)).toBe('22023');
  });

  it('adjust and set par: managers and admins only', async () => {
    for (const actor of ACTORS) {
      const a = await clientOf(actor).rpc('inventory_adjust', {
        item_id: item.id,
        location_id: warehouse.id,
        quantity: 1,
        reason: 'Found a box',
      });
      const p = await clientOf(actor).rpc('inventory_set_par', {
        item_id: item.id,
        location_id: warehouse.id,
        par_level: 50,
        reorder_threshold: 10,
      });
      const ok = actor === 'manager' || actor === 'admin';
      expect({ actor, a: code(a), p: code(p) }).toEqual({
        actor,
        a: ok ? 'ok' : '42501',
        p: ok ? 'ok' : '42501',
      });
    }
    const noReason = await users.manager.client.rpc('inventory_adjust', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 1,
      reason: ' ',
    });
    expect(code(noReason)).toBe('22023');
  });

  it('transfer, consume, count: field staff and managers; anon and no role refused', async () => {
    for (const actor of ACTORS) {
      const c = clientOf(actor);
      const t = await c.rpc('inventory_transfer', {
        item_id: item.id,
        from_location_id: warehouse.id,
        to_location_id: villaLoc.id,
        quantity: 1,
      });
      const u = await c.rpc('inventory_consume', {
        item_id: item.id,
        location_id: villaLoc.id,
        quantity: 1,
      });
      const n = await c.rpc('inventory_count', {
        item_id: item.id,
        location_id: villaLoc.id,
        counted_quantity: 10,
      });
      const b = await c.rpc('inventory_transfer_batch', {
        transfers: [
          {
            item_id: item.id,
            from_location_id: warehouse.id,
            to_location_id: villaLoc.id,
            quantity: 1,
          },
        ],
      });
      const ok = actor !== 'anon' && actor !== 'norole';
      const want = ok ? 'ok' : '42501';
      expect({ actor, c: [t, u, n, b].map(code) }).toEqual({ actor, c: [want, want, want, want] });
    }
  });

  it('field staff move stock only in their own van; managers in any', async () => {
    const toVan = (c: Client) =>
      c.rpc('inventory_transfer', {
        item_id: item.id,
        from_location_id: warehouse.id,
        to_location_id: techVan.id,
        quantity: 1,
      });
    expect(code(await toVan(users.technician.client))).toBe('ok');
    expect(code(await toVan(users.housekeeper.client))).toBe('42501');
    expect(code(await toVan(users.manager.client))).toBe('ok');
    const fromVan = await users.housekeeper.client.rpc('inventory_consume', {
      item_id: item.id,
      location_id: techVan.id,
      quantity: 1,
    });
    expect(code(fromVan)).toBe('42501');
  });

  it('bad input: unknown item or location 404, zero quantity and same-place transfers 22023', async () => {
    const c = users.manager.client;
    expect(
      code(
        await c.rpc('inventory_consume', {
          item_id: randomUUID(),
          location_id: warehouse.id,
          quantity: 1,
        }),
      ),
    ).toBe('PT404');
    expect(
      code(
        await c.rpc('inventory_consume', {
          item_id: item.id,
          location_id: randomUUID(),
          quantity: 1,
        }),
      ),
    ).toBe('PT404');
    expect(
      code(
        await c.rpc('inventory_consume', {
          item_id: item.id,
          location_id: warehouse.id,
          quantity: 0,
        }),
      ),
    ).toBe('22023');
    expect(
      code(
        await c.rpc('inventory_transfer', {
          item_id: item.id,
          from_location_id: warehouse.id,
          to_location_id: warehouse.id,
          quantity: 1,
        }),
      ),
    ).toBe('22023');
  });

  it('pick list: staff with inventory.view and housekeeping.view; anon and no role refused', async () => {
    const args = { from_day: '2026-12-01', to_day: '2026-12-02' };
    for (const actor of ACTORS) {
      const r = await clientOf(actor).rpc('inventory_pick_list', args);
      const ok = actor !== 'anon' && actor !== 'norole';
      expect({ actor, c: code(r) }).toEqual({ actor, c: ok ? 'ok' : '42501' });
    }
    const long = await users.manager.client.rpc('inventory_pick_list', {
      from_day: '2026-01-01',
      to_day: '2026-12-31',
    });
    expect(code(long)).toBe('22023');
  });
});

describe('inventory: realtime', () => {
  /** Rows of `table` this client hears inserted. */
  async function listen(c: Client, table: 'inventory_movements' | 'profiles', seen: string[]) {
    const { data } = await c.auth.getSession();
    c.realtime.setAuth(data.session!.access_token);
    await new Promise<void>((resolve, reject) => {
      c.channel(`inv-${table}-${randomUUID()}`)
        .on(
          'postgres_changes',
          { event: table === 'profiles' ? 'UPDATE' : 'INSERT', schema: 'public', table },
          (p) => {
            seen.push(String((p.new as { id: string }).id));
          },
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
        });
    });
  }

  afterAll(async () => {
    for (const u of [users.manager, users.norole, noView]) await u.client.removeAllChannels();
  });

  it('movements reach those with inventory.view, not a user with no role or without the key', async () => {
    const managerSeen: string[] = [];
    const noroleSeen: string[] = [];
    const noViewSeen: string[] = [];
    const noroleMarks: string[] = [];
    const noViewMarks: string[] = [];
    await listen(users.manager.client, 'inventory_movements', managerSeen);
    await listen(users.norole.client, 'inventory_movements', noroleSeen);
    await listen(noView.client, 'inventory_movements', noViewSeen);
    await listen(users.norole.client, 'profiles', noroleMarks);
    await listen(noView.client, 'profiles', noViewMarks);

    const r = await users.manager.client.rpc('inventory_receive', {
      item_id: item.id,
      location_id: warehouse.id,
      quantity: 2,
    });
    expect(r.error).toBeNull();
    const id = (r.data as { movements: { id: string }[] }).movements[0]!.id;
    await expect.poll(() => managerSeen, { timeout: 10_000 }).toContain(id);
    // A barrier instead of a pause: a later change each may see (their own profile), on the same
    // socket; changes are judged in commit order, so the movement was judged for them before it.
    for (const [u, marks] of [
      [users.norole, noroleMarks],
      [noView, noViewMarks],
    ] as const) {
      const { error } = await u.client
        .from('profiles')
        .update({ phone: '+30 690 000 0002' })
        .eq('id', u.id);
      expect(error).toBeNull();
      await expect.poll(() => marks, { timeout: 10_000 }).toContain(u.id);
    }
    expect(noroleSeen).toEqual([]);
    expect(noViewSeen).toEqual([]);
  });
});
