// RLS of the villa records: properties, property_access (door, key-safe and Wi-Fi details behind
// properties.access), property_photos, and the list view property_overview. Every operation as
// anon, a user with no role, each role and an admin, through supabase-js against the test backend.
// A refusal must leave the database as it was; the service client checks that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
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
  uniqueCode,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
/** A housekeeper whose properties.access was taken away by an admin (override false). */
let noAccess: TestUser;
let villa: Property;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

async function propertyRow(id: string) {
  const { data, error } = await service().from('properties').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  users = await createActors();
  noAccess = await createUser('noaccess', ['housekeeper']);
  fx.trackUsers(...Object.values(users), noAccess);
  const { error } = await service()
    .from('custom_permissions')
    .insert({ user_id: noAccess.id, permission_key: 'properties.access', granted: false });
  expect(error).toBeNull();

  villa = await fx.property({ name: 'Villa Matrix', owner_name: 'Owner Matrix' });
  const { error: accessError } = await service().from('property_access').insert({
    property_id: villa.id,
    access_notes: 'Key safe behind the bougainvillea',
    key_safe_code: '4719',
    wifi_name: 'Matrix-Guest',
    wifi_password: 'caldera-sunset',
  });
  expect(accessError).toBeNull();
});

afterAll(async () => {
  await fx.cleanup();
});

describe('properties: read (properties.view)', () => {
  const expected: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'ok',
    technician: 'ok',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s reading a villa', async (actor) => {
    const res = await clientOf(actor).from('properties').select('id, name').eq('id', villa.id);
    expect(outcome(res)).toBe(expected[actor]);
    if (expected[actor] === 'ok')
      expect(res.data).toEqual([{ id: villa.id, name: 'Villa Matrix' }]);
  });
});

describe('property_access: hidden without properties.access', () => {
  it.each(['housekeeper', 'technician', 'manager', 'admin'] as const)(
    '%s reads the villa and its access notes in one request (one-to-one embed)',
    async (actor) => {
      const { data, error } = await users[actor].client
        .from('properties')
        .select('id, name, property_access(*)')
        .eq('id', villa.id)
        .single();
      expect(error).toBeNull();
      expect(data!.property_access).toMatchObject({
        property_id: villa.id,
        access_notes: 'Key safe behind the bougainvillea',
        key_safe_code: '4719',
        wifi_name: 'Matrix-Guest',
        wifi_password: 'caldera-sunset',
      });
    },
  );

  it('a housekeeper whose properties.access was removed gets the villa with property_access null', async () => {
    const { data, error } = await noAccess.client
      .from('properties')
      .select('*, property_access(*)')
      .eq('id', villa.id)
      .single();
    expect(error).toBeNull();
    expect(data!.name).toBe('Villa Matrix');
    expect(data!.property_access).toBeNull();
    expect(JSON.stringify(data)).not.toContain('caldera-sunset');
  });

  const direct: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'ok',
    technician: 'ok',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s selecting property_access directly', async (actor) => {
    const res = await clientOf(actor)
      .from('property_access')
      .select('wifi_password')
      .eq('property_id', villa.id);
    expect(outcome(res)).toBe(direct[actor]);
  });

  it('the user without properties.access selecting property_access directly sees nothing', async () => {
    const res = await noAccess.client
      .from('property_access')
      .select('*')
      .eq('property_id', villa.id);
    expect(outcome(res)).toBe('none');
  });

  const write: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s changing the Wi-Fi password', async (actor) => {
    const res = await clientOf(actor)
      .from('property_access')
      .update({ wifi_password: `by-${actor}` })
      .eq('property_id', villa.id)
      .select('property_id');
    expect(outcome(res)).toBe(write[actor]);
    const { data } = await service()
      .from('property_access')
      .select('wifi_password, updated_by')
      .eq('property_id', villa.id)
      .single();
    if (write[actor] === 'ok') {
      expect(data).toEqual({
        wifi_password: `by-${actor}`,
        updated_by: users[actor as SignedIn].id,
      });
    } else {
      expect(data!.wifi_password).not.toBe(`by-${actor}`);
    }
    await service()
      .from('property_access')
      .update({ wifi_password: 'caldera-sunset' })
      .eq('property_id', villa.id);
  });

  it('a housekeeper (access but not manage) cannot add access notes to a villa', async () => {
    const other = await fx.property();
    const res = await users.housekeeper.client
      .from('property_access')
      .insert({ property_id: other.id, access_notes: 'sneaky' })
      .select();
    expect(outcome(res)).toBe('denied');
    const { data } = await service()
      .from('property_access')
      .select('*')
      .eq('property_id', other.id);
    expect(data).toEqual([]);
  });

  it('a manager adds access notes to a new villa with an upsert', async () => {
    const other = await fx.property();
    const { data, error } = await users.manager.client
      .from('property_access')
      .upsert({ property_id: other.id, access_notes: 'Gate code 1453#', wifi_name: 'Villa-5G' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ access_notes: 'Gate code 1453#', created_by: users.manager.id });
  });
});

