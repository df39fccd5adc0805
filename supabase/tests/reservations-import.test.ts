// import_reservations() through supabase-js rpc, as the ical-import function and the app call it:
// idempotent on the UID, follows moved stays (swaps included), cancels removed ones on a full sync
// (never stays already begun), never revives a stay cancelled here, reports conflicts (and keeps
// them, so the villa is not guest-ready), malformed events, and who may run it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/database.types.ts';
import { anonClient, serviceClient, type Client, type TestUser } from './support.ts';
import {
  createActors,
  daysFromNow,
  Fixtures,
  sameInstant,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let manager: Client;

interface Report {
  created: number;
  updated: number;
  cancelled: number;
  unchanged: number;
  changes: {
    action: string;
    uid: string;
    reservation_id: string;
    check_in: string;
    check_out: string;
  }[];
  conflicts: { uid: string; conflicting_reservation_id: string | null }[];
  invalid: { index: number; uid: string | null; reason: string }[];
  skipped: { uid: string; reason: string }[];
  warnings: string[];
}

type Ev = Json;

async function runImport(
  client: Client,
  property: Property,
  events: Ev[],
  opts: { source?: 'airbnb' | 'booking' | 'vrbo' | 'other'; full?: boolean } = {},
) {
  return client.rpc('import_reservations', {
    property_id: property.id,
    source: opts.source ?? 'airbnb',
    events,
    full_sync: opts.full ?? true,
  });
}

async function imported(
  client: Client,
  property: Property,
  events: Ev[],
  opts = {},
): Promise<Report> {
  const { data, error } = await runImport(client, property, events, opts);
  expect(error).toBeNull();
  return data as unknown as Report;
}

async function stays(property: Property) {
  const { data, error } = await serviceClient()
    .from('reservations')
    .select(
      'external_uid, status, check_in, check_out, guest_name, source, updated_at, cancelled_at',
    )
    .eq('property_id', property.id)
    .order('check_in');
  if (error) throw new Error(error.message);
  return data;
}

const day = (n: number) => daysFromNow(n).slice(0, 10);

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  manager = users.manager.client;
});

afterAll(async () => {
  await fx.cleanup();
});

