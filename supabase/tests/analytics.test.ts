// Analytics functions (20261203100000_analytics.sql, docs/analytics.md): every figure against a
// hand-worked value on a fixed fixture made here as the service role (its own area, three villas:
// A and B with data, C with none), the previous period beside the current one, an empty range,
// the filters, and the refusals (anon at the grant, housekeeper / technician / no role at the
// permission check).
//
// Periods are company days (Europe/Athens, UTC+3 until 25 Oct 2026 04:00, then UTC+2):
//   current  = 19-25 Oct 2026 = [2026-10-18T21:00Z, 2026-10-25T22:00Z)
//   previous = 12-18 Oct 2026 = [2026-10-11T21:00Z, 2026-10-18T21:00Z)
// Clean T1 finishes at 2026-10-18T22:40Z: 18 Oct in UTC but 19 Oct in Athens, so current.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, type Client, type TestUser } from './support.ts';
import { createActors, uniqueCode, type Property, type SignedIn } from './properties-fixtures.ts';
import {
  HousekeepingFixtures,
  turnoverOf,
  typeId,
  type TaskStatus,
} from './housekeeping-fixtures.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { makeItem, makeLocation, villaLocation } from './inventory-fixtures.ts';

const FUNCTIONS = [
  'analytics_cleans',
  'analytics_turnovers',
  'analytics_inspections',
  'analytics_work_orders',
  'analytics_maintenance_cost',
  'analytics_stock',
  'analytics_occupancy',
] as const;
type Fn = (typeof FUNCTIONS)[number];

const FROM = '2026-10-19';
const TO = '2026-10-25';

const fx = new HousekeepingFixtures();
let users: Record<SignedIn, TestUser>;
let area: string;
let A: Property;
let B: Property;
let C: Property;
let deepClean: string;

type Row = Record<string, string | number | null>;
type CleanUpdate = Database['public']['Tables']['cleaning_tasks']['Update'];

/** Numbers as numbers (numeric and bigint may come as strings), everything else as is. */
function norm(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] =
      typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && !k.endsWith('_code')
        ? Number(v)
        : (v as string | number | null);
  }
  return out;
}

async function run(client: Client, fn: Fn, args: Record<string, unknown> = {}): Promise<Row[]> {
  const { data, error } = await client.rpc(fn, { p_from: FROM, p_to: TO, p_area: area, ...args });
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return (data as Record<string, unknown>[]).map(norm);
}

/** The row of a period: the total (villa null) or a villa's (or, for work orders, a priority's). */
function row(rows: Row[], period: 'current' | 'previous', where: Row = { property_id: null }) {
  const found = rows.filter(
    (r) => r.period === period && Object.entries(where).every(([k, v]) => r[k] === v),
  );
  expect(found, `${period} ${JSON.stringify(where)}`).toHaveLength(1);
  return found[0];
}

const villaRows = (rows: Row[], period: string) =>
  rows.filter((r) => r.period === period && r.property_id !== null).map((r) => r.property_id);

async function ok<T>(
  p: PromiseLike<{ data: T; error: { message: string } | null }>,
): Promise<NonNullable<T>> {
  const { data, error } = await p;
  if (error || data == null) throw new Error(error?.message ?? 'no data');
  return data;
}

async function setClean(id: string, patch: CleanUpdate) {
  await ok(serviceClient().from('cleaning_tasks').update(patch).eq('id', id).select('id'));
}

/** Walk a clean through statuses (each step logged by the trigger), then set its times. */
async function walk(id: string, statuses: TaskStatus[], times: CleanUpdate) {
  for (const status of statuses) await setClean(id, { status });
  await setClean(id, times);
}

/** Date the inspection events (done -> inspected / in_progress) of a clean, in order. */
async function dateInspections(id: string, ats: Record<'inspected' | 'in_progress', string>) {
  for (const [to, at] of Object.entries(ats)) {
    await ok(
      serviceClient()
        .from('cleaning_task_activity')
        .update({ at })
        .eq('task_id', id)
        .eq('action', 'status')
        .eq('from_status', 'done')
        .eq('to_status', to as 'inspected' | 'in_progress')
        .select('id'),
    );
  }
}

