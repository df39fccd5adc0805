// Reservations through supabase-js: who reads and writes them (reservations.view / .manage; field
// staff read none; nobody deletes, stays are cancelled), the iCal feed settings (secrets: managers
// only), and the rule that two confirmed stays in one villa never overlap - enforced by the
// database, answered as 409 with a message the form can show, and holding under concurrent writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  sameInstant,
  type Actor,
  type Property,
  type Reservation,
  type SignedIn,
} from './properties-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let villa: Property;
let stay: Reservation;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

async function reservationRow(id: string) {
  const { data, error } = await service()
    .from('reservations')
    .select('*')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  villa = await fx.property({ name: 'Reservations Villa' });
  stay = await fx.reservation(villa.id, daysFromNow(100, 13), daysFromNow(104, 9), {
    guest_name: 'Sophie Laurent',
    guests: 2,
  });
});

afterAll(async () => {
  await fx.cleanup();
});

const officeOnly = (ok: Outcome, refusal: Outcome): Record<Actor, Outcome> => ({
  anon: 'denied',
  norole: refusal,
  housekeeper: refusal,
  technician: refusal,
  manager: ok,
  admin: ok,
});

describe('reservations: read (reservations.view; field staff have none)', () => {
  const expected = officeOnly('ok', 'none');
  it.each(ACTORS)('%s reading a stay', async (actor) => {
    const res = await clientOf(actor)
      .from('reservations')
      .select('id, guest_name')
      .eq('id', stay.id);
    expect(outcome(res)).toBe(expected[actor]);
    if (expected[actor] === 'ok')
      expect(res.data).toEqual([{ id: stay.id, guest_name: 'Sophie Laurent' }]);
  });
});

describe('reservations: write (reservations.manage)', () => {
  const insert = officeOnly('ok', 'denied');
  it.each(ACTORS)('%s entering a stay by hand', async (actor) => {
    const day = 200 + ACTORS.indexOf(actor) * 10;
    const res = await clientOf(actor)
      .from('reservations')
      .insert({
        property_id: villa.id,
        guest_name: `Entered by ${actor}`,
        guests: 3,
        check_in: daysFromNow(day, 13),
        check_out: daysFromNow(day + 3, 9),
      })
      .select('id, source, status, created_by');
    expect(outcome(res)).toBe(insert[actor]);
    const { data } = await service()
      .from('reservations')
      .select('id')
      .eq('guest_name', `Entered by ${actor}`);
    expect(data).toHaveLength(insert[actor] === 'ok' ? 1 : 0);
    if (insert[actor] === 'ok') {
      expect(res.data![0]).toMatchObject({
        source: 'direct',
        status: 'confirmed',
        created_by: users[actor as SignedIn].id,
      });
    }
  });

  const update = officeOnly('ok', 'none');
  it.each(ACTORS)('%s changing the number of guests', async (actor) => {
    const res = await clientOf(actor)
      .from('reservations')
      .update({ guests: 4, notes: `edited by ${actor}` })
      .eq('id', stay.id)
      .select('id');
    expect(outcome(res)).toBe(update[actor]);
    const row = await reservationRow(stay.id);
    expect(row!.notes).toBe(update[actor] === 'ok' ? `edited by ${actor}` : '');
    await service().from('reservations').update({ guests: 2, notes: '' }).eq('id', stay.id);
  });

  it.each(ACTORS)('%s deleting a stay is refused (cancel instead)', async (actor) => {
    const res = await clientOf(actor).from('reservations').delete().eq('id', stay.id).select();
    expect(outcome(res)).toBe('denied');
    expect(await reservationRow(stay.id)).not.toBeNull();
  });

  it('a manager cancels a stay: cancelled_at is stamped; confirming again clears it', async () => {
    const r = await fx.reservation(villa.id, daysFromNow(300, 13), daysFromNow(302, 9));
    const m = users.manager.client;
    const cancelled = await m
      .from('reservations')
      .update({ status: 'cancelled' })
      .eq('id', r.id)
      .select('status, cancelled_at, updated_by')
      .single();
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ status: 'cancelled', updated_by: users.manager.id });
    expect(cancelled.data!.cancelled_at).not.toBeNull();
    const again = await m
      .from('reservations')
      .update({ status: 'confirmed' })
      .eq('id', r.id)
      .select('status, cancelled_at')
      .single();
    expect(again.data).toEqual({ status: 'confirmed', cancelled_at: null });
  });

  it('check-out must come after check-in (400, 23514)', async () => {
    const res = await users.manager.client
      .from('reservations')
      .insert({
        property_id: villa.id,
        guest_name: 'Backwards',
        check_in: daysFromNow(400, 13),
        check_out: daysFromNow(400, 9),
      })
      .select();
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
    expect(res.error?.message).toContain('reservations_check_out_after_check_in');
  });

  it('an archived villa takes no new stays', async () => {
    const archived = await fx.property({ name: 'Archived Villa' });
    await service().from('properties').update({ archived: true }).eq('id', archived.id);
    const res = await users.manager.client
      .from('reservations')
      .insert({
        property_id: archived.id,
        guest_name: 'Too Late',
        check_in: daysFromNow(10, 13),
        check_out: daysFromNow(12, 9),
      })
      .select();
    expect(res.status).toBe(400);
    expect(res.error?.message).toMatch(/archived/);
  });
});