describe('properties: insert (properties.manage)', () => {
  const expected: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'denied',
    housekeeper: 'denied',
    technician: 'denied',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s creating a villa', async (actor) => {
    const code = uniqueCode('NEW');
    const res = await clientOf(actor)
      .from('properties')
      .insert({ code, name: `Made by ${actor}`, bedrooms: 3, bathrooms: 2, max_guests: 6 })
      .select('id, code, created_by, updated_by');
    expect(outcome(res)).toBe(expected[actor]);
    const { data: rows } = await service().from('properties').select('id').eq('code', code);
    if (expected[actor] === 'ok') {
      fx.track(rows![0]!.id);
      const me = users[actor as SignedIn].id;
      expect(res.data![0]).toMatchObject({ code, created_by: me, updated_by: me });
    } else {
      expect(rows).toEqual([]);
    }
  });

  it('created_by cannot be sent by a client (column privilege)', async () => {
    const res = await users.manager.client
      .from('properties')
      .insert({ code: uniqueCode(), name: 'Forged', created_by: users.admin.id })
      .select();
    expect(outcome(res)).toBe('denied');
  });

  it('the code is trimmed and upper-cased, and must be unique (409)', async () => {
    const raw = ` ${uniqueCode('low').toLowerCase()} `;
    const first = await users.manager.client
      .from('properties')
      .insert({ code: raw, name: 'Lower Code' })
      .select('id, code')
      .single();
    expect(first.error).toBeNull();
    fx.track(first.data!.id);
    expect(first.data!.code).toBe(raw.trim().toUpperCase());
    const dup = await users.manager.client
      .from('properties')
      .insert({ code: raw.trim().toUpperCase(), name: 'Duplicate' })
      .select();
    expect(dup.error?.code).toBe('23505');
    expect(dup.status).toBe(409);
  });

  it('checks refuse impossible values (400, 23514)', async () => {
    for (const bad of [
      { max_guests: 0 },
      { bedrooms: -1 },
      { latitude: 36.4 },
      { owner_email: 'not-an-email' },
      { name: '   ' },
    ]) {
      const res = await users.manager.client
        .from('properties')
        .insert({ code: uniqueCode(), name: 'Bad', ...bad })
        .select();
      expect(res.error?.code, JSON.stringify(bad)).toBe('23514');
      expect(res.status).toBe(400);
    }
  });
});

describe('properties: update (properties.manage)', () => {
  const expected: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s renaming a villa', async (actor) => {
    const res = await clientOf(actor)
      .from('properties')
      .update({ name: `Renamed by ${actor}` })
      .eq('id', villa.id)
      .select('id');
    expect(outcome(res)).toBe(expected[actor]);
    const row = await propertyRow(villa.id);
    if (expected[actor] === 'ok') {
      expect(row).toMatchObject({
        name: `Renamed by ${actor}`,
        updated_by: users[actor as SignedIn].id,
        created_by: null,
      });
    } else {
      expect(row!.name).toBe('Villa Matrix');
    }
    await service().from('properties').update({ name: 'Villa Matrix' }).eq('id', villa.id);
  });

  it('archiving stamps archived_at; restoring clears it', async () => {
    const v = await fx.property();
    const archived = await users.manager.client
      .from('properties')
      .update({ archived: true })
      .eq('id', v.id)
      .select('archived, archived_at')
      .single();
    expect(archived.error).toBeNull();
    expect(archived.data!.archived).toBe(true);
    expect(archived.data!.archived_at).not.toBeNull();
    const restored = await users.manager.client
      .from('properties')
      .update({ archived: false })
      .eq('id', v.id)
      .select('archived, archived_at')
      .single();
    expect(restored.data).toEqual({ archived: false, archived_at: null });
  });
});

