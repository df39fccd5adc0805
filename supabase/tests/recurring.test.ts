// Recurring tasks through the API (docs/recurring.md): a manager's schedule makes its cleans and
// work orders in the database, exactly once per schedule, villa and day - under 5 concurrent
// generate_recurring() calls and repeated runs; a skipped day, pause, resume and edits change only
// the future occurrences that have not started; and every other role is refused the schedules,
// the function, the embedding from cleans / work orders and the realtime changes.
// Days are the company's (Europe/Athens), never UTC's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import {
  anonClient,
  outcome,
  refused,
  serviceClient,
  type Client,
  type TestUser,
} from './support.ts';
import { ACTORS, createActors, type Actor, type SignedIn } from './properties-fixtures.ts';
import { forceStatus, HousekeepingFixtures, typeId } from './housekeeping-fixtures.ts';

type Occurrence = Database['public']['Tables']['recurring_occurrences']['Row'];

let users: Record<SignedIn, TestUser>;
const fx = new HousekeepingFixtures();
const schedules: string[] = [];
let villas: string[];
let deepClean: string;

/** The company's day `offset` days from today (calendar arithmetic on the Athens date). */
function companyDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

function client(actor: Actor): Client {
  return actor === 'anon' ? anonClient() : users[actor].client;
}

async function occurrences(scheduleId: string): Promise<Occurrence[]> {
  const { data, error } = await serviceClient()
    .from('recurring_occurrences')
    .select('*')
    .eq('schedule_id', scheduleId)
    .order('day')
    .order('property_id');
  if (error) throw new Error(error.message);
  return data;
}