describe('no overlapping confirmed stays (database-enforced)', () => {
  let v: Property;
  let first: Reservation;
  beforeAll(async () => {
    v = await fx.property({ name: 'Overlap Villa' });
    first = await fx.reservation(v.id, daysFromNow(50, 13), daysFromNow(55, 9), {
      guest_name: 'First Guest',
    });
  });

  it('an overlapping stay is refused with 409, code 23P01 and a message naming the other dates', async () => {
    const res = await users.manager.client
      .from('reservations')
      .insert({
        property_id: v.id,
        guest_name: 'Second Guest',
        check_in: daysFromNow(54, 13),
        check_out: daysFromNow(57, 9),
      })
      .select();
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe('23P01');
    expect(res.error?.message).toMatch(
      /^These dates overlap another confirmed reservation at this property \(\d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d\)$/,
    );
    expect(res.error?.details).toContain(first.id);
    expect(res.error?.hint).toMatch(/cancel the other reservation/);
    expect(res.error?.message).not.toContain('First Guest');
    const { data } = await service().from('reservations').select('id').eq('property_id', v.id);
    expect(data).toHaveLength(1);
  });

  it('a stay inside another, or around it, is refused too', async () => {
    for (const [a, b] of [
      [daysFromNow(51, 13), daysFromNow(52, 9)],
      [daysFromNow(48, 13), daysFromNow(60, 9)],
    ] as const) {
      const res = await users.manager.client
        .from('reservations')
        .insert({ property_id: v.id, guest_name: 'Nested', check_in: a, check_out: b })
        .select();
      expect(res.error?.code).toBe('23P01');
    }
  });

  it('back-to-back stays are fine: check-out and the next check-in at the same instant', async () => {
    const res = await users.manager.client
      .from('reservations')
      .insert({
        property_id: v.id,
        guest_name: 'Back To Back',
        check_in: daysFromNow(55, 9),
        check_out: daysFromNow(58, 9),
      })
      .select('check_in')
      .single();
    expect(res.error).toBeNull();
    expect(sameInstant(res.data!.check_in, first.check_out)).toBe(true);
  });

  it('the same dates in another villa are fine', async () => {
    const other = await fx.property();
    const res = await users.manager.client
      .from('reservations')
      .insert({
        property_id: other.id,
        guest_name: 'Elsewhere',
        check_in: first.check_in,
        check_out: first.check_out,
      })
      .select();
    expect(res.error).toBeNull();
  });

  it('a cancelled stay does not block its dates, and cannot be confirmed again while they are taken', async () => {
    const cancelled = await users.manager.client
      .from('reservations')
      .insert({
        property_id: v.id,
        guest_name: 'Cancelled Guest',
        check_in: daysFromNow(52, 13),
        check_out: daysFromNow(53, 9),
        status: 'cancelled',
      })
      .select('id')
      .single();
    expect(cancelled.error).toBeNull();
    const revive = await users.manager.client
      .from('reservations')
      .update({ status: 'confirmed' })
      .eq('id', cancelled.data!.id)
      .select();
    expect(revive.status).toBe(409);
    expect(revive.error?.code).toBe('23P01');
  });

  it('moving a stay onto another is refused; moving it within its own dates is fine', async () => {
    const later = await fx.reservation(v.id, daysFromNow(70, 13), daysFromNow(72, 9));
    const clash = await users.manager.client
      .from('reservations')
      .update({ check_in: daysFromNow(53, 13) })
      .eq('id', later.id)
      .select();
    expect(clash.error?.code).toBe('23P01');
    const shorten = await users.manager.client
      .from('reservations')
      .update({ check_in: daysFromNow(71, 13) })
      .eq('id', later.id)
      .select('id');
    expect(shorten.error).toBeNull();
    expect(shorten.data).toHaveLength(1);
  });

  it('concurrent overlapping inserts: exactly one wins', async () => {
    const race = await fx.property({ name: 'Race Villa' });
    const attempts = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        (i % 2 === 0 ? users.manager : users.admin).client
          .from('reservations')
          .insert({
            property_id: race.id,
            guest_name: `Racer ${i}`,
            check_in: daysFromNow(30 + (i % 2), 13),
            check_out: daysFromNow(34, 9),
          })
          .select('id'),
      ),
    );
    const won = attempts.filter((a) => a.error === null);
    expect(won).toHaveLength(1);
    // Every loser waited for the winner and got the readable answer (409), never the constraint's
    // bare 400 nor a deadlock.
    for (const lost of attempts.filter((a) => a.error !== null)) {
      expect(lost.error?.code).toBe('23P01');
      expect(lost.status).toBe(409);
      expect(lost.error?.message).toMatch(/^These dates overlap another confirmed reservation/);
    }
    const { data } = await service().from('reservations').select('id').eq('property_id', race.id);
    expect(data).toHaveLength(1);
  });

  it('even the service role cannot store an overlap (the constraint, not the trigger, is the rule)', async () => {
    const res = await service()
      .from('reservations')
      .insert({
        property_id: v.id,
        guest_name: 'Service',
        check_in: daysFromNow(50, 14),
        check_out: daysFromNow(51, 9),
      })
      .select();
    expect(res.error?.code).toBe('23P01');
  });
});

