// Maintenance through supabase-js, per role (docs/maintenance.md): who reads, reports, updates and
// deletes work orders, comments and activity; every status transition allowed and refused per
// role (a housekeeper reports and reads but cannot assign or close; a technician moves only work
// orders assigned to them and cannot close; a manager does everything; anon nothing); stale
// versions answer 409; a replayed X-Mutation-Id applies once; urgent reports default to the next
// check-in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import {
  anonClient,
  outcome,
  serviceClient,
  type Client,
  type Outcome,
  type TestUser,
} from './support.ts';
import {
  ACTORS,
  createActors,
  daysFromNow,
  Fixtures,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';

type WorkOrder = Database['public']['Tables']['work_orders']['Row'];
type WorkOrderInsert = Database['public']['Tables']['work_orders']['Insert'];
type Status = Database['public']['Enums']['work_order_status'];

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let villa: Property;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

const matrix = (
  manager: Outcome,
  housekeeper: Outcome,
  technician: Outcome,
  norole: Outcome = 'none',
): Record<Actor, Outcome> => ({
  anon: 'denied',
  norole,
  housekeeper,
  technician,
  manager,
  admin: manager,
});

/** A work order made with the service client, optionally forced into a status and assignee. */
async function workOrder(extra: Partial<WorkOrderInsert> = {}): Promise<WorkOrder> {
  const { data, error } = await service()
    .from('work_orders')
    .insert({ property_id: villa.id, title: 'Dripping tap', ...extra })
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

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  villa = await fx.property({ name: 'Maintenance RLS Villa' });
});

afterAll(async () => {
  await fx.cleanup();
});

describe('work_orders: read (maintenance.view)', () => {
  const expected = matrix('ok', 'ok', 'ok');
  it.each(ACTORS)('%s reading a work order, its comments and its activity', async (actor) => {
    const wo = await workOrder();
    await service().from('work_order_comments').insert({ work_order_id: wo.id, body: 'Seen it' });
    const res = await clientOf(actor)
      .from('work_orders')
      .select('id, work_order_comments(body)')
      .eq('id', wo.id);
    expect(outcome(res)).toBe(expected[actor]);
    const log = await clientOf(actor)
      .from('work_order_activity')
      .select('action')
      .eq('work_order_id', wo.id);
    if (expected[actor] === 'ok') {
      expect(res.data![0].work_order_comments).toEqual([{ body: 'Seen it' }]);
      expect(log.data!.map((l) => l.action)).toEqual(['created', 'comment']);
    } else {
      expect(refusedOrEmpty(log)).toBe(true);
    }
  });
});

function refusedOrEmpty(res: { error: { code: string } | null; data: unknown[] | null }) {
  return res.error?.code === '42501' || (res.error === null && (res.data ?? []).length === 0);
}

describe('work_orders: report (maintenance.report)', () => {
  const expected = matrix('ok', 'ok', 'ok', 'denied');
  it.each(ACTORS)('%s reporting a problem', async (actor) => {
    const id = randomUUID();
    const res = await clientOf(actor)
      .from('work_orders')
      .insert({
        id,
        property_id: villa.id,
        title: '  Pool pump noisy  ',
        priority: 'high',
        blocking: true,
        // what a reporter may not choose: ignored
        labour_minutes: 90,
        parts_cost: 12,
      })
      .select();
    expect(outcome(res)).toBe(expected[actor]);
    if (expected[actor] === 'ok') {
      const manager = actor === 'manager' || actor === 'admin';
      expect(await row(id)).toMatchObject({
        title: 'Pool pump noisy',
        status: 'open',
        version: 1,
        assignee_id: null,
        reporter_id: users[actor as SignedIn].id,
        blocking: true,
        labour_minutes: manager ? 90 : 0,
      });
    }
  });

  it('status, assignee and reporter cannot be chosen on a report', async () => {
    const res = await users.housekeeper.client.from('work_orders').insert({
      property_id: villa.id,
      title: 'x',
      status: 'closed', // no column grant: refused
    });
    expect(res.error?.code).toBe('42501');
  });

  it('an urgent report without a due time is due at the villa’s next check-in', async () => {
    const checkIn = daysFromNow(5, 15);
    await fx.reservation(villa.id, checkIn, daysFromNow(8, 10));
    const id = randomUUID();
    const res = await users.housekeeper.client
      .from('work_orders')
      .insert({ id, property_id: villa.id, title: 'No hot water', priority: 'urgent' });
    expect(res.error).toBeNull();
    expect(new Date((await row(id)).due_at!).toISOString()).toBe(new Date(checkIn).toISOString());
    const low = await workOrder({ priority: 'low' });
    expect(low.due_at).toBeNull();
  });

  it('an empty title is refused', async () => {
    const res = await users.housekeeper.client
      .from('work_orders')
      .insert({ property_id: villa.id, title: '   ' });
    expect(res.error?.code).toBe('23514');
  });
});