describe('properties: delete (archive instead when history exists)', () => {
  const expected: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s deleting a villa without history', async (actor) => {
    const v = await fx.property();
    const res = await clientOf(actor).from('properties').delete().eq('id', v.id).select('id');
    expect(outcome(res)).toBe(expected[actor]);
    expect(await propertyRow(v.id)).toEqual(expected[actor] === 'ok' ? null : expect.anything());
  });

  it('a manager cannot delete a villa with reservations: 409 with a clear message', async () => {
    const v = await fx.property();
    await fx.reservation(v.id, daysFromNow(-30), daysFromNow(-25), { status: 'cancelled' });
    const res = await users.manager.client.from('properties').delete().eq('id', v.id).select();
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe('23503');
    expect(res.error?.message).toMatch(/has history .* archive it instead/);
    expect(await propertyRow(v.id)).not.toBeNull();
    const { data: hasHistory } = await users.manager.client.rpc('property_has_history', {
      property_id: v.id,
    });
    expect(hasHistory).toBe(true);
  });
});

describe('property_photos', () => {
  let photoVilla: Property;
  beforeAll(async () => {
    photoVilla = await fx.property();
    const { error } = await service()
      .from('property_photos')
      .insert({
        property_id: photoVilla.id,
        storage_path: `${photoVilla.code}/1.jpg`,
        position: 0,
      });
    expect(error).toBeNull();
  });

  const read: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'ok',
    technician: 'ok',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s reading photos', async (actor) => {
    const res = await clientOf(actor)
      .from('property_photos')
      .select('storage_path')
      .eq('property_id', photoVilla.id);
    expect(outcome(res)).toBe(read[actor]);
  });

  const insert: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'denied',
    housekeeper: 'denied',
    technician: 'denied',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s adding a photo', async (actor) => {
    const path = `${photoVilla.code}/${actor}.jpg`;
    const res = await clientOf(actor)
      .from('property_photos')
      .insert({ property_id: photoVilla.id, storage_path: path, caption: 'Pool', position: 5 })
      .select('id');
    expect(outcome(res)).toBe(insert[actor]);
    const { data } = await service().from('property_photos').select('id').eq('storage_path', path);
    expect(data).toHaveLength(insert[actor] === 'ok' ? 1 : 0);
  });

  it('one cover per villa: making a photo the cover takes the flag from the previous one', async () => {
    const m = users.manager.client;
    const a = await m
      .from('property_photos')
      .insert({
        property_id: photoVilla.id,
        storage_path: `${photoVilla.code}/a.jpg`,
        position: 1,
        is_cover: true,
      })
      .select('id')
      .single();
    const b = await m
      .from('property_photos')
      .insert({ property_id: photoVilla.id, storage_path: `${photoVilla.code}/b.jpg`, position: 2 })
      .select('id')
      .single();
    expect([a.error, b.error]).toEqual([null, null]);
    let overview = await m
      .from('property_overview')
      .select('cover_photo_path')
      .eq('id', photoVilla.id)
      .single();
    expect(overview.data!.cover_photo_path).toBe(`${photoVilla.code}/a.jpg`);

    const { error } = await m
      .from('property_photos')
      .update({ is_cover: true })
      .eq('id', b.data!.id);
    expect(error).toBeNull();
    const { data: covers } = await service()
      .from('property_photos')
      .select('storage_path')
      .eq('property_id', photoVilla.id)
      .eq('is_cover', true);
    expect(covers).toEqual([{ storage_path: `${photoVilla.code}/b.jpg` }]);
    overview = await m
      .from('property_overview')
      .select('cover_photo_path')
      .eq('id', photoVilla.id)
      .single();
    expect(overview.data!.cover_photo_path).toBe(`${photoVilla.code}/b.jpg`);
  });

  it('refuses storage paths that climb out of the bucket', async () => {
    const res = await users.manager.client
      .from('property_photos')
      .insert({ property_id: photoVilla.id, storage_path: '../avatars/x.jpg' })
      .select();
    expect(res.error?.code).toBe('23514');
  });
});