async function workOrder(fields: Record<string, unknown>, createdAt: string) {
  const service = serviceClient();
  const w = await ok(
    service
      .from('work_orders')
      .insert({ title: 'Analytics fixture', ...fields } as never)
      .select('id')
      .single(),
  );
  await ok(
    service.from('work_orders').update({ created_at: createdAt }).eq('id', w.id).select('id'),
  );
  return w.id;
}

async function rpcOk(name: string, args: Record<string, unknown>) {
  const { error } = await serviceClient().rpc(name as never, args as never);
  if (error) throw new Error(`${name}: ${error.message}`);
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  area = `Analytics ${uniqueCode('AN')}`;
  [A, B, C] = await Promise.all([
    fx.property({ name: 'Analytics A', area }),
    fx.property({ name: 'Analytics B', area }),
    fx.property({ name: 'Analytics C', area }),
  ]);
  deepClean = await typeId('deep_clean');

  // Stays (UTC). A: R1 10-17 Oct, R2 20-23 Oct, R3 23-30 Oct. B: R4 5-14 Oct, R5 15-21 Oct.
  const r1 = await fx.reservation(A.id, '2026-10-10T12:00:00Z', '2026-10-17T08:00:00Z');
  const r2 = await fx.reservation(A.id, '2026-10-20T12:00:00Z', '2026-10-23T08:00:00Z');
  await fx.reservation(A.id, '2026-10-23T13:00:00Z', '2026-10-30T08:00:00Z');
  const r4 = await fx.reservation(B.id, '2026-10-05T12:00:00Z', '2026-10-14T08:00:00Z');
  const r5 = await fx.reservation(B.id, '2026-10-15T12:00:00Z', '2026-10-21T08:00:00Z');
  const [t1, t2, t4, t5] = await Promise.all([r1, r2, r4, r5].map((r) => turnoverOf(r.id)));
  expect(t1!.next_check_in && new Date(t1!.next_check_in).toISOString()).toBe(
    '2026-10-20T12:00:00.000Z',
  );

  // T1 (A): sent back once, then passed; 90 min against 120; done before R2's check-in.
  await walk(t1!.id, ['in_progress', 'done', 'in_progress', 'done', 'inspected'], {
    started_at: '2026-10-18T21:10:00Z',
    finished_at: '2026-10-18T22:40:00Z',
    inspected_at: '2026-10-19T12:00:00Z',
    estimated_minutes: 120,
  });
  await dateInspections(t1!.id, {
    in_progress: '2026-10-19T10:00:00Z',
    inspected: '2026-10-19T12:00:00Z',
  });
  // T2 (A): 120 min against 100, finished 14:00Z, an hour after R3's check-in: late.
  await walk(t2!.id, ['in_progress', 'done'], {
    started_at: '2026-10-23T12:00:00Z',
    finished_at: '2026-10-23T14:00:00Z',
    estimated_minutes: 100,
  });
  // T4 (B, previous): 60 against 60, before R5's check-in, passed inspection on 14 Oct.
  await walk(t4!.id, ['in_progress', 'done', 'inspected'], {
    started_at: '2026-10-14T09:00:00Z',
    finished_at: '2026-10-14T10:00:00Z',
    inspected_at: '2026-10-14T12:00:00Z',
    estimated_minutes: 60,
  });
  await dateInspections(t4!.id, {
    in_progress: '2000-01-01T00:00:00Z',
    inspected: '2026-10-14T12:00:00Z',
  });
  // T5 (B): 150 against 120, no next stay (no deadline); the housekeeper did it.
  await walk(t5!.id, ['in_progress', 'done'], {
    started_at: '2026-10-21T09:00:00Z',
    finished_at: '2026-10-21T11:30:00Z',
    estimated_minutes: 120,
  });
  await ok(
    serviceClient()
      .from('cleaning_task_assignees')
      .insert({ task_id: t5!.id, user_id: users.housekeeper.id })
      .select('id'),
  );
  // T6 (B, previous): a deep clean, done, never started (no duration), estimate 200.
  const t6 = await ok(
    serviceClient()
      .from('cleaning_tasks')
      .insert({
        property_id: B.id,
        cleaning_type_id: deepClean,
        window_start: '2026-10-13T06:00:00Z',
        due_at: '2026-10-13T14:00:00Z',
        estimated_minutes: 200,
        status: 'done',
        finished_at: '2026-10-13T10:00:00Z',
      } as never)
      .select('id')
      .single(),
  );

  // Work orders.
  await workOrder(
    {
      property_id: A.id,
      priority: 'high',
      category: 'plumbing',
      status: 'resolved',
      assignee_id: users.technician.id,
      resolved_at: '2026-10-20T08:00:00Z',
      parts_cost: 50,
      labour_cost: 30,
    },
    '2026-10-13T08:00:00Z',
  ); // W1: 168 h
  await workOrder(
    {
      property_id: A.id,
      priority: 'high',
      category: 'pool',
      status: 'resolved',
      resolved_at: '2026-10-20T15:00:00Z',
      parts_cost: 10,
      labour_cost: 20,
      external_cost: 100,
    },
    '2026-10-20T09:00:00Z',
  ); // W2: 6 h
  await workOrder(
    { property_id: B.id, priority: 'urgent', category: 'electrical' },
    '2026-10-22T08:00:00Z',
  ); // W3: open
  await workOrder(
    { property_id: B.id, priority: 'low', category: 'other' },
    '2026-07-22T08:00:00Z',
  ); // W4: open, old
  await workOrder(
    {
      property_id: A.id,
      priority: 'medium',
      category: 'plumbing',
      status: 'closed',
      resolved_at: '2026-10-12T13:00:00Z',
      closed_at: '2026-10-13T09:00:00Z',
      parts_cost: 5,
      labour_cost: 15,
    },
    '2026-10-12T09:00:00Z',
  ); // W5: 4 h

  // Stock: 2.50 a unit; a warehouse and B's own location.
  const item = await makeItem({ unit_cost: 2.5 });
  const warehouse = await makeLocation('warehouse');
  const bLoc = await villaLocation(B.id);
  const base = { item_id: item.id };
  await rpcOk('inventory_receive', {
    ...base,
    location_id: warehouse.id,
    quantity: 100,
    occurred_at: '2026-10-01T08:00:00Z',
  });
  await rpcOk('inventory_transfer', {
    ...base,
    from_location_id: warehouse.id,
    to_location_id: bLoc.id,
    quantity: 10,
    occurred_at: '2026-10-02T08:00:00Z',
  });
  const consume = (location_id: string, quantity: number, at: string, clean_id?: string) =>
    rpcOk('inventory_consume', { ...base, location_id, quantity, occurred_at: at, clean_id });
  await consume(warehouse.id, 4, '2026-10-19T06:00:00Z', t1!.id); // A's, through its clean
  await consume(bLoc.id, 6, '2026-10-20T10:00:00Z'); // B's, at the villa
  await consume(warehouse.id, 2, '2026-10-13T10:00:00Z', t6.id); // B's, previous
  await consume(warehouse.id, 3, '2026-10-20T10:00:00Z'); // no villa: not counted
}, 120_000);

