// Exactly-once writes for replayed offline changes (docs/offline.md rule 2), through supabase-js with
// the X-Mutation-Id header the sync queue sends: a second delivery of an insert, an edit, an
// upsert, a delete or a state transition changes nothing; without the header writes behave as
// before; a malformed id is refused; sync_mutations is readable per role as its policy says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { anonClient, serviceClient, type Client, type TestUser } from './support.ts';
import {
  ACTORS,
  createActors,
  daysFromNow,
  Fixtures,
  uniqueCode,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let villa: Property;
const manager = () => users.manager.client;
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

async function recorded(mutationId: string) {
  const { data, error } = await serviceClient()
    .from('sync_mutations')
    .select('table_name, row_key, operation, user_id')
    .eq('mutation_id', mutationId);
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  villa = await fx.property({ name: 'Replay Villa' });
});

afterAll(async () => {
  await fx.cleanup();
});

describe('a replayed write is applied once', () => {
  it('insert: the second delivery is skipped, even after the row was deleted', async () => {
    const id = randomUUID();
    const mid = randomUUID();
    const insert = () =>
      manager()
        .from('properties')
        .insert({ id, code: uniqueCode('R'), name: 'Queued Villa', area: 'Oia' })
        .setHeader('X-Mutation-Id', mid);
    expect((await insert()).error).toBeNull();
    fx.track(id);
    expect((await insert()).error).toBeNull();
    const { count } = await serviceClient()
      .from('properties')
      .select('id', { count: 'exact', head: true })
      .eq('id', id);
    expect(count).toBe(1);
    // Someone deletes it; a late replay of the create must not bring it back.
    expect((await serviceClient().from('properties').delete().eq('id', id)).error).toBeNull();
    expect((await insert()).error).toBeNull();
    const { data } = await serviceClient().from('properties').select('id').eq('id', id);
    expect(data).toEqual([]);
    expect(await recorded(mid)).toEqual([
      { table_name: 'properties', row_key: id, operation: 'INSERT', user_id: users.manager.id },
    ]);
  });

  it('edit: a late replay does not overwrite a newer edit', async () => {
    const mid = randomUUID();
    const first = await manager()
      .from('properties')
      .update({ notes: 'from the phone' })
      .eq('id', villa.id)
      .select('notes')
      .setHeader('X-Mutation-Id', mid);
    expect(first.data).toEqual([{ notes: 'from the phone' }]);
    await serviceClient()
      .from('properties')
      .update({ notes: 'newer, from the office' })
      .eq('id', villa.id);
    const replay = await manager()
      .from('properties')
      .update({ notes: 'from the phone' })
      .eq('id', villa.id)
      .select('notes')
      .setHeader('X-Mutation-Id', mid);
    // Skipped: no row comes back, which the client checks against sync_mutations.
    expect(replay.error).toBeNull();
    expect(replay.data).toEqual([]);
    const { data } = await serviceClient()
      .from('properties')
      .select('notes')
      .eq('id', villa.id)
      .single();
    expect(data?.notes).toBe('newer, from the office');
    const mine = await manager()
      .from('sync_mutations')
      .select('mutation_id')
      .eq('mutation_id', mid);
    expect(mine.data).toEqual([{ mutation_id: mid }]);
  });

  it('upsert: insert-or-merge is skipped as a whole on replay', async () => {
    const mid = randomUUID();
    const upsert = (notes: string) =>
      manager()
        .from('property_access')
        .upsert({ property_id: villa.id, access_notes: notes }, { onConflict: 'property_id' })
        .setHeader('X-Mutation-Id', mid);
    expect((await upsert('Key under the olive pot')).error).toBeNull();
    await serviceClient()
      .from('property_access')
      .update({ access_notes: 'Key safe by the gate' })
      .eq('property_id', villa.id);
    expect((await upsert('Key under the olive pot')).error).toBeNull();
    const { data } = await serviceClient()
      .from('property_access')
      .select('access_notes')
      .eq('property_id', villa.id)
      .single();
    expect(data?.access_notes).toBe('Key safe by the gate');
    // A second upsert (another mutation) on the now existing row records INSERT then UPDATE.
    const mid2 = randomUUID();
    const again = await manager()
      .from('property_access')
      .upsert({ property_id: villa.id, access_notes: 'Code 4411' }, { onConflict: 'property_id' })
      .setHeader('X-Mutation-Id', mid2);
    expect(again.error).toBeNull();
    expect((await recorded(mid2)).map((r) => r.operation).sort()).toEqual(['INSERT', 'UPDATE']);
  });

  it('state transition with its version: a stale one changes nothing', async () => {
    const stay = await fx.reservation(villa.id, daysFromNow(200, 15), daysFromNow(203, 11));
    // The office edits the stay after the phone read it.
    await serviceClient().from('reservations').update({ notes: 'late arrival' }).eq('id', stay.id);
    const res = await manager()
      .from('reservations')
      .update({ status: 'cancelled' })
      .eq('id', stay.id)
      .eq('updated_at', stay.updated_at)
      .select('id')
      .setHeader('X-Mutation-Id', randomUUID());
    expect(res.error).toBeNull();
    expect(res.data).toEqual([]);
    const { data } = await serviceClient()
      .from('reservations')
      .select('status')
      .eq('id', stay.id)
      .single();
    expect(data?.status).toBe('confirmed');
  });

  it('delete: a replay after the row is gone answers no row and records nothing new', async () => {
    const stay = await fx.property({ name: 'Short-lived' });
    const mid = randomUUID();
    const del = () =>
      manager()
        .from('properties')
        .delete()
        .eq('id', stay.id)
        .select('id')
        .setHeader('X-Mutation-Id', mid);
    expect((await del()).data).toEqual([{ id: stay.id }]);
    expect((await del()).data).toEqual([]);
    expect(await recorded(mid)).toHaveLength(1);
  });

  it('concurrent deliveries of one mutation apply it once', async () => {
    const id = randomUUID();
    const mid = randomUUID();
    const code = uniqueCode('C');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        manager()
          .from('properties')
          .insert({ id, code, name: 'Raced Villa', area: 'Fira' })
          .setHeader('X-Mutation-Id', mid),
      ),
    );
    fx.track(id);
    // Every delivery either applied it or found it applied (it waits for the first to commit).
    expect(results.map((r) => r.error?.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const { count } = await serviceClient()
      .from('properties')
      .select('id', { count: 'exact', head: true })
      .eq('id', id);
    expect(count).toBe(1);
    expect(await recorded(mid)).toHaveLength(1);
  });

  it('without the header writes are unchanged; a malformed id is refused with 400', async () => {
    const plain = await manager()
      .from('properties')
      .update({ notes: 'plain' })
      .eq('id', villa.id)
      .select('id');
    expect(plain.data).toEqual([{ id: villa.id }]);
    const bad = await manager()
      .from('properties')
      .update({ notes: 'x' })
      .eq('id', villa.id)
      .select('id')
      .setHeader('X-Mutation-Id', 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22023');
    expect(bad.error?.message).toBe('X-Mutation-Id must be a UUID');
  });

  it("another user's write reusing a recorded id is applied as that user's own write", async () => {
    const mid = randomUUID();
    const write = (client: Client, notes: string) =>
      client
        .from('properties')
        .update({ notes })
        .eq('id', villa.id)
        .select('notes')
        .setHeader('X-Mutation-Id', mid);
    expect((await write(manager(), 'the manager’s write')).data).toEqual([
      { notes: 'the manager’s write' },
    ]);
    // The admin's phone sends its own write under the same id: it is not a replay of hers.
    expect((await write(users.admin.client, 'the admin’s write')).data).toEqual([
      { notes: 'the admin’s write' },
    ]);
    const { data } = await serviceClient()
      .from('properties')
      .select('notes')
      .eq('id', villa.id)
      .single();
    expect(data?.notes).toBe('the admin’s write');
    expect(
      (await recorded(mid)).map((r) => r.user_id).sort((a, b) => (a ?? '').localeCompare(b ?? '')),
    ).toEqual([users.manager.id, users.admin.id].sort());
    // Each user's own replay is still skipped.
    expect((await write(manager(), 'the manager’s write')).data).toEqual([]);
    expect((await write(users.admin.client, 'the admin’s write')).data).toEqual([]);
  });

  it('a refused write records nothing (the record is in the same transaction)', async () => {
    const mid = randomUUID();
    const res = await users.housekeeper.client
      .from('properties')
      .insert({ id: randomUUID(), code: uniqueCode('H'), name: 'Not allowed', area: 'Oia' })
      .setHeader('X-Mutation-Id', mid);
    expect(res.error?.code).toBe('42501');
    expect(await recorded(mid)).toEqual([]);
  });
});

describe('sync_mutations: who reads it (own rows; admins all; nobody writes)', () => {
  let managerMid: string;
  beforeAll(async () => {
    managerMid = randomUUID();
    await manager()
      .from('properties')
      .update({ notes: 'recorded' })
      .eq('id', villa.id)
      .setHeader('X-Mutation-Id', managerMid);
  });

  const sees: Record<Actor, boolean> = {
    anon: false,
    norole: false,
    housekeeper: false,
    technician: false,
    manager: true,
    admin: true,
  };
  it.each(ACTORS)('%s reading the manager’s record', async (actor) => {
    const res = await clientOf(actor)
      .from('sync_mutations')
      .select('mutation_id')
      .eq('mutation_id', managerMid);
    if (actor === 'anon') expect(res.error?.code).toBe('42501');
    else expect(res.data).toEqual(sees[actor] ? [{ mutation_id: managerMid }] : []);
  });

  it.each(ACTORS)('%s cannot write records', async (actor) => {
    const row = {
      mutation_id: randomUUID(),
      table_name: 'properties',
      row_key: villa.id,
      operation: 'INSERT',
    };
    const ins = await clientOf(actor).from('sync_mutations').insert(row);
    expect(ins.error?.code).toBe('42501');
    const del = await clientOf(actor).from('sync_mutations').delete().eq('mutation_id', managerMid);
    expect(del.error?.code).toBe('42501');
    expect(await recorded(managerMid)).toHaveLength(1);
  });
});

describe('retention', () => {
  it("a user's recorded write removes that user's records older than 90 days, no one else's", async () => {
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const old = { mid: randomUUID(), user: users.manager.id, at: ago(91) };
    const recent = { mid: randomUUID(), user: users.manager.id, at: ago(89) };
    const others = { mid: randomUUID(), user: users.admin.id, at: ago(200) };
    const seeded = await serviceClient()
      .from('sync_mutations')
      .insert(
        [old, recent, others].map((r) => ({
          mutation_id: r.mid,
          table_name: 'properties',
          row_key: villa.id,
          operation: 'UPDATE',
          user_id: r.user,
          applied_at: r.at,
        })),
      );
    expect(seeded.error).toBeNull();

    const mid = randomUUID();
    const send = (notes: string) =>
      manager()
        .from('properties')
        .update({ notes })
        .eq('id', villa.id)
        .select('id')
        .setHeader('X-Mutation-Id', mid);
    expect((await send('after retention')).data).toEqual([{ id: villa.id }]);

    expect(await recorded(old.mid)).toEqual([]);
    expect(await recorded(recent.mid)).toHaveLength(1);
    expect(await recorded(others.mid)).toHaveLength(1);
    expect(await recorded(mid)).toHaveLength(1);
    // A replay of the write just made is still skipped.
    expect((await send('replayed')).data).toEqual([]);
    await serviceClient()
      .from('sync_mutations')
      .delete()
      .in('mutation_id', [recent.mid, others.mid]);
  });
});