describe('property_overview: the list view', () => {
  let busy: Property;
  let idle: Property;
  beforeAll(async () => {
    busy = await fx.property({ name: 'Overview Busy' });
    idle = await fx.property({ name: 'Overview Idle', status: 'inactive' });
    await fx.reservation(busy.id, daysFromNow(-2, 13), daysFromNow(1, 9), {
      guest_name: 'Now Guest',
    });
    await fx.reservation(busy.id, daysFromNow(5, 13), daysFromNow(9, 9), {
      guest_name: 'Next Guest',
    });
    // A cancelled stay is not the next arrival.
    await fx.reservation(busy.id, daysFromNow(3, 13), daysFromNow(4, 9), { status: 'cancelled' });
  });

  const read: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'ok',
    technician: 'ok',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)('%s listing the overview', async (actor) => {
    const res = await clientOf(actor).from('property_overview').select('id').eq('id', busy.id);
    expect(outcome(res)).toBe(read[actor]);
  });

  it.each(['housekeeper', 'manager'] as const)(
    '%s sees next check-in / check-out and occupancy (no guest data needed)',
    async (actor) => {
      const { data, error } = await users[actor].client
        .from('property_overview')
        .select('code, next_check_in, next_check_out, occupied, guest_ready, not_ready_reasons')
        .eq('id', busy.id)
        .single();
      expect(error).toBeNull();
      expect(sameInstant(data!.next_check_in, daysFromNow(5, 13))).toBe(true);
      expect(sameInstant(data!.next_check_out, daysFromNow(1, 9))).toBe(true);
      // Guests are in: the turnover after them (its window ends at the next check-in) is not done.
      expect(data).toMatchObject({
        occupied: true,
        guest_ready: false,
        not_ready_reasons: ['turnover_pending'],
      });
      expect(JSON.stringify(data)).not.toContain('Guest');
    },
  );

  it('the housekeeper reading reservations directly sees none of them', async () => {
    const res = await users.housekeeper.client
      .from('reservations')
      .select('id')
      .eq('property_id', busy.id);
    expect(outcome(res)).toBe('none');
  });

  it('an inactive villa is not guest-ready, and says why', async () => {
    const { data } = await users.housekeeper.client
      .from('property_overview')
      .select('guest_ready, not_ready_reasons, next_check_in, occupied')
      .eq('id', idle.id)
      .single();
    expect(data).toEqual({
      guest_ready: false,
      not_ready_reasons: ['inactive'],
      next_check_in: null,
      occupied: false,
    });
    const { data: readiness, error } = await users.housekeeper.client
      .rpc('property_readiness', { property_id: idle.id })
      .single();
    expect(error).toBeNull();
    expect(readiness).toEqual({ ready: false, reasons: ['inactive'] });
  });

  it('the list query of the UI: search, filter, sort, page, count', async () => {
    const { data, error, count } = await users.manager.client
      .from('property_overview')
      .select('id, name, code, area, next_check_in, guest_ready', { count: 'exact' })
      .eq('archived', false)
      .or('name.ilike.*Overview*,code.ilike.*Overview*,area.ilike.*Overview*')
      .order('name')
      .range(0, 49);
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data!.map((r) => r.name)).toEqual(['Overview Busy', 'Overview Idle']);
    const pending = await users.manager.client
      .from('property_overview')
      .select('name')
      .in('id', [busy.id, idle.id])
      .contains('not_ready_reasons', ['turnover_pending']);
    expect(pending.data).toEqual([{ name: 'Overview Busy' }]);
  });

  it('the user without a role gets no readiness for a villa they cannot see', async () => {
    const { data, error } = await users.norole.client.rpc('property_readiness', {
      property_id: busy.id,
    });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