describe('work_orders: update and delete', () => {
  it.each(ACTORS)(
    '%s updating labour on a work order assigned to the technician',
    async (actor) => {
      const wo = await workOrder({ status: 'in_progress', assignee_id: users.technician.id });
      const res = await clientOf(actor)
        .from('work_orders')
        .update({ labour_minutes: 45, parts_cost: 18.5, resolution_notes: 'New washer' })
        .eq('id', wo.id)
        .select();
      const expected = matrix('ok', 'none', 'ok');
      expect(outcome(res)).toBe(expected[actor]);
      expect((await row(wo.id)).labour_minutes).toBe(expected[actor] === 'ok' ? 45 : 0);
    },
  );

  it('a technician cannot update a work order assigned to someone else', async () => {
    const other = await workOrder({ status: 'assigned', assignee_id: users.manager.id });
    const res = await users.technician.client
      .from('work_orders')
      .update({ labour_minutes: 10 })
      .eq('id', other.id)
      .select();
    expect(outcome(res)).toBe('none');
  });

  it('a technician cannot reprioritise, retitle or unblock their own work order', async () => {
    const wo = await workOrder({
      status: 'assigned',
      assignee_id: users.technician.id,
      blocking: true,
    });
    for (const change of [{ priority: 'low' as const }, { title: 'Other' }, { blocking: false }]) {
      const res = await users.technician.client.from('work_orders').update(change).eq('id', wo.id);
      expect(res.error?.code).toBe('42501');
    }
    expect(await row(wo.id)).toMatchObject({
      priority: 'medium',
      title: 'Dripping tap',
      blocking: true,
    });
  });

  it('a manager reprioritises and the activity records it', async () => {
    const wo = await workOrder();
    const res = await users.manager.client
      .from('work_orders')
      .update({ priority: 'urgent', blocking: true })
      .eq('id', wo.id);
    expect(res.error).toBeNull();
    const { data } = await service()
      .from('work_order_activity')
      .select('action, actor_id, details')
      .eq('work_order_id', wo.id)
      .order('at');
    expect(data!.map((a) => a.action)).toEqual(['created', 'priority', 'blocking']);
    expect(data![1]).toMatchObject({ actor_id: users.manager.id, details: { priority: 'urgent' } });
  });

  it('status, assignee and version are not writable through the table, even by a manager', async () => {
    const wo = await workOrder();
    const changes: Database['public']['Tables']['work_orders']['Update'][] = [
      { status: 'closed' },
      { assignee_id: users.technician.id },
      { version: 9 },
    ];
    for (const change of changes) {
      const res = await users.manager.client.from('work_orders').update(change).eq('id', wo.id);
      expect(res.error?.code).toBe('42501');
    }
    expect(await row(wo.id)).toMatchObject({ status: 'open', version: 1, assignee_id: null });
  });

  it.each(ACTORS)('%s deleting a work order', async (actor) => {
    const wo = await workOrder();
    const res = await clientOf(actor).from('work_orders').delete().eq('id', wo.id).select();
    const expected = matrix('ok', 'none', 'none', 'none');
    expect(outcome(res)).toBe(expected[actor]);
    const left = await service().from('work_orders').select('id').eq('id', wo.id);
    expect(left.data!.length).toBe(expected[actor] === 'ok' ? 0 : 1);
  });
});

