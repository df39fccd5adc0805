// Turnovers made by the database from reservations: a confirmed stay's check-out makes one clean
// whose window runs to the next confirmed check-in; moving, cancelling, re-confirming and importing
// stays move, cancel or flag it; exactly one per check-out, with 5 writers at once; and guest-ready
// follows the last turnover before the next arrival, with the reason and the due time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, type TestUser } from './support.ts';
import { createActors, daysFromNow, sameInstant, type SignedIn } from './properties-fixtures.ts';
import {
  forceStatus,
  HousekeepingFixtures,
  taskRow,
  turnoverOf,
  typeId,
} from './housekeeping-fixtures.ts';

const fx = new HousekeepingFixtures();
let users: Record<SignedIn, TestUser>;
const service = () => serviceClient();

async function tasksOf(propertyId: string) {
  const { data, error } = await service()
    .from('cleaning_tasks')
    .select('*')
    .eq('property_id', propertyId)
    .order('window_start');
  if (error) throw new Error(error.message);
  return data;
}

async function overview(propertyId: string) {
  const { data, error } = await users.housekeeper.client
    .from('property_overview')
    .select('guest_ready, not_ready_reasons, not_ready_due_at, turnover_task_id')
    .eq('id', propertyId)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
});

afterAll(async () => {
  await fx.cleanup();
});

describe('a stay entered by hand', () => {
  it('makes one turnover at its check-out, with the fallback window when no stay follows', async () => {
    const villa = await fx.property({ name: 'Turnover Villa A', bedrooms: 3 });
    const stay = await fx.reservation(villa.id, daysFromNow(10, 13), daysFromNow(14, 9));
    const t = (await turnoverOf(stay.id))!;
    expect(t).toMatchObject({
      property_id: villa.id,
      cleaning_type_id: await typeId('turnover'),
      status: 'scheduled',
      estimated_minutes: 165,
      next_check_in: null,
      same_day: false,
    });
    expect(sameInstant(t.window_start, daysFromNow(14, 9))).toBe(true);
    expect(sameInstant(t.due_at, daysFromNow(15, 9))).toBe(true);
  });

  it('the next stay ends the window of the one before, carries its guest count and flags a same-day turnover', async () => {
    const villa = await fx.property({ name: 'Turnover Villa B' });
    const first = await fx.reservation(villa.id, daysFromNow(10, 13), daysFromNow(14, 8));
    const second = await fx.reservation(villa.id, daysFromNow(14, 13), daysFromNow(16, 8), {
      guests: 3,
    });
    const t = (await turnoverOf(first.id))!;
    expect(sameInstant(t.due_at, daysFromNow(14, 13))).toBe(true);
    expect(sameInstant(t.next_check_in, daysFromNow(14, 13))).toBe(true);
    expect(t).toMatchObject({ guests_arriving: 3, same_day: true });
    // A stay slotted in between takes over as the next arrival.
    const middle = await fx.reservation(villa.id, daysFromNow(14, 10), daysFromNow(14, 12), {
      guests: 1,
    });
    expect((await turnoverOf(first.id))!.guests_arriving).toBe(1);
    expect(sameInstant((await turnoverOf(middle.id))!.due_at, daysFromNow(14, 13))).toBe(true);
    expect(sameInstant((await turnoverOf(second.id))!.due_at, daysFromNow(17, 8))).toBe(true);
    expect(await tasksOf(villa.id)).toHaveLength(3);
  });

  it('an off-season gap of months is one long window to the next arrival', async () => {
    const villa = await fx.property({ name: 'Turnover Villa Winter' });
    const autumn = await fx.reservation(villa.id, daysFromNow(10, 13), daysFromNow(12, 9));
    await fx.reservation(villa.id, daysFromNow(200, 13), daysFromNow(203, 9));
    expect(sameInstant((await turnoverOf(autumn.id))!.due_at, daysFromNow(200, 13))).toBe(true);
  });

  it('moving a stay moves its clean and the window of the clean before it; the manager of the stay needs no housekeeping right', async () => {
    const villa = await fx.property({ name: 'Turnover Villa C' });
    const a = await fx.reservation(villa.id, daysFromNow(10, 13), daysFromNow(12, 9));
    const b = await fx.reservation(villa.id, daysFromNow(15, 13), daysFromNow(18, 9));
    const res = await users.manager.client
      .from('reservations')
      .update({ check_in: daysFromNow(16, 13), check_out: daysFromNow(20, 9) })
      .eq('id', b.id)
      .select('id');
    expect(res.error).toBeNull();
    const tb = (await turnoverOf(b.id))!;
    expect(sameInstant(tb.window_start, daysFromNow(20, 9))).toBe(true);
    expect(sameInstant((await turnoverOf(a.id))!.due_at, daysFromNow(16, 13))).toBe(true);
    const { data: log } = await service()
      .from('cleaning_task_activity')
      .select('action, actor_id')
      .eq('task_id', tb.id)
      .order('at');
    expect(log).toEqual([
      { action: 'created', actor_id: null },
      { action: 'rescheduled', actor_id: users.manager.id },
    ]);
    // Moved to another villa: the clean follows it.
    const other = await fx.property({ name: 'Turnover Villa C2' });
    await users.manager.client
      .from('reservations')
      .update({ property_id: other.id })
      .eq('id', b.id)
      .throwOnError();
    expect((await turnoverOf(b.id))!.property_id).toBe(other.id);
    expect(sameInstant((await turnoverOf(a.id))!.due_at, daysFromNow(13, 9))).toBe(true);
  });

  it('cancelling cancels a clean not started and flags one started; re-confirming brings it back', async () => {
    const villa = await fx.property({ name: 'Turnover Villa D' });
    const a = await fx.reservation(villa.id, daysFromNow(10, 13), daysFromNow(12, 9));
    const b = await fx.reservation(villa.id, daysFromNow(20, 13), daysFromNow(22, 9));
    const m = users.manager.client;
    await m.from('reservations').update({ status: 'cancelled' }).eq('id', a.id).throwOnError();
    expect(await turnoverOf(a.id)).toMatchObject({ status: 'cancelled', flagged: false });
    await m.from('reservations').update({ status: 'confirmed' }).eq('id', a.id).throwOnError();
    expect(await turnoverOf(a.id)).toMatchObject({ status: 'scheduled' });

    const tb = await forceStatus((await turnoverOf(b.id))!.id, 'in_progress');
    await m.from('reservations').update({ status: 'cancelled' }).eq('id', b.id).throwOnError();
    expect(await taskRow(tb.id)).toMatchObject({
      status: 'in_progress',
      flagged: true,
      flag_reason: 'The stay was cancelled after the clean started',
    });
    expect(await tasksOf(villa.id)).toHaveLength(2);
  });

  it('a stay moved after its clean started leaves the clean where it was, flagged', async () => {
    const villa = await fx.property({ name: 'Turnover Villa E' });
    const a = await fx.reservation(villa.id, daysFromNow(10, 13), daysFromNow(12, 9));
    const t = await forceStatus((await turnoverOf(a.id))!.id, 'done');
    await users.manager.client
      .from('reservations')
      .update({ check_out: daysFromNow(13, 9) })
      .eq('id', a.id)
      .throwOnError();
    const after = await taskRow(t.id);
    expect(sameInstant(after.window_start, daysFromNow(12, 9))).toBe(true);
    expect(after).toMatchObject({
      status: 'done',
      flagged: true,
      flag_reason: 'The stay moved after the clean started',
    });
  });
});