describe('property_ical_feeds (feed URLs are secrets: reservations.manage only)', () => {
  let feedId: string;
  beforeAll(async () => {
    const { data, error } = await service()
      .from('property_ical_feeds')
      .insert({
        property_id: villa.id,
        source: 'airbnb',
        url: 'https://www.airbnb.com/calendar/ical/1.ics?s=secret',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    feedId = data!.id;
  });

  const read = officeOnly('ok', 'none');
  it.each(ACTORS)('%s reading feed URLs', async (actor) => {
    const res = await clientOf(actor).from('property_ical_feeds').select('url').eq('id', feedId);
    expect(outcome(res)).toBe(read[actor]);
  });

  const insert = officeOnly('ok', 'denied');
  it.each(ACTORS)('%s adding a feed', async (actor) => {
    const url = `https://admin.booking.com/hotel/hoteladmin/ical.html?t=${actor}`;
    const res = await clientOf(actor)
      .from('property_ical_feeds')
      .insert({ property_id: villa.id, source: 'booking', url })
      .select('id');
    expect(outcome(res)).toBe(insert[actor]);
    const { data } = await service().from('property_ical_feeds').select('id').eq('url', url);
    expect(data).toHaveLength(insert[actor] === 'ok' ? 1 : 0);
  });

  it('only http(s) URLs are stored', async () => {
    for (const url of ['ftp://example.com/cal.ics', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const res = await users.manager.client
        .from('property_ical_feeds')
        .insert({ property_id: villa.id, source: 'other', url })
        .select();
      expect(res.error?.code, url).toBe('23514');
    }
  });

  it('import conflicts are office-only too', async () => {
    await service()
      .from('reservation_import_conflicts')
      .insert({
        property_id: villa.id,
        source: 'airbnb',
        external_uid: 'conflict-rls@airbnb.com',
        check_in: daysFromNow(101, 13),
        check_out: daysFromNow(103, 9),
      });
    const expected = officeOnly('ok', 'none');
    for (const actor of ACTORS) {
      const res = await clientOf(actor)
        .from('reservation_import_conflicts')
        .select('external_uid')
        .eq('property_id', villa.id);
      expect(outcome(res), actor).toBe(expected[actor]);
    }
    await service().from('reservation_import_conflicts').delete().eq('property_id', villa.id);
  });
});