describe('import_reservations: applying a feed', () => {
  it('creates stays from dates (15:00 / 11:00 company time), instants and wall times', async () => {
    const v = await fx.property();
    const report = await imported(manager, v, [
      {
        uid: 'all-day@airbnb.com',
        check_in_date: '2031-07-01',
        check_out_date: '2031-07-05',
        guest_name: '',
      },
      {
        uid: 'utc@airbnb.com',
        check_in: '2031-07-05T13:00:00Z',
        check_out: '2031-07-08T08:00:00Z',
        guest_name: 'Ana Ferreira',
      },
      {
        uid: 'local@airbnb.com',
        check_in_local: '2031-07-10T16:00:00',
        check_out_local: '2031-07-12T10:00:00',
        guests: 3,
      },
    ]);
    expect(report).toMatchObject({
      created: 3,
      updated: 0,
      cancelled: 0,
      unchanged: 0,
      conflicts: [],
      invalid: [],
    });
    const rows = await stays(v);
    // Europe/Athens is UTC+3 in July.
    expect(sameInstant(rows[0]!.check_in, '2031-07-01T12:00:00Z')).toBe(true);
    expect(sameInstant(rows[0]!.check_out, '2031-07-05T08:00:00Z')).toBe(true);
    expect(sameInstant(rows[1]!.check_in, '2031-07-05T13:00:00Z')).toBe(true);
    expect(sameInstant(rows[2]!.check_in, '2031-07-10T13:00:00Z')).toBe(true);
    expect(rows.map((r) => [r.external_uid, r.source, r.status, r.guest_name])).toEqual([
      ['all-day@airbnb.com', 'airbnb', 'confirmed', ''],
      ['utc@airbnb.com', 'airbnb', 'confirmed', 'Ana Ferreira'],
      ['local@airbnb.com', 'airbnb', 'confirmed', ''],
    ]);
    // Winter: UTC+2.
    const winter = await fx.property();
    await imported(manager, winter, [
      { uid: 'w', check_in_date: '2031-01-10', check_out_date: '2031-01-12' },
    ]);
    const [w] = await stays(winter);
    expect(sameInstant(w!.check_in, '2031-01-10T13:00:00Z')).toBe(true);
    expect(sameInstant(w!.check_out, '2031-01-12T09:00:00Z')).toBe(true);
  });

  it('is idempotent: the same feed twice changes nothing the second time', async () => {
    const v = await fx.property();
    const feed: Ev[] = [
      { uid: 'a', check_in_date: day(20), check_out_date: day(24), guest_name: 'Lukas Becker' },
      { uid: 'b', check_in_date: day(24), check_out_date: day(27) },
      { uid: 'c', status: 'cancelled', check_in_date: day(40), check_out_date: day(42) },
    ];
    const first = await imported(manager, v, feed);
    expect(first).toMatchObject({ created: 2, unchanged: 1 });
    const before = await stays(v);
    const second = await imported(manager, v, feed);
    expect(second).toMatchObject({
      created: 0,
      updated: 0,
      cancelled: 0,
      unchanged: 3,
      changes: [],
    });
    expect(await stays(v)).toEqual(before);
  });

  it('follows moved stays and renamed guests, keeps a known name when the feed has none', async () => {
    const v = await fx.property();
    await imported(manager, v, [
      { uid: 'm1', check_in_date: day(30), check_out_date: day(33), guest_name: 'Giulia Romano' },
      { uid: 'm2', check_in_date: day(40), check_out_date: day(43), guest_name: 'Oliver Bennett' },
    ]);
    const report = await imported(manager, v, [
      { uid: 'm1', check_in_date: day(31), check_out_date: day(35), guest_name: '' },
      {
        uid: 'm2',
        check_in_date: day(40),
        check_out_date: day(43),
        guest_name: 'Oliver J. Bennett',
      },
    ]);
    expect(report).toMatchObject({ created: 0, updated: 2, cancelled: 0, unchanged: 0 });
    expect(report.changes.map((c) => [c.action, c.uid])).toEqual([
      ['updated', 'm1'],
      ['updated', 'm2'],
    ]);
    const rows = await stays(v);
    expect(rows.map((r) => r.guest_name)).toEqual(['Giulia Romano', 'Oliver J. Bennett']);
    expect(rows[0]!.check_in.slice(0, 10)).toBe(day(31));
  });

  it('two guests swapping dates: both moves apply', async () => {
    const v = await fx.property();
    await imported(manager, v, [
      { uid: 's1', check_in_date: day(60), check_out_date: day(63) },
      { uid: 's2', check_in_date: day(63), check_out_date: day(66) },
    ]);
    const report = await imported(manager, v, [
      { uid: 's1', check_in_date: day(63), check_out_date: day(66) },
      { uid: 's2', check_in_date: day(60), check_out_date: day(63) },
    ]);
    expect(report).toMatchObject({ updated: 2, conflicts: [] });
    const rows = await stays(v);
    expect(rows.map((r) => r.external_uid)).toEqual(['s2', 's1']);
  });

  it('full sync cancels future stays that left the feed, never begun or past ones, nor other sources', async () => {
    const v = await fx.property();
    await imported(manager, v, [
      { uid: 'past', check_in_date: day(-20), check_out_date: day(-15) },
      { uid: 'now', check_in_date: day(-2), check_out_date: day(3) },
      { uid: 'gone', check_in_date: day(10), check_out_date: day(12) },
      { uid: 'kept', check_in_date: day(15), check_out_date: day(18) },
    ]);
    await fx.reservation(v.id, daysFromNow(20), daysFromNow(22), {
      source: 'booking',
      external_uid: 'bk@booking.com',
    });
    await fx.reservation(v.id, daysFromNow(25), daysFromNow(27), { guest_name: 'Entered By Hand' });

    const report = await imported(manager, v, [
      { uid: 'kept', check_in_date: day(15), check_out_date: day(18) },
    ]);
    expect(report).toMatchObject({ created: 0, updated: 0, cancelled: 1, unchanged: 1 });
    expect(report.changes).toEqual([expect.objectContaining({ action: 'cancelled', uid: 'gone' })]);
    const status = Object.fromEntries(
      (await stays(v)).map((r) => [r.external_uid ?? r.guest_name, r.status]),
    );
    expect(status).toEqual({
      past: 'confirmed',
      now: 'confirmed',
      gone: 'cancelled',
      kept: 'confirmed',
      'bk@booking.com': 'confirmed',
      'Entered By Hand': 'confirmed',
    });
  });

  it('a partial import (an uploaded file) cancels nothing it does not mention', async () => {
    const v = await fx.property();
    await imported(manager, v, [
      { uid: 'p1', check_in_date: day(10), check_out_date: day(12) },
      { uid: 'p2', check_in_date: day(14), check_out_date: day(16) },
    ]);
    const report = await imported(
      manager,
      v,
      [{ uid: 'p3', check_in_date: day(20), check_out_date: day(22) }],
      {
        full: false,
      },
    );
    expect(report).toMatchObject({ created: 1, cancelled: 0 });
    expect((await stays(v)).every((r) => r.status === 'confirmed')).toBe(true);
  });

  it('an empty feed on a full sync cancels nothing and warns', async () => {
    const v = await fx.property();
    await imported(manager, v, [{ uid: 'e1', check_in_date: day(10), check_out_date: day(12) }]);
    const report = await imported(manager, v, []);
    expect(report).toMatchObject({ cancelled: 0, warnings: ['empty_feed'] });
    expect((await stays(v))[0]!.status).toBe('confirmed');
  });

  it('STATUS:CANCELLED cancels the stay; a stay cancelled here is never revived by the feed', async () => {
    const v = await fx.property();
    await imported(manager, v, [{ uid: 'x1', check_in_date: day(10), check_out_date: day(12) }]);
    const cancel = await imported(manager, v, [
      { uid: 'x1', status: 'cancelled', check_in_date: day(10), check_out_date: day(12) },
    ]);
    expect(cancel).toMatchObject({ cancelled: 1 });
    const back = await imported(manager, v, [
      { uid: 'x1', check_in_date: day(10), check_out_date: day(12) },
    ]);
    expect(back).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(back.skipped).toEqual([
      expect.objectContaining({ uid: 'x1', reason: expect.stringMatching(/by hand/) }),
    ]);
    expect((await stays(v))[0]!.status).toBe('cancelled');
  });

  it('reports malformed events and still counts their UIDs as present', async () => {
    const v = await fx.property();
    await imported(manager, v, [
      { uid: 'bad-dates', check_in_date: day(10), check_out_date: day(12) },
    ]);
    const report = await imported(manager, v, [
      'not an object',
      { check_in_date: day(1), check_out_date: day(2) },
      { uid: 'bad-dates', check_in_date: '2031-02-30', check_out_date: day(12) },
      { uid: 'backwards', check_in_date: day(12), check_out_date: day(10) },
      { uid: 'no-offset', check_in: '2031-07-01T10:00:00', check_out: '2031-07-02T10:00:00Z' },
      { uid: 'no-end', check_in_date: day(30) },
      { uid: 'too-long', check_in_date: '2031-01-01', check_out_date: '2033-01-01' },
      { uid: 'weird', status: 'tentative', check_in_date: day(30), check_out_date: day(31) },
      { uid: 'dup', check_in_date: day(40), check_out_date: day(41) },
      { uid: 'dup', check_in_date: day(50), check_out_date: day(51) },
    ]);
    expect(report.invalid.map((i) => [i.index, i.uid, i.reason])).toEqual([
      [0, null, 'not an object'],
      [1, null, 'missing UID'],
      [2, 'bad-dates', 'unreadable date'],
      [3, 'backwards', 'check-out is not after check-in'],
      [4, 'no-offset', 'unreadable date'],
      [5, 'no-end', 'missing check-in or check-out'],
      [6, 'too-long', 'stay longer than 366 days'],
      [7, 'weird', 'unknown status'],
      [9, 'dup', 'duplicate UID in the feed'],
    ]);
    expect(report).toMatchObject({ created: 1, cancelled: 0 });
  });
});