describe('iCal imports behave like typed stays', () => {
  const events = (shift = 0) => [
    {
      uid: 'one@airbnb',
      check_in_date: day(20 + shift),
      check_out_date: day(23 + shift),
      guests: 2,
    },
    {
      uid: 'two@airbnb',
      check_in_date: day(23 + shift),
      check_out_date: day(27 + shift),
      guests: 4,
    },
  ];
  function day(n: number) {
    return daysFromNow(n, 12).slice(0, 10);
  }

  it('imports, re-imports, moves and full-syncs: exactly one clean per check-out', async () => {
    const villa = await fx.property({ name: 'Import Turnover Villa' });
    const m = users.manager.client;
    const imp = (ev: unknown, full = false) =>
      m.rpc('import_reservations', {
        property_id: villa.id,
        source: 'airbnb',
        events: ev as never,
        full_sync: full,
      });
    expect((await imp(events())).error).toBeNull();
    expect((await imp(events())).error).toBeNull();
    let tasks = await tasksOf(villa.id);
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({ same_day: true, guests_arriving: 4 });
    // The feed moves both stays a day later.
    expect((await imp(events(1))).error).toBeNull();
    tasks = await tasksOf(villa.id);
    expect(tasks).toHaveLength(2);
    expect(tasks.map((t) => t.day)).toEqual([day(24), day(28)]);
    // A full sync without the second stay cancels it and its clean; the first clean's window opens up.
    expect((await imp(events(1).slice(0, 1), true)).error).toBeNull();
    tasks = await tasksOf(villa.id);
    expect(tasks.map((t) => t.status)).toEqual(['scheduled', 'cancelled']);
    expect(tasks[0].next_check_in).toBeNull();
  });

  it('5 concurrent imports of one feed and 5 concurrent writes of one stay still make one clean each', async () => {
    const villa = await fx.property({ name: 'Concurrent Turnover Villa' });
    const clients = [users.manager, users.admin, users.manager, users.admin, users.manager].map(
      (u) => u.client,
    );
    const results = await Promise.all(
      clients.map((c) =>
        c.rpc('import_reservations', {
          property_id: villa.id,
          source: 'airbnb',
          events: events() as never,
        }),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    expect(await tasksOf(villa.id)).toHaveLength(2);

    const id = randomUUID();
    const upserts = await Promise.all(
      clients.map((c, i) =>
        c.from('reservations').upsert({
          id,
          property_id: villa.id,
          guest_name: `Writer ${i}`,
          check_in: daysFromNow(40, 13),
          check_out: daysFromNow(43 + (i % 2), 9),
        }),
      ),
    );
    for (const r of upserts) expect(r.error).toBeNull();
    const { data } = await service()
      .from('cleaning_tasks')
      .select('id, window_start')
      .eq('turnover_for', id);
    expect(data).toHaveLength(1);
    const { data: stay } = await service()
      .from('reservations')
      .select('check_out')
      .eq('id', id)
      .single();
    expect(sameInstant(data![0].window_start, stay!.check_out)).toBe(true);
    expect(await tasksOf(villa.id)).toHaveLength(3);
  });

  it('5 stays written at once into one villa chain their windows', async () => {
    const villa = await fx.property({ name: 'Chain Turnover Villa' });
    const clients = [users.manager, users.admin, users.manager, users.admin, users.manager].map(
      (u) => u.client,
    );
    const res = await Promise.all(
      clients.map((c, i) =>
        c.from('reservations').insert({
          property_id: villa.id,
          guest_name: `Chain ${i}`,
          guests: i + 1,
          check_in: daysFromNow(60 + i * 3, 13),
          check_out: daysFromNow(62 + i * 3, 9),
        }),
      ),
    );
    for (const r of res) expect(r.error).toBeNull();
    const tasks = await tasksOf(villa.id);
    expect(tasks).toHaveLength(5);
    for (let i = 0; i < 4; i++) {
      expect(sameInstant(tasks[i].due_at, daysFromNow(60 + (i + 1) * 3, 13))).toBe(true);
      expect(tasks[i].guests_arriving).toBe(i + 2);
    }
    expect(tasks[4].next_check_in).toBeNull();
  });
});

describe('guest-ready follows the last turnover before the next arrival', () => {
  it('not ready with the reason and due time until the clean is done (and inspected where required)', async () => {
    const villa = await fx.property({ name: 'Readiness Villa' });
    await fx.reservation(villa.id, daysFromNow(-3, 13), daysFromNow(-1, 9));
    const next = await fx.reservation(villa.id, daysFromNow(2, 13), daysFromNow(5, 9));
    const past = (await tasksOf(villa.id))[0];
    expect(await overview(villa.id)).toEqual({
      guest_ready: false,
      not_ready_reasons: ['turnover_pending'],
      not_ready_due_at: expect.any(String),
      turnover_task_id: past.id,
    });
    expect(sameInstant((await overview(villa.id)).not_ready_due_at, next.check_in)).toBe(true);
    await forceStatus(past.id, 'done');
    expect(await overview(villa.id)).toEqual({
      guest_ready: true,
      not_ready_reasons: [],
      not_ready_due_at: null,
      turnover_task_id: null,
    });
    // The villa now requires an inspection: done is not enough.
    await service().from('cleaning_tasks').update({ inspection_required: true }).eq('id', past.id);
    expect((await overview(villa.id)).not_ready_reasons).toEqual(['inspection_pending']);
    const { data: row } = await service()
      .from('cleaning_tasks')
      .select('version')
      .eq('id', past.id)
      .single();
    const inspect = await users.manager.client.rpc('transition_cleaning_task', {
      task_id: past.id,
      to_status: 'inspected',
      from_version: row!.version,
    });
    expect(inspect.error).toBeNull();
    expect((await overview(villa.id)).guest_ready).toBe(true);
  });
});