afterAll(async () => {
  // A and B keep their ledger and history: archived, not deleted (as the inventory suites do).
  await serviceClient().from('properties').update({ archived: true }).in('id', [A.id, B.id]);
  await fx.cleanup().catch(() => undefined);
});

describe('analytics: each figure on the fixture, current and previous period', () => {
  it('cleans done and duration against the estimate', async () => {
    const rows = await run(users.manager.client, 'analytics_cleans');
    expect(row(rows, 'current')).toMatchObject({
      cleans_done: 3,
      timed_cleans: 3,
      avg_minutes: 120, // (90 + 120 + 150) / 3
      avg_estimated_minutes: 113.3, // (120 + 100 + 120) / 3
    });
    expect(row(rows, 'current', { property_id: A.id })).toMatchObject({
      property_code: A.code,
      property_name: 'Analytics A',
      cleans_done: 2,
      timed_cleans: 2,
      avg_minutes: 105,
      avg_estimated_minutes: 110,
    });
    expect(row(rows, 'current', { property_id: B.id })).toMatchObject({
      cleans_done: 1,
      avg_minutes: 150,
      avg_estimated_minutes: 120,
    });
    // previous: T4 (60 of 60) and T6 (done, never started: counted, not timed)
    expect(row(rows, 'previous')).toMatchObject({
      cleans_done: 2,
      timed_cleans: 1,
      avg_minutes: 60,
      avg_estimated_minutes: 60,
    });
    expect(villaRows(rows, 'previous')).toEqual([B.id]);
    expect(villaRows(rows, 'current')).not.toContain(C.id);
  });

  it('turnovers on time (done before the next check-in) and late', async () => {
    const rows = await run(users.manager.client, 'analytics_turnovers');
    expect(row(rows, 'current')).toMatchObject({
      turnovers: 2,
      on_time: 1,
      late: 1,
      on_time_rate: 50,
    });
    expect(row(rows, 'current', { property_id: A.id })).toMatchObject({ turnovers: 2, late: 1 });
    expect(row(rows, 'previous')).toMatchObject({
      turnovers: 1,
      on_time: 1,
      late: 0,
      on_time_rate: 100,
    });
    expect(row(rows, 'previous', { property_id: B.id })).toMatchObject({ turnovers: 1 });
  });

  it('inspections passed and sent back', async () => {
    const rows = await run(users.manager.client, 'analytics_inspections');
    expect(row(rows, 'current')).toMatchObject({
      inspections: 2,
      passed: 1,
      sent_back: 1,
      pass_rate: 50,
    });
    expect(row(rows, 'current', { property_id: A.id })).toMatchObject({ inspections: 2 });
    expect(row(rows, 'previous')).toMatchObject({
      inspections: 1,
      passed: 1,
      sent_back: 0,
      pass_rate: 100,
    });
  });

  it('work orders opened, resolved, time to resolve and backlog by priority and age', async () => {
    const rows = await run(users.manager.client, 'analytics_work_orders');
    expect(rows).toHaveLength(10); // 4 priorities + the total, each period
    expect(row(rows, 'current', { priority: null })).toMatchObject({
      opened: 2,
      resolved: 2,
      mean_hours_to_resolve: 87, // (168 + 6) / 2
      backlog: 2,
      backlog_0_7_days: 1,
      backlog_8_30_days: 0,
      backlog_31_90_days: 0,
      backlog_over_90_days: 1,
    });
    expect(row(rows, 'current', { priority: 'high' })).toMatchObject({
      opened: 1,
      resolved: 2,
      mean_hours_to_resolve: 87,
      backlog: 0,
    });
    expect(row(rows, 'current', { priority: 'urgent' })).toMatchObject({
      opened: 1,
      resolved: 0,
      mean_hours_to_resolve: null,
      backlog: 1,
      backlog_0_7_days: 1,
    });
    // W4 (22 Jul): 88.5 days old at the previous period's end, 95.6 at the current one's
    expect(row(rows, 'current', { priority: 'low' })).toMatchObject({
      backlog: 1,
      backlog_over_90_days: 1,
    });
    expect(row(rows, 'previous', { priority: 'low' })).toMatchObject({
      backlog: 1,
      backlog_31_90_days: 1,
    });
    expect(row(rows, 'previous', { priority: null })).toMatchObject({
      opened: 2,
      resolved: 1,
      mean_hours_to_resolve: 4,
      backlog: 2, // W1 (5.5 days old) and W4
      backlog_0_7_days: 1,
      backlog_31_90_days: 1,
    });
  });

  it('maintenance cost by villa and category', async () => {
    const rows = await run(users.manager.client, 'analytics_maintenance_cost');
    expect(row(rows, 'current')).toMatchObject({
      work_orders: 2,
      parts_cost: 60,
      labour_cost: 50,
      external_cost: 100,
      total_cost: 210,
    });
    expect(row(rows, 'current', { property_id: A.id, category: 'plumbing' })).toMatchObject({
      work_orders: 1,
      total_cost: 80,
    });
    expect(row(rows, 'current', { property_id: A.id, category: 'pool' })).toMatchObject({
      total_cost: 130,
    });
    expect(row(rows, 'previous')).toMatchObject({ work_orders: 1, total_cost: 20 });
    expect(villaRows(rows, 'current')).not.toContain(B.id); // open orders cost nothing yet
  });

  it('stock consumed and its cost per villa and per stay', async () => {
    const rows = await run(users.manager.client, 'analytics_stock');
    expect(row(rows, 'current')).toMatchObject({
      quantity: 10,
      cost: 25,
      stays: 2,
      cost_per_stay: 12.5,
    });
    expect(row(rows, 'current', { property_id: A.id })).toMatchObject({
      quantity: 4,
      cost: 10,
      stays: 1,
      cost_per_stay: 10,
    });
    expect(row(rows, 'current', { property_id: B.id })).toMatchObject({
      quantity: 6,
      cost: 15,
      stays: 1,
      cost_per_stay: 15,
    });
    expect(row(rows, 'previous')).toMatchObject({
      quantity: 2,
      cost: 5,
      stays: 2,
      cost_per_stay: 2.5,
    });
    expect(row(rows, 'previous', { property_id: A.id })).toMatchObject({
      quantity: 0,
      cost: 0,
      stays: 1,
      cost_per_stay: 0,
    });
    expect(villaRows(rows, 'current')).not.toContain(C.id);
  });

  it('occupancy and turnovers per villa, a villa with no data included', async () => {
    const rows = await run(users.manager.client, 'analytics_occupancy');
    expect(row(rows, 'current')).toMatchObject({
      nights: 21,
      occupied_nights: 8,
      occupancy_rate: 38.1,
      turnovers: 2,
    });
    expect(row(rows, 'current', { property_id: A.id })).toMatchObject({
      nights: 7,
      occupied_nights: 6, // R2: 20, 21, 22; R3: 23, 24, 25
      occupancy_rate: 85.7,
      turnovers: 1,
    });
    expect(row(rows, 'current', { property_id: B.id })).toMatchObject({
      occupied_nights: 2,
      occupancy_rate: 28.6,
      turnovers: 1,
    });
    expect(row(rows, 'current', { property_id: C.id })).toMatchObject({
      nights: 7,
      occupied_nights: 0,
      occupancy_rate: 0,
      turnovers: 0,
    });
    expect(row(rows, 'previous')).toMatchObject({
      nights: 21,
      occupied_nights: 11, // A: 12-16 Oct; B: 12, 13 and 15-18 Oct
      occupancy_rate: 52.4,
      turnovers: 2,
    });
  });
});