describe('import_reservations: conflicts', () => {
  it('an event overlapping a stay entered by hand is not applied, is reported, and makes the villa not ready until resolved', async () => {
    const v = await fx.property();
    const manual = await fx.reservation(v.id, daysFromNow(10, 12), daysFromNow(14, 8), {
      guest_name: 'Direct Guest',
    });
    const feed: Ev[] = [
      { uid: 'clash', check_in_date: day(12), check_out_date: day(16), guest_name: 'Airbnb Guest' },
      { uid: 'fine', check_in_date: day(20), check_out_date: day(22) },
    ];
    const report = await imported(manager, v, feed);
    expect(report).toMatchObject({ created: 1 });
    expect(report.conflicts).toEqual([
      expect.objectContaining({ uid: 'clash', conflicting_reservation_id: manual.id }),
    ]);
    const overview = () =>
      manager
        .from('property_overview')
        .select('guest_ready, not_ready_reasons')
        .eq('id', v.id)
        .single();
    expect((await overview()).data).toEqual({
      guest_ready: false,
      not_ready_reasons: ['reservation_conflict'],
    });
    // A field worker sees the same fact (without seeing the reservations).
    const hk = await users.housekeeper.client
      .from('property_overview')
      .select('guest_ready, not_ready_reasons')
      .eq('id', v.id)
      .single();
    expect(hk.data).toEqual({ guest_ready: false, not_ready_reasons: ['reservation_conflict'] });

    // Same feed again: still a conflict, nothing else changes.
    const again = await imported(manager, v, feed);
    expect(again).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
      conflicts: [expect.objectContaining({ uid: 'clash' })],
    });

    // The office cancels the direct stay; the next sync applies the event and clears the conflict.
    await manager.from('reservations').update({ status: 'cancelled' }).eq('id', manual.id);
    const resolved = await imported(manager, v, feed);
    expect(resolved).toMatchObject({ created: 1, conflicts: [] });
    expect((await overview()).data).toEqual({ guest_ready: true, not_ready_reasons: [] });
  });

  it('two events of one feed overlapping each other: the earlier wins, the later is a conflict', async () => {
    const v = await fx.property();
    const report = await imported(manager, v, [
      { uid: 'early', check_in_date: day(10), check_out_date: day(14) },
      { uid: 'late', check_in_date: day(13), check_out_date: day(15) },
    ]);
    expect(report.created).toBe(1);
    expect(report.conflicts.map((c) => c.uid)).toEqual(['late']);
  });

  it('a stay that cannot move keeps its old dates, and blocks the stay that wanted them', async () => {
    const v = await fx.property();
    await imported(manager, v, [
      { uid: 'a', check_in_date: day(10), check_out_date: day(13) },
      { uid: 'b', check_in_date: day(13), check_out_date: day(16) },
    ]);
    await fx.reservation(v.id, daysFromNow(20), daysFromNow(25), { guest_name: 'Blocker' });
    // b wants to move onto the blocker; a wants b's old dates.
    const report = await imported(manager, v, [
      { uid: 'a', check_in_date: day(13), check_out_date: day(16) },
      { uid: 'b', check_in_date: day(21), check_out_date: day(23) },
    ]);
    expect(report.conflicts.map((c) => c.uid).sort()).toEqual(['a', 'b']);
    expect(report.updated).toBe(0);
    const rows = await stays(v);
    expect(
      rows.filter((r) => r.external_uid).map((r) => [r.external_uid, r.check_in.slice(0, 10)]),
    ).toEqual([
      ['a', day(10)],
      ['b', day(13)],
    ]);
  });
});