async function makeSchedule(
  fields: Partial<Database['public']['Tables']['recurring_schedules']['Insert']>,
  targets: string[],
) {
  const manager = users.manager.client;
  const { data, error } = await manager
    .from('recurring_schedules')
    .insert({
      title: 'Linen check',
      kind: 'clean',
      cleaning_type_id: deepClean,
      rrule: 'FREQ=DAILY',
      starts_on: companyDay(1),
      horizon_days: 6,
      ...fields,
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  schedules.push(data.id);
  if (targets.length > 0) {
    const { error: e2 } = await manager
      .from('recurring_schedule_properties')
      .insert(targets.map((property_id) => ({ schedule_id: data.id, property_id })));
    if (e2) throw new Error(e2.message);
  }
  return data;
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  deepClean = await typeId('deep_clean');
  villas = [];
  for (let i = 0; i < 3; i++)
    villas.push((await fx.property({ area: `Rec area ${randomUUID()}` })).id);
});

afterAll(async () => {
  const service = serviceClient();
  if (schedules.length > 0) await service.from('recurring_schedules').delete().in('id', schedules);
  await fx.cleanup();
});

describe('generation', () => {
  it('makes each day once: on save, under 5 concurrent calls and on repeated runs', async () => {
    const s = await makeSchedule({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', horizon_days: 6 }, villas);
    const saved = await occurrences(s.id);
    // What the save made: every Monday and Thursday of the next 6 days, per villa.
    for (const o of saved) {
      expect(o.day >= companyDay(1) && o.day <= companyDay(6)).toBe(true);
      expect([1, 4]).toContain(new Date(`${o.day}T00:00:00Z`).getUTCDay());
    }
    // Five at once, each asked to reach 40 days ahead: one of them makes each day.
    const calls = await Promise.all(
      Array.from({ length: 5 }, () =>
        users.manager.client.rpc('generate_recurring', {
          p_schedule: s.id,
          p_until: companyDay(40),
        }),
      ),
    );
    for (const c of calls) expect(c.error).toBeNull();
    const all = await occurrences(s.id);
    const made = calls.reduce((n, c) => n + (c.data ?? 0), 0);
    expect(made).toBe(all.length - saved.length);
    expect(all.length).toBeGreaterThanOrEqual(3 * 10);
    expect(new Set(all.map((o) => `${o.property_id} ${o.day}`)).size).toBe(all.length);
    // Each occurrence made exactly one clean, marked with its schedule.
    const { data: cleans } = await serviceClient()
      .from('cleaning_tasks')
      .select('id, day, window_start, recurring_schedule_id')
      .eq('recurring_schedule_id', s.id);
    expect(cleans!.length).toBe(all.length);
    expect(new Set(cleans!.map((c) => c.id))).toEqual(new Set(all.map((o) => o.cleaning_task_id)));
    // Again, and again: nothing.
    for (let i = 0; i < 2; i++) {
      const again = await users.manager.client.rpc('generate_recurring', {
        p_schedule: s.id,
        p_until: companyDay(40),
      });
      expect(again).toMatchObject({ error: null, data: 0 });
    }
    const service = await serviceClient().rpc('generate_recurring', {});
    expect(service.error).toBeNull();
    expect((await occurrences(s.id)).length).toBe(all.length);
  });

  it('a skipped day goes and stays gone; unskipped it comes back', async () => {
    const s = await makeSchedule({}, villas.slice(0, 2));
    const day = companyDay(3);
    expect((await occurrences(s.id)).filter((o) => o.day === day)).toHaveLength(2);
    const skip = await users.manager.client
      .from('recurring_skips')
      .insert({ schedule_id: s.id, day })
      .select();
    expect(skip.error).toBeNull();
    const left = await occurrences(s.id);
    expect(left.filter((o) => o.day === day)).toEqual([]);
    expect(left).toHaveLength(2 * 5);
    await users.manager.client.rpc('generate_recurring', { p_schedule: s.id });
    expect((await occurrences(s.id)).filter((o) => o.day === day)).toEqual([]);
    await users.manager.client
      .from('recurring_skips')
      .delete()
      .eq('schedule_id', s.id)
      .eq('day', day);
    expect((await occurrences(s.id)).filter((o) => o.day === day)).toHaveLength(2);
  });

  it('pause removes the future not-started ones, resume brings them back; edits leave past and started ones alone', async () => {
    const s = await makeSchedule(
      { window_start: '10:00', window_end: '13:00' },
      villas.slice(0, 2),
    );
    const before = await occurrences(s.id);
    expect(before).toHaveLength(2 * 6);
    // One started (in progress), one whose window has begun (moved into the past).
    const started = before.find((o) => o.day === companyDay(2))!;
    await forceStatus(started.cleaning_task_id!, 'in_progress');
    const past = before.find(
      (o) => o.day === companyDay(4) && o.property_id !== started.property_id,
    )!;
    const pastStart = new Date(Date.now() - 3_600_000).toISOString();
    const moved = await serviceClient()
      .from('recurring_occurrences')
      .update({ starts_at: pastStart })
      .eq('id', past.id);
    expect(moved.error).toBeNull();

    const pause = await users.manager.client
      .from('recurring_schedules')
      .update({ paused_at: new Date().toISOString() })
      .eq('id', s.id)
      .select();
    expect(pause.error).toBeNull();
    expect((await occurrences(s.id)).map((o) => o.id).sort()).toEqual([started.id, past.id].sort());
    const { data: gone } = await serviceClient()
      .from('cleaning_tasks')
      .select('id')
      .in(
        'id',
        before
          .filter((o) => o.id !== started.id && o.id !== past.id)
          .map((o) => o.cleaning_task_id!),
      );
    expect(gone).toEqual([]);
    // Paused: generation makes nothing for it.
    await users.manager.client.rpc('generate_recurring', { p_schedule: s.id });
    expect(await occurrences(s.id)).toHaveLength(2);

    await users.manager.client
      .from('recurring_schedules')
      .update({ paused_at: null })
      .eq('id', s.id);
    const resumed = await occurrences(s.id);
    expect(resumed).toHaveLength(2 * 6);
    expect(resumed.find((o) => o.id === started.id)?.cleaning_task_id).toBe(
      started.cleaning_task_id,
    );
    expect(resumed.find((o) => o.id === past.id)?.cleaning_task_id).toBe(past.cleaning_task_id);

    // Edit the window: the future not-started ones are made again at 08:00; the others keep 10:00.
    await users.manager.client
      .from('recurring_schedules')
      .update({ window_start: '08:00', window_end: '09:30' })
      .eq('id', s.id);
    const edited = await occurrences(s.id);
    expect(edited).toHaveLength(2 * 6);
    const { data: tasks } = await serviceClient()
      .from('cleaning_tasks')
      .select('id, window_start, due_at, status')
      .in(
        'id',
        edited.map((o) => o.cleaning_task_id!),
      );
    const athensTime = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Athens',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    for (const o of edited) {
      const t = tasks!.find((x) => x.id === o.cleaning_task_id)!;
      const kept = o.id === started.id || o.id === past.id;
      expect({ day: o.day, kept, start: athensTime(t.window_start) }).toEqual({
        day: o.day,
        kept,
        start: kept ? '10:00' : '08:00',
      });
    }
  });

  it('a work order template: assigned to its default technician, marked recurring', async () => {
    const technician = users.technician;
    const s = await makeSchedule(
      {
        title: 'AC filters',
        kind: 'work_order',
        cleaning_type_id: null,
        category: 'ac',
        priority: 'low',
        checklist: ['Wash the filters', 'Check the drain'],
        rrule: 'FREQ=DAILY;INTERVAL=3',
        default_assignee_id: technician.id,
      },
      villas.slice(0, 1),
    );
    const occ = await occurrences(s.id);
    expect(occ.length).toBe(2);
    const { data } = await technician.client
      .from('work_orders')
      .select('title, category, status, source, assignee_id, recurring_schedule_id, description')
      .in(
        'id',
        occ.map((o) => o.work_order_id!),
      );
    expect(data).toHaveLength(2);
    for (const w of data!)
      expect(w).toEqual({
        title: 'AC filters',
        category: 'ac',
        status: 'assigned',
        source: 'recurring',
        assignee_id: technician.id,
        recurring_schedule_id: s.id,
        description: '- Wash the filters\n- Check the drain',
      });
  });
});

describe('the demo data (seeds/80_recurring.sql)', () => {
  it('four schedules, each with what it made ahead, marked recurring', async () => {
    const { data, error } = await users.manager.client
      .from('recurring_schedules')
      .select('id, title, kind, recurring_occurrences(day, cleaning_task_id, work_order_id)')
      .in(
        'id',
        [1, 2, 3, 4].map((n) => `5ec00000-0000-4000-8000-00000000000${n}`),
      )
      .order('id');
    expect(error).toBeNull();
    expect(data!.map((s) => [s.title, s.kind])).toEqual([
      ['Pool service', 'work_order'],
      ['AC filters', 'work_order'],
      ['Pest control', 'work_order'],
      ['Linen check', 'clean'],
    ]);
    for (const s of data!) {
      expect({ title: s.title, made: s.recurring_occurrences.length > 0 }).toEqual({
        title: s.title,
        made: true,
      });
      for (const o of s.recurring_occurrences) {
        expect(o.day >= companyDay(0)).toBe(true);
        expect(Boolean(s.kind === 'clean' ? o.cleaning_task_id : o.work_order_id)).toBe(true);
      }
    }
  });
});

describe('who may', () => {
  let scheduleId: string;
  let taskId: string;
  let workOrderId: string;

  beforeAll(async () => {
    const s = await makeSchedule({ title: 'Pool service' }, villas.slice(2));
    scheduleId = s.id;
    taskId = (await occurrences(s.id))[0]!.cleaning_task_id!;
    const w = await makeSchedule(
      { title: 'Pest control', kind: 'work_order', cleaning_type_id: null, category: 'pest' },
      villas.slice(2),
    );
    workOrderId = (await occurrences(w.id))[0]!.work_order_id!;
  });

  it('a manager (settings.manage) reads and writes schedules, targets, skips, and reads occurrences', async () => {
    const c = users.manager.client;
    expect(outcome(await c.from('recurring_schedules').select('id').eq('id', scheduleId))).toBe(
      'ok',
    );
    expect(
      outcome(
        await c.from('recurring_schedule_properties').select('*').eq('schedule_id', scheduleId),
      ),
    ).toBe('ok');
    expect(
      outcome(await c.from('recurring_occurrences').select('id').eq('schedule_id', scheduleId)),
    ).toBe('ok');
    const embedded = await c
      .from('cleaning_tasks')
      .select('id, recurring_schedules(title)')
      .eq('id', taskId)
      .single();
    expect(embedded.data?.recurring_schedules).toEqual({ title: 'Pool service' });
    // Occurrences are written by generation only.
    const write = await c
      .from('recurring_occurrences')
      .insert({
        schedule_id: scheduleId,
        property_id: villas[2]!,
        day: companyDay(30),
        starts_at: new Date().toISOString(),
        due_at: new Date().toISOString(),
      })
      .select();
    expect(outcome(write)).toBe('denied');
  });

  for (const actor of ['anon', 'norole', 'housekeeper', 'technician'] as const) {
    it(`${actor}: nothing of the schedules, their function, or the embedding`, async () => {
      const c = client(actor);
      for (const table of [
        'recurring_schedules',
        'recurring_schedule_properties',
        'recurring_skips',
        'recurring_occurrences',
      ] as const) {
        const read = await c.from(table).select('*');
        expect({ table, refused: refused(outcome(read)) }).toEqual({ table, refused: true });
      }
      const insert = await c
        .from('recurring_schedules')
        .insert({ title: 'Nope', kind: 'clean', cleaning_type_id: deepClean, rrule: 'FREQ=DAILY' })
        .select();
      expect(outcome(insert)).toBe('denied');
      const update = await c
        .from('recurring_schedules')
        .update({ paused_at: new Date().toISOString() })
        .eq('id', scheduleId)
        .select();
      expect(refused(outcome(update))).toBe(true);
      const del = await c.from('recurring_schedules').delete().eq('id', scheduleId).select();
      expect(refused(outcome(del))).toBe(true);
      const skip = await c
        .from('recurring_skips')
        .insert({ schedule_id: scheduleId, day: companyDay(2) })
        .select();
      expect(outcome(skip)).toBe('denied');
      const target = await c
        .from('recurring_schedule_properties')
        .insert({ schedule_id: scheduleId, property_id: villas[0]! })
        .select();
      expect(outcome(target)).toBe('denied');
      const gen = await c.rpc('generate_recurring', { p_schedule: scheduleId });
      expect(gen.error?.code).toBe('42501');

      // Through the cleans and work orders they may read: the mark, never the schedule.
      const clean = await c
        .from('cleaning_tasks')
        .select('id, recurring_schedule_id, recurring_schedules(title)')
        .eq('id', taskId);
      const order = await c
        .from('work_orders')
        .select('id, recurring_schedule_id, recurring_schedules(title)')
        .eq('id', workOrderId);
      for (const res of [clean, order]) {
        // anon reads no cleans or work orders at all (42501); the others get the schedule as null.
        if (actor === 'anon') expect(res.error?.code).toBe('42501');
        else expect(res.error).toBeNull();
        for (const row of res.data ?? []) expect(row.recurring_schedules).toBeNull();
      }
      if (actor === 'housekeeper') {
        expect(clean.data).toEqual([
          { id: taskId, recurring_schedule_id: scheduleId, recurring_schedules: null },
        ]);
      }
      if (actor === 'technician') {
        expect(order.data).toHaveLength(1);
        expect(order.data![0]!.recurring_schedule_id).not.toBeNull();
      }
      // Nothing changed.
      const { data } = await serviceClient()
        .from('recurring_schedules')
        .select('paused_at')
        .eq('id', scheduleId)
        .single();
      expect(data?.paused_at).toBeNull();
    });
  }

  it('realtime: the manager gets new schedules and occurrences, nobody else does', async () => {
    const seen = Object.fromEntries(ACTORS.map((a) => [a, [] as Occurrence[]])) as Record<
      Actor,
      Occurrence[]
    >;
    const schedulesSeen = Object.fromEntries(ACTORS.map((a) => [a, [] as string[]])) as Record<
      Actor,
      string[]
    >;
    const clients: Partial<Record<Actor, Client>> = {};
    const listen = (c: Client, into: Occurrence[], intoSchedules: string[]) =>
      new Promise<void>((resolve, reject) => {
        c.channel(`recurring-${randomUUID()}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'recurring_occurrences' },
            (p) => into.push(p.new as Occurrence),
          )
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'recurring_schedules' },
            (p) => intoSchedules.push(String((p.new as { id?: string }).id ?? '')),
          )
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') resolve();
            if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
          });
      });
    const roundTrip = (c: Client) =>
      new Promise<void>((resolve, reject) => {
        const probe = c.channel(`round-trip-${randomUUID()}`);
        probe.subscribe((status) => {
          if (status === 'SUBSCRIBED') void c.removeChannel(probe).then(() => resolve());
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
        });
      });
    for (const actor of ['anon', 'norole', 'housekeeper', 'technician', 'manager'] as const) {
      const c = client(actor);
      if (actor !== 'anon') {
        const { data } = await c.auth.getSession();
        c.realtime.setAuth(data.session!.access_token);
      }
      clients[actor] = c;
      await listen(c, seen[actor], schedulesSeen[actor]);
    }
    try {
      const s = await makeSchedule({ title: 'Live', horizon_days: 2 }, villas.slice(1, 2));
      await expect
        .poll(() => seen.manager.filter((o) => o.schedule_id === s.id).length, { timeout: 10_000 })
        .toBe(2);
      await expect.poll(() => schedulesSeen.manager.includes(s.id), { timeout: 10_000 }).toBe(true);
      for (const actor of ['anon', 'norole', 'housekeeper', 'technician'] as const) {
        await roundTrip(clients[actor]!);
        expect({ actor, seen: seen[actor] }).toEqual({ actor, seen: [] });
        expect({ actor, schedules: schedulesSeen[actor] }).toEqual({ actor, schedules: [] });
      }
    } finally {
      for (const c of Object.values(clients)) await c.removeAllChannels();
    }
  });
});
