// "Mine" worked out on the server (docs/maintenance.md "How the screen reads", migration
// 20261129100000_work_order_pages.sql), through supabase-js as the app asks: my_work_order_areas()
// gives the areas (trimmed, once each) of every work order the caller has had, in any status;
// my_work_orders() the caller's open ones and, when include_unassigned, the open unassigned ones
// of those areas (all of them while the caller has none), never someone else's; PostgREST pages,
// orders and counts it as the app's range + count=exact asks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { createUser, serviceClient, type TestUser } from './support.ts';
import { Fixtures, type Property } from './properties-fixtures.ts';

type WorkOrderInsert = Database['public']['Tables']['work_orders']['Insert'];

const fx = new Fixtures();
let me: TestUser;
let colleague: TestUser;
let home: Property;
let neighbour: Property;
let elsewhere: Property;
const area = `Mine Bay ${Date.now().toString(36)}, Milos`;

async function workOrder(villa: Property, extra: Partial<WorkOrderInsert> = {}): Promise<string> {
  const { data, error } = await serviceClient()
    .from('work_orders')
    .insert({ property_id: villa.id, title: 'Sticky lock', ...extra })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

const mine = async (who: TestUser, include: boolean) => {
  const { data, error } = await who.client.rpc('my_work_orders', { include_unassigned: include });
  if (error) throw new Error(error.message);
  return data.map((w) => w.id);
};

beforeAll(async () => {
  [me, colleague] = await Promise.all([
    createUser('mine-tech', ['technician']),
    createUser('mine-colleague', ['technician']),
  ]);
  fx.trackUsers(me, colleague);
  // The villa page writes the area as typed: the spaces around it are not part of it.
  home = await fx.property({ name: 'Mine Home Villa', area: `  ${area} ` });
  neighbour = await fx.property({ name: 'Mine Neighbour Villa', area });
  elsewhere = await fx.property({ name: 'Mine Far Villa', area: `Far ${area}` });
});

afterAll(async () => {
  await fx.cleanup();
});

it('a technician with no work orders yet has no areas and sees every unassigned one', async () => {
  const anywhere = await workOrder(elsewhere);
  const { data, error } = await me.client.rpc('my_work_order_areas');
  expect(error).toBeNull();
  expect(data).toEqual([]);
  expect(await mine(me, true)).toContain(anywhere);
  expect(await mine(me, false)).toEqual([]);
});

it("Mine: my open ones, and with the switch the open unassigned ones of my areas, never a colleague's", async () => {
  const closed = await workOrder(home, { status: 'closed', assignee_id: me.id });
  const working = await workOrder(home, { status: 'in_progress', assignee_id: me.id });
  const resolved = await workOrder(home, { status: 'resolved', assignee_id: me.id });
  const nextDoor = await workOrder(neighbour);
  const far = await workOrder(elsewhere);
  const theirs = await workOrder(neighbour, { status: 'assigned', assignee_id: colleague.id });

  const { data: areas } = await me.client.rpc('my_work_order_areas');
  expect(areas).toEqual([area]);

  const withAreas = await mine(me, true);
  expect(withAreas).toEqual(expect.arrayContaining([working, nextDoor]));
  for (const id of [closed, resolved, far, theirs]) expect(withAreas).not.toContain(id);
  expect(await mine(me, false)).toEqual([working]);
});

it('is paged, ordered and counted by PostgREST as the app asks', async () => {
  for (const priority of ['low', 'urgent', 'medium'] as const)
    await workOrder(home, { priority, status: 'assigned', assignee_id: me.id });
  const all = await mine(me, true);
  const { data, count, error } = await me.client
    .rpc('my_work_orders', { include_unassigned: true }, { count: 'exact' })
    .select('id,priority,property:properties(area)')
    .order('priority', { ascending: false })
    .order('due_at', { ascending: true, nullsFirst: false })
    .order('created_at')
    .order('id')
    .range(0, 1);
  expect(error).toBeNull();
  expect(count).toBe(all.length);
  expect(data).toHaveLength(2);
  expect(data![0]!.priority).toBe('urgent');
  expect(data![0]!.property?.area.trim()).toBe(area);
});