describe('import_reservations: who may run it', () => {
  it.each(['housekeeper', 'technician', 'norole'] as const)(
    '%s is refused (403, 42501)',
    async (actor) => {
      const v = await fx.property();
      const res = await runImport(users[actor].client, v, [
        { uid: 'x', check_in_date: day(10), check_out_date: day(12) },
      ]);
      expect(res.status).toBe(403);
      expect(res.error?.code).toBe('42501');
      expect(await stays(v)).toEqual([]);
    },
  );

  it('anon is refused', async () => {
    const v = await fx.property();
    const res = await runImport(anonClient(), v, [
      { uid: 'x', check_in_date: day(10), check_out_date: day(12) },
    ]);
    expect(res.error).not.toBeNull();
    expect(res.status).toBe(401);
    expect(await stays(v)).toEqual([]);
  });

  it('admin may; an archived villa and a missing villa are refused with a clear message', async () => {
    const v = await fx.property();
    expect(
      await imported(users.admin.client, v, [
        { uid: 'x', check_in_date: day(10), check_out_date: day(12) },
      ]),
    ).toMatchObject({ created: 1 });
    await serviceClient().from('properties').update({ archived: true }).eq('id', v.id);
    const archived = await runImport(manager, v, []);
    expect(archived.status).toBe(400);
    expect(archived.error?.message).toMatch(/archived/);
    const missing = await runImport(
      manager,
      { ...v, id: '00000000-0000-4000-8000-0000000000ff' },
      [],
    );
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toMatch(/not found/);
  });

  it('refuses more than 5,000 events in one call', async () => {
    const v = await fx.property();
    const events = Array.from({ length: 5001 }, (_, i) => ({
      uid: `u${i}`,
      check_in_date: day(10),
      check_out_date: day(11),
    }));
    const res = await runImport(manager, v, events);
    expect(res.error?.message).toMatch(/Too many events/);
    expect(await stays(v)).toEqual([]);
  });
});
