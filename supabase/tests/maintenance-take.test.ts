// Taking a work order through supabase-js, per role (docs/maintenance.md "Taking a work order"):
// a technician, a manager and an admin take an unassigned one (they become its assignee, it moves
// to assigned); the second of two concurrent takes, and any later one, is refused with who has it
// ("Already taken by <name>", PT409, HTTP 409); a housekeeper, a user with no role and anon are
// refused; a replayed X-Mutation-Id applies once, even after someone else has it by now; a
// technician still cannot assign through transition_work_order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { anonClient, createUser, serviceClient, type TestUser } from './support.ts';
import { createActors, Fixtures, type Property, type SignedIn } from './properties-fixtures.ts';

type WorkOrder = Database['public']['Tables']['work_orders']['Row'];
type WorkOrderInsert = Database['public']['Tables']['work_orders']['Insert'];

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let second: TestUser;
let villa: Property;
const service = () => serviceClient();

async function workOrder(extra: Partial<WorkOrderInsert> = {}): Promise<WorkOrder> {
  const { data, error } = await service()
    .from('work_orders')
    .insert({ property_id: villa.id, title: 'Gate motor humming', ...extra })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function row(id: string): Promise<WorkOrder> {
  const { data, error } = await service().from('work_orders').select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

const take = (who: TestUser, wo: Pick<WorkOrder, 'id' | 'version'>) =>
  who.client.rpc('take_work_order', { work_order_id: wo.id, from_version: wo.version });

beforeAll(async () => {
  [users, second] = await Promise.all([
    createActors(),
    createUser('technician2', ['technician'], 'Kostas Second'),
  ]);
  fx.trackUsers(...Object.values(users), second);
  villa = await fx.property({ name: 'Maintenance Take Villa' });
});

afterAll(async () => {
  await fx.cleanup();
});

describe('take_work_order', () => {
  it.each(['technician', 'manager', 'admin'] as const)(
    'a %s takes an unassigned work order: assignee, assigned, one version on, in the timeline',
    async (actor) => {
      const wo = await workOrder();
      const res = await take(users[actor], wo);
      expect(res.error).toBeNull();
      expect(res.data).toMatchObject({
        id: wo.id,
        status: 'assigned',
        assignee_id: users[actor].id,
        version: 2,
      });
      expect(await row(wo.id)).toMatchObject({
        status: 'assigned',
        assignee_id: users[actor].id,
        version: 2,
      });
      const { data: log } = await service()
        .from('work_order_activity')
        .select('action, actor_id')
        .eq('work_order_id', wo.id)
        .in('action', ['status', 'assigned']);
      expect(log).toEqual(
        expect.arrayContaining([
          { action: 'status', actor_id: users[actor].id },
          { action: 'assigned', actor_id: users[actor].id },
        ]),
      );
    },
  );

  it('of two concurrent takes one wins; the other hears who has it (409)', async () => {
    const wo = await workOrder();
    const [a, b] = await Promise.all([take(users.technician, wo), take(second, wo)]);
    const won = a.error ? b : a;
    const lost = a.error ? a : b;
    const winner = a.error ? second : users.technician;
    expect(won.error).toBeNull();
    expect(lost.error).toMatchObject({
      code: 'PT409',
      message: `Already taken by ${winner.fullName}`,
    });
    expect(lost.status).toBe(409);
    expect(JSON.parse(lost.error!.details)).toEqual({
      status: 'assigned',
      version: 2,
      assignee_id: winner.id,
    });
    expect(await row(wo.id)).toMatchObject({ assignee_id: winner.id, version: 2 });
  });

  it('a work order someone has is refused to a later take, by anyone, and stays theirs', async () => {
    const wo = await workOrder();
    expect((await take(second, wo)).error).toBeNull();
    for (const who of [users.technician, users.manager, users.admin]) {
      const res = await take(who, await row(wo.id));
      expect(res.error).toMatchObject({ code: 'PT409', message: 'Already taken by Kostas Second' });
    }
    // Taking your own again says so.
    const mine = await take(second, await row(wo.id));
    expect(mine.error).toMatchObject({
      code: '22023',
      message: 'This work order is already yours',
    });
    expect(await row(wo.id)).toMatchObject({ assignee_id: second.id, version: 2 });
  });

  it('a housekeeper (42501), a user with no role (PT404) and anon (42501) are refused', async () => {
    const wo = await workOrder();
    const args = { work_order_id: wo.id, from_version: 1 };
    const housekeeper = await users.housekeeper.client.rpc('take_work_order', args);
    expect(housekeeper.error).toMatchObject({
      code: '42501',
      message: 'Only technicians and managers can take work orders',
    });
    expect((await users.norole.client.rpc('take_work_order', args)).error?.code).toBe('PT404');
    expect((await anonClient().rpc('take_work_order', args)).error?.code).toBe('42501');
    expect(await row(wo.id)).toMatchObject({ status: 'open', assignee_id: null, version: 1 });
  });

  it('a stale version (taken and given back since) is a conflict; a closed one cannot be taken', async () => {
    const wo = await workOrder();
    expect((await take(second, wo)).error).toBeNull();
    const reopened = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'open',
      from_version: 2,
    });
    expect(reopened.error).toBeNull();
    const stale = await take(users.technician, wo);
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toMatch(/changed by someone else/);
    expect(await row(wo.id)).toMatchObject({ status: 'open', assignee_id: null, version: 3 });

    const closed = await workOrder({ status: 'closed' });
    const res = await take(users.manager, closed);
    expect(res.error).toMatchObject({ code: '22023' });
    expect((await row(closed.id)).status).toBe('closed');
  });

  it('a replayed X-Mutation-Id applies once, and answers even after someone else has it', async () => {
    const wo = await workOrder();
    const mid = randomUUID();
    const send = () =>
      users.technician.client
        .rpc('take_work_order', { work_order_id: wo.id, from_version: 1 })
        .setHeader('X-Mutation-Id', mid);
    const results = await Promise.all([send(), send(), send()]);
    for (const r of results) expect(r.error).toBeNull();
    expect(await row(wo.id)).toMatchObject({ assignee_id: users.technician.id, version: 2 });
    // The manager gives it to someone else; the technician's phone replays its take.
    const moved = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'assigned',
      from_version: 2,
      assignee_id: second.id,
    });
    expect(moved.error).toBeNull();
    const replay = await send();
    expect(replay.error).toBeNull();
    expect(replay.data).toMatchObject({ assignee_id: second.id, version: 3 });
    const { data: log } = await service()
      .from('work_order_activity')
      .select('action')
      .eq('work_order_id', wo.id)
      .eq('action', 'assigned');
    expect(log).toHaveLength(2);
  });

  it('a take names only the caller as the assignee', async () => {
    const wo = await workOrder();
    const forOther = await users.technician.client.rpc('take_work_order', {
      work_order_id: wo.id,
      from_version: 1,
      assignee_id: second.id,
    });
    expect(forOther.error).toMatchObject({
      code: '42501',
      message: 'A work order can be taken only for yourself',
    });
    const forMe = await users.technician.client.rpc('take_work_order', {
      work_order_id: wo.id,
      from_version: 1,
      assignee_id: users.technician.id,
    });
    expect(forMe.error).toBeNull();
    expect(await row(wo.id)).toMatchObject({ assignee_id: users.technician.id, version: 2 });
  });

  it('a technician still cannot assign through transition_work_order, not even to themselves', async () => {
    const wo = await workOrder();
    for (const assignee of [users.technician.id, second.id]) {
      const res = await users.technician.client.rpc('transition_work_order', {
        work_order_id: wo.id,
        to_status: 'assigned',
        from_version: 1,
        assignee_id: assignee,
      });
      expect(res.error?.code).toBe('42501');
    }
    expect(await row(wo.id)).toMatchObject({ status: 'open', assignee_id: null });
  });
});