describe('analytics: ranges and filters', () => {
  it('an empty range answers zero totals for both periods and no villa rows', async () => {
    const args = { p_from: '2026-01-05', p_to: '2026-01-06' };
    for (const fn of FUNCTIONS) {
      const rows = await run(users.manager.client, fn, args);
      const totals = rows.filter((r) => r.property_id == null && r.priority == null);
      expect(
        totals.map((r) => r.period),
        fn,
      ).toEqual(['current', 'previous']);
      if (fn !== 'analytics_occupancy' && fn !== 'analytics_work_orders')
        expect(rows, fn).toHaveLength(2);
    }
    const cleans = await run(users.manager.client, 'analytics_cleans', args);
    expect(row(cleans, 'current')).toMatchObject({ cleans_done: 0, avg_minutes: null });
    const occ = await run(users.manager.client, 'analytics_occupancy', args);
    expect(row(occ, 'current')).toMatchObject({ nights: 6, occupied_nights: 0 }); // 3 villas x 2
    expect(row(occ, 'previous')).toMatchObject({ nights: 6, occupied_nights: 0 });
  });

  it('a villa with no data: zero totals, no rows', async () => {
    for (const fn of FUNCTIONS) {
      const rows = await run(users.manager.client, fn, { p_property: C.id });
      const villas = rows.filter((r) => r.property_id != null);
      if (fn === 'analytics_occupancy')
        expect(villas.map((r) => r.property_id)).toEqual([C.id, C.id]);
      else expect(villas, fn).toEqual([]);
    }
    const cleans = await run(users.manager.client, 'analytics_cleans', { p_property: C.id });
    expect(row(cleans, 'current')).toMatchObject({ cleans_done: 0 });
  });

  it('filters: one villa, a cleaning type, a person', async () => {
    const a = await run(users.manager.client, 'analytics_cleans', { p_property: A.id });
    expect(row(a, 'current')).toMatchObject({ cleans_done: 2, avg_minutes: 105 });
    expect(row(a, 'previous')).toMatchObject({ cleans_done: 0 });

    const deep = await run(users.manager.client, 'analytics_cleans', {
      p_cleaning_type: deepClean,
    });
    expect(row(deep, 'current')).toMatchObject({ cleans_done: 0 });
    expect(row(deep, 'previous')).toMatchObject({
      cleans_done: 1,
      timed_cleans: 0,
      avg_minutes: null,
    });

    const hers = await run(users.manager.client, 'analytics_cleans', {
      p_person: users.housekeeper.id,
    });
    expect(row(hers, 'current')).toMatchObject({ cleans_done: 1, avg_minutes: 150 });

    const his = await run(users.manager.client, 'analytics_work_orders', {
      p_person: users.technician.id,
    });
    expect(row(his, 'current', { priority: null })).toMatchObject({
      opened: 0,
      resolved: 1,
      mean_hours_to_resolve: 168,
    });
    expect(row(his, 'previous', { priority: null })).toMatchObject({ opened: 1, backlog: 1 });

    // another area: nothing of this fixture
    const other = await run(users.manager.client, 'analytics_cleans', {
      p_area: `${area} (none)`,
    });
    expect(rows(other)).toEqual([0, 0]);
    function rows(r: Row[]) {
      return r.map((x) => x.cleans_done);
    }
  });

  it('a bad range is refused with 22023', async () => {
    for (const args of [
      { p_from: '2026-10-25', p_to: '2026-10-19' },
      { p_from: '2024-01-01', p_to: '2026-01-01' },
    ]) {
      const { error } = await users.manager.client.rpc('analytics_cleans', {
        p_area: area,
        ...args,
      });
      expect(error?.code).toBe('22023');
    }
  });
});

