// Notifications (docs/notifications.md): the database writes one for the person concerned when a
// work order is reported urgent or blocking, a work order or a clean is assigned, a clean is moved
// or sent back after inspection - never for the person who made the change - and only the
// recipient reads it and marks it read, through the API and through realtime. Nobody writes the
// table directly; a user with no role and anon get none.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
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
  daysFromNow,
  type Actor,
  type SignedIn,
} from './properties-fixtures.ts';
import { forceStatus, HousekeepingFixtures, taskRow, typeId } from './housekeeping-fixtures.ts';

type Notification = Database['public']['Tables']['notifications']['Row'];

const fx = new HousekeepingFixtures();
let users: Record<SignedIn, TestUser>;
let villaId: string;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

/** What the database holds for a user (the service client sees every row). */
async function heldFor(userId: string, linkId: string): Promise<Notification[]> {
  const { data, error } = await service()
    .from('notifications')
    .select('*')
    .eq('recipient_id', userId)
    .eq('link_id', linkId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

async function urgentReport(by: Client, title = 'Burst pipe') {
  const id = randomUUID();
  const { error } = await by
    .from('work_orders')
    .insert({ id, property_id: villaId, title, priority: 'urgent' });
  expect(error).toBeNull();
  return id;
}

async function cleanFor(assignee: TestUser | null) {
  const { data, error } = await service()
    .from('cleaning_tasks')
    .insert({
      property_id: villaId,
      cleaning_type_id: await typeId('deep_clean'),
      window_start: daysFromNow(30, 9),
      due_at: daysFromNow(30, 15),
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  if (assignee) {
    // Made by the manager through the API (so the manager is the actor).
    const res = await users.manager.client
      .from('cleaning_task_assignees')
      .insert({ task_id: data.id, user_id: assignee.id });
    expect(res.error).toBeNull();
  }
  return data;
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  villaId = (await fx.property({ name: 'Villa Notifica' })).id;
});

afterAll(async () => {
  await service().from('work_orders').delete().eq('property_id', villaId);
  await fx.cleanup();
});

describe('who is notified', () => {
  it('an urgent report reaches the managers and the technicians, not its reporter', async () => {
    const id = await urgentReport(users.manager.client, 'Burst pipe in the kitchen');
    for (const who of ['technician', 'admin'] as const) {
      const rows = await heldFor(users[who].id, id);
      expect(rows.map((r) => [r.kind, r.title, r.body, r.link_route, r.read_at])).toEqual([
        ['work_order_urgent', 'Burst pipe in the kitchen', 'Villa Notifica', 'work_order', null],
      ]);
      expect(rows[0]!.actor_id).toBe(users.manager.id);
    }
    for (const who of ['manager', 'housekeeper', 'norole'] as const) {
      expect(await heldFor(users[who].id, id)).toEqual([]);
    }
  });

  it('a blocking report notifies as an urgent one; a plain one notifies nobody', async () => {
    const blocking = randomUUID();
    const plain = randomUUID();
    const res = await users.housekeeper.client.from('work_orders').insert([
      { id: blocking, property_id: villaId, title: 'No hot water', blocking: true },
      { id: plain, property_id: villaId, title: 'Loose hinge', blocking: false },
    ]);
    expect(res.error).toBeNull();
    expect((await heldFor(users.manager.id, blocking)).map((r) => r.kind)).toEqual([
      'work_order_urgent',
    ]);
    expect(await heldFor(users.housekeeper.id, blocking)).toEqual([]);
    for (const who of ['manager', 'technician', 'admin'] as const) {
      expect(await heldFor(users[who].id, plain)).toEqual([]);
    }
  });

  it('assigning a work order reaches the assignee; taking it oneself notifies nobody', async () => {
    const { data: wo } = await users.manager.client
      .from('work_orders')
      .insert({ property_id: villaId, title: 'Broken shutter' })
      .select()
      .single();
    const assigned = await users.manager.client.rpc('transition_work_order', {
      work_order_id: wo!.id,
      to_status: 'assigned',
      from_version: wo!.version,
      assignee_id: users.technician.id,
    });
    expect(assigned.error).toBeNull();
    expect((await heldFor(users.technician.id, wo!.id)).map((r) => r.kind)).toEqual([
      'work_order_assigned',
    ]);
    expect(await heldFor(users.manager.id, wo!.id)).toEqual([]);

    const { data: other } = await users.manager.client
      .from('work_orders')
      .insert({ property_id: villaId, title: 'Squeaky door' })
      .select()
      .single();
    const taken = await users.technician.client.rpc('transition_work_order', {
      work_order_id: other!.id,
      to_status: 'assigned',
      from_version: other!.version,
      assignee_id: users.technician.id,
    });
    // Whether a technician may take one is the take helper's rule; either way nobody hears of it.
    if (taken.error) expect(taken.error.code).toBe('42501');
    expect(await heldFor(users.technician.id, other!.id)).toEqual([]);
  });

  it('a clean assigned, moved, and sent back reaches its housekeeper, not the manager', async () => {
    const task = await cleanFor(users.housekeeper);
    const assigned = await heldFor(users.housekeeper.id, task.id);
    expect(assigned.map((r) => [r.kind, r.title, r.link_route])).toEqual([
      ['clean_assigned', 'Villa Notifica - Deep clean', 'cleaning_task'],
    ]);
    expect(assigned[0]!.day).toBe(daysFromNow(30).slice(0, 10));

    const moved = await users.manager.client
      .from('cleaning_tasks')
      .update({ day: daysFromNow(31).slice(0, 10) })
      .eq('id', task.id);
    expect(moved.error).toBeNull();
    expect((await heldFor(users.housekeeper.id, task.id)).map((r) => [r.kind, r.day])).toEqual([
      ['clean_assigned', daysFromNow(30).slice(0, 10)],
      ['clean_moved', daysFromNow(31).slice(0, 10)],
    ]);

    const done = await forceStatus(task.id, 'done');
    const back = await users.manager.client.rpc('transition_cleaning_task', {
      task_id: task.id,
      to_status: 'in_progress',
      from_version: done.version,
      note: 'The terrace was not swept',
    });
    expect(back.error).toBeNull();
    const rows = await heldFor(users.housekeeper.id, task.id);
    expect(rows.at(-1)).toMatchObject({
      kind: 'clean_sent_back',
      body: 'The terrace was not swept',
    });
    expect(await heldFor(users.manager.id, task.id)).toEqual([]);
    expect((await taskRow(task.id)).status).toBe('in_progress');
  });

  it('an inactive account hears nothing', async () => {
    const away = await createUser('away-technician', ['technician']);
    fx.trackUsers(away);
    const off = await service().from('profiles').update({ active: false }).eq('id', away.id);
    expect(off.error).toBeNull();
    const id = await urgentReport(users.manager.client, 'Flooded cellar');
    expect((await heldFor(users.technician.id, id)).length).toBe(1);
    expect(await heldFor(away.id, id)).toEqual([]);
  });

  it('the demo seed made none (changes made by the database owner notify nobody)', async () => {
    const { count, error } = await service()
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .is('actor_id', null)
      .eq('kind', 'work_order_urgent')
      .lt('created_at', new Date(Date.now() - 60 * 60_000).toISOString());
    expect(error).toBeNull();
    expect(count).toBe(0);
  });
});

describe('reading and marking read', () => {
  let forTechnician: string;
  let forNorole: string;

  beforeAll(async () => {
    const id = await urgentReport(users.manager.client, 'Gas smell');
    forTechnician = (await heldFor(users.technician.id, id))[0]!.id;
    // A notification left for an account that no longer holds a role (made with the service key).
    const { data, error } = await service()
      .from('notifications')
      .insert({
        recipient_id: users.norole.id,
        kind: 'work_order_urgent',
        title: 'Left over',
        link_route: 'work_order',
        link_id: id,
      })
      .select()
      .single();
    if (error) throw new Error(error.message);
    forNorole = data.id;
  });

  it.each(ACTORS)('%s reads only their own, and only with a role', async (actor) => {
    const res = await clientOf(actor).from('notifications').select('id, recipient_id');
    if (actor === 'anon') {
      expect(outcome(res)).toBe('denied');
      return;
    }
    expect(res.error).toBeNull();
    for (const row of res.data!) expect(row.recipient_id).toBe(users[actor].id);
    const ids = res.data!.map((r) => r.id);
    expect(ids.includes(forTechnician)).toBe(actor === 'technician');
    expect(ids).not.toContain(forNorole);
  });

  it.each(ACTORS)('%s cannot insert, update or delete one', async (actor) => {
    const c = clientOf(actor);
    const insert = await c
      .from('notifications')
      .insert({
        recipient_id: actor === 'anon' ? users.technician.id : users[actor].id,
        kind: 'work_order_urgent',
        title: 'Forged',
        link_route: 'work_order',
        link_id: randomUUID(),
      })
      .select();
    expect(outcome(insert)).toBe('denied');
    const update = await c
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', forTechnician)
      .select();
    expect(outcome(update)).toBe('denied');
    const del = await c.from('notifications').delete().eq('id', forTechnician).select();
    expect(outcome(del)).toBe('denied');
    const still = await service().from('notifications').select('read_at').eq('id', forTechnician);
    expect(still.data).toEqual([{ read_at: null }]);
  });

  it('mark_notifications_read marks only the caller’s own', async () => {
    const anon = await anonClient().rpc('mark_notifications_read', {
      notification_ids: [forTechnician],
    });
    expect(anon.error?.code).toBe('42501');
    for (const who of ['norole', 'manager', 'housekeeper'] as const) {
      const other = await users[who].client.rpc('mark_notifications_read', {
        notification_ids: [forTechnician, forNorole],
      });
      expect(other.error).toBeNull();
      expect(other.data).toBe(who === 'norole' ? 1 : 0);
    }
    const one = await users.technician.client.rpc('mark_notifications_read', {
      notification_ids: [forTechnician],
    });
    expect(one).toMatchObject({ error: null, data: 1 });
    // A replay (the sync queue sending it again) changes nothing.
    const again = await users.technician.client.rpc('mark_notifications_read', {
      notification_ids: [forTechnician],
    });
    expect(again).toMatchObject({ error: null, data: 0 });

    await urgentReport(users.manager.client, 'Leak');
    const all = await users.technician.client.rpc('mark_notifications_read', {});
    expect(all.error).toBeNull();
    expect(all.data).toBeGreaterThanOrEqual(1);
    const { data: unread } = await users.technician.client
      .from('notifications')
      .select('id')
      .is('read_at', null);
    expect(unread).toEqual([]);
  });

  it('keeps a user’s notifications bounded: read ones older than 30 days go', async () => {
    const { data: old, error } = await service()
      .from('notifications')
      .insert({
        recipient_id: users.technician.id,
        kind: 'work_order_assigned',
        title: 'Long ago',
        link_route: 'work_order',
        link_id: randomUUID(),
        created_at: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        read_at: new Date(Date.now() - 39 * 86_400_000).toISOString(),
      })
      .select()
      .single();
    if (error) throw new Error(error.message);
    await urgentReport(users.manager.client, 'Fallen tree');
    const left = await service().from('notifications').select('id').eq('id', old.id);
    expect(left.data).toEqual([]);
  });
});

describe('realtime', () => {
  function listen(c: Client, seen: Notification[]) {
    return new Promise<void>((resolve, reject) => {
      c.channel(`notifications-${randomUUID()}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'notifications' },
          (p) => seen.push(p.new as Notification),
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
        });
    });
  }

  /** Everything the server sent this socket before has arrived (docs/testing.md). */
  function roundTrip(c: Client) {
    return new Promise<void>((resolve, reject) => {
      const probe = c.channel(`round-trip-${randomUUID()}`);
      probe.subscribe((status) => {
        if (status === 'SUBSCRIBED') void c.removeChannel(probe).then(() => resolve());
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
      });
    });
  }

  it('sends a notification to its recipient only', async () => {
    const anon = anonClient();
    const seen = Object.fromEntries(ACTORS.map((a) => [a, [] as Notification[]])) as Record<
      Actor,
      Notification[]
    >;
    const clients: Client[] = [];
    for (const actor of ACTORS) {
      const c = actor === 'anon' ? anon : users[actor].client;
      if (actor !== 'anon') {
        const { data } = await c.auth.getSession();
        c.realtime.setAuth(data.session!.access_token);
      }
      clients.push(c);
      await listen(c, seen[actor]);
    }
    try {
      const id = await urgentReport(users.manager.client, 'Roof leak');
      // The technician's and the admin's arrive; the others are proved absent after a round trip.
      await expect
        .poll(() => seen.technician.filter((n) => n.link_id === id).length, { timeout: 10_000 })
        .toBe(1);
      await expect
        .poll(() => seen.admin.filter((n) => n.link_id === id).length, { timeout: 10_000 })
        .toBe(1);
      for (const actor of ['anon', 'norole', 'housekeeper', 'manager'] as const) {
        await roundTrip(actor === 'anon' ? anon : users[actor].client);
      }
      for (const actor of ACTORS) {
        for (const n of seen[actor]) {
          expect(actor).not.toBe('anon');
          expect(n.recipient_id).toBe(users[actor as SignedIn].id);
        }
      }
      expect(seen.norole).toEqual([]);
      expect(seen.housekeeper.filter((n) => n.link_id === id)).toEqual([]);
      expect(seen.manager.filter((n) => n.link_id === id)).toEqual([]);
    } finally {
      for (const c of clients) await c.removeAllChannels();
    }
  });
});