describe('work_order_comments', () => {
  it.each(ACTORS)('%s commenting', async (actor) => {
    const wo = await workOrder();
    const res = await clientOf(actor)
      .from('work_order_comments')
      .insert({ work_order_id: wo.id, body: `From ${actor}` })
      .select('author_id');
    const expected = matrix('ok', 'ok', 'ok', 'denied');
    expect(outcome(res)).toBe(expected[actor]);
    if (expected[actor] === 'ok') {
      expect(res.data![0].author_id).toBe(users[actor as SignedIn].id);
    }
  });

  it('nobody edits the activity through the API', async () => {
    const wo = await workOrder();
    const res = await users.admin.client
      .from('work_order_activity')
      .insert({ work_order_id: wo.id, action: 'created' });
    expect(res.error?.code).toBe('42501');
  });
});

describe('transition_work_order: every move per role', () => {
  const ALL: Status[] = ['open', 'assigned', 'in_progress', 'on_hold', 'resolved', 'closed'];
  const WORKER: [Status, Status][] = [
    ['assigned', 'in_progress'],
    ['in_progress', 'on_hold'],
    ['on_hold', 'in_progress'],
    ['in_progress', 'resolved'],
    ['on_hold', 'resolved'],
    ['resolved', 'in_progress'],
  ];
  const isWorker = (f: Status, t: Status) => WORKER.some(([a, b]) => a === f && b === t);
  const isManager = (f: Status, t: Status) =>
    t === 'assigned' ||
    (t === 'open' && ['assigned', 'resolved', 'closed'].includes(f)) ||
    (t === 'closed' && f !== 'closed');
  const pairs = ALL.flatMap((f) => ALL.map((t) => [f, t] as [Status, Status]));

  /** In `status`, assigned to the technician where the status needs an assignee. */
  const inStatus = (status: Status) =>
    workOrder({
      status,
      assignee_id: status === 'open' ? null : users.technician.id,
    });

  it.each(pairs)('manager: %s -> %s', async (from, to) => {
    const wo = await inStatus(from);
    const res = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: to,
      from_version: wo.version,
      // reassigning an assigned one needs someone else
      assignee_id: to === 'assigned' ? users.admin.id : undefined,
    });
    const after = await row(wo.id);
    if (isWorker(from, to) || isManager(from, to)) {
      expect(res.error).toBeNull();
      expect(after).toMatchObject({ status: to, version: wo.version + 1 });
      if (to === 'assigned') expect(after.assignee_id).toBe(users.admin.id);
      if (to === 'open') expect(after.assignee_id).toBeNull();
      if (to === 'in_progress') expect(after.started_at).not.toBeNull();
      if (to === 'resolved') expect(after.resolved_at).not.toBeNull();
      if (to === 'closed') expect(after.closed_at).not.toBeNull();
    } else {
      expect(res.error?.code).toBe('22023');
      expect(after).toMatchObject({ status: from, version: wo.version });
    }
  });

  it.each(pairs.filter(([f, t]) => isWorker(f, t) || isManager(f, t)))(
    'technician assigned to it: %s -> %s',
    async (from, to) => {
      const wo = await inStatus(from);
      const res = await users.technician.client.rpc('transition_work_order', {
        work_order_id: wo.id,
        to_status: to,
        from_version: wo.version,
        assignee_id: to === 'assigned' ? users.technician.id : undefined,
      });
      if (isWorker(from, to)) expect(res.error).toBeNull();
      else expect(res.error?.code).toBe('42501');
      expect((await row(wo.id)).status).toBe(isWorker(from, to) ? to : from);
    },
  );

  it.each(WORKER)(
    'a technician not assigned, and a housekeeper: %s -> %s refused',
    async (from, to) => {
      const wo = await workOrder({ status: from, assignee_id: users.manager.id });
      for (const actor of ['technician', 'housekeeper'] as const) {
        const res = await users[actor].client.rpc('transition_work_order', {
          work_order_id: wo.id,
          to_status: to,
          from_version: wo.version,
        });
        expect(res.error?.code).toBe('42501');
      }
      expect((await row(wo.id)).status).toBe(from);
    },
  );

  it('a housekeeper cannot assign or close; a technician cannot close', async () => {
    const wo = await workOrder();
    const assign = await users.housekeeper.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'assigned',
      from_version: 1,
      assignee_id: users.technician.id,
    });
    expect(assign.error?.code).toBe('42501');
    const resolved = await workOrder({ status: 'resolved', assignee_id: users.technician.id });
    for (const actor of ['housekeeper', 'technician'] as const) {
      const close = await users[actor].client.rpc('transition_work_order', {
        work_order_id: resolved.id,
        to_status: 'closed',
        from_version: resolved.version,
      });
      expect(close.error?.code).toBe('42501');
    }
    expect((await row(resolved.id)).status).toBe('resolved');
  });

  it('anon and a user with no role are refused', async () => {
    const wo = await workOrder();
    const args = { work_order_id: wo.id, to_status: 'closed' as const, from_version: 1 };
    expect((await anonClient().rpc('transition_work_order', args)).error?.code).toBe('42501');
    expect((await users.norole.client.rpc('transition_work_order', args)).error?.code).toBe(
      'PT404',
    );
    expect((await row(wo.id)).status).toBe('open');
  });

  it('assigning needs an assignee who does maintenance work', async () => {
    const wo = await workOrder();
    const none = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'assigned',
      from_version: 1,
    });
    expect(none.error?.code).toBe('22023');
    const housekeeper = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'assigned',
      from_version: 1,
      assignee_id: users.housekeeper.id,
    });
    expect(housekeeper.error?.code).toBe('22023');
    expect(await row(wo.id)).toMatchObject({ status: 'open', assignee_id: null });
  });

  it('a stale version is a conflict (409) and changes nothing', async () => {
    const wo = await workOrder();
    const first = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'assigned',
      from_version: 1,
      assignee_id: users.technician.id,
    });
    expect(first.error).toBeNull();
    const stale = await users.admin.client.rpc('transition_work_order', {
      work_order_id: wo.id,
      to_status: 'closed',
      from_version: 1,
    });
    expect(stale.error?.code).toBe('PT409');
    expect(stale.status).toBe(409);
    expect(await row(wo.id)).toMatchObject({ status: 'assigned', version: 2 });
  });

  it('a replayed X-Mutation-Id applies once (5 deliveries at once), and the note lands', async () => {
    const wo = await workOrder({ status: 'in_progress', assignee_id: users.technician.id });
    const mid = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        users.technician.client
          .rpc('transition_work_order', {
            work_order_id: wo.id,
            to_status: 'resolved',
            from_version: 1,
            note: 'Replaced the washer',
          })
          .setHeader('X-Mutation-Id', mid),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    expect(await row(wo.id)).toMatchObject({
      status: 'resolved',
      version: 2,
      resolution_notes: 'Replaced the washer',
    });
    const { data: log } = await service()
      .from('work_order_activity')
      .select('action, actor_id, from_status, to_status, details')
      .eq('work_order_id', wo.id)
      .eq('action', 'status');
    expect(log).toEqual([
      {
        action: 'status',
        actor_id: users.technician.id,
        from_status: 'in_progress',
        to_status: 'resolved',
        details: { note: 'Replaced the washer' },
      },
    ]);
  });
});