describe('analytics: refusals', () => {
  it('anon is refused at the grant, every function', async () => {
    const anon = anonClient();
    for (const fn of FUNCTIONS) {
      const { data, error } = await anon.rpc(fn, { p_from: FROM, p_to: TO });
      expect({ fn, data, code: error?.code }).toEqual({ fn, data: null, code: '42501' });
      expect(error?.message, fn).toMatch(/permission denied/i);
    }
  });

  it('housekeeper, technician and a user with no role are refused at the permission check', async () => {
    for (const who of ['housekeeper', 'technician', 'norole'] as const) {
      for (const fn of FUNCTIONS) {
        const { data, error } = await users[who].client.rpc(fn, { p_from: FROM, p_to: TO });
        expect({ who, fn, data, code: error?.code, message: error?.message }).toEqual({
          who,
          fn,
          data: null,
          code: '42501',
          message: 'Analytics need the analytics.view permission',
        });
      }
    }
  });

  it('a housekeeper given analytics.view gets the figures; the admin has them', async () => {
    const service = serviceClient();
    await ok(
      service
        .from('custom_permissions')
        .insert({ user_id: users.housekeeper.id, permission_key: 'analytics.view', granted: true })
        .select('user_id'),
    );
    try {
      const rows = await run(users.housekeeper.client, 'analytics_cleans');
      expect(row(rows, 'current')).toMatchObject({ cleans_done: 3 });
    } finally {
      await service
        .from('custom_permissions')
        .delete()
        .eq('user_id', users.housekeeper.id)
        .eq('permission_key', 'analytics.view');
    }
    const admin = await run(users.admin.client, 'analytics_cleans');
    expect(row(admin, 'current')).toMatchObject({ cleans_done: 3 });
  });
});
