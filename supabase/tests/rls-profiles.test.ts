// RLS matrix for public.profiles: every operation as anon, a user with no role, each role, and an
// admin, through supabase-js against the test backend. A refusal must leave the row as it was; the
// service client checks that, so an empty answer never passes by accident.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteUsers,
  outcome,
  serviceClient,
  type Client,
  type Outcome,
  type TestUser,
} from './support.ts';

type Actor = 'anon' | 'norole' | 'housekeeper' | 'technician' | 'manager' | 'admin';
const ACTORS: Actor[] = ['anon', 'norole', 'housekeeper', 'technician', 'manager', 'admin'];
const SIGNED_IN = ACTORS.filter((a): a is Exclude<Actor, 'anon'> => a !== 'anon');

const users = {} as Record<Exclude<Actor, 'anon'>, TestUser>;
let subject: TestUser;
let orphan: TestUser;
const service = () => serviceClient();

function clientOf(actor: Actor): Client {
  return actor === 'anon' ? anonClient() : users[actor].client;
}

async function profileRow(id: string) {
  const { data, error } = await service().from('profiles').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  const made = await Promise.all([
    createUser('norole'),
    createUser('housekeeper', ['housekeeper']),
    createUser('technician', ['technician']),
    createUser('manager', ['manager']),
    createUser('admin', ['admin']),
    createUser('subject', [], 'Subject Person'),
    createUser('orphan', [], 'Orphan Person'),
  ]);
  [users.norole, users.housekeeper, users.technician, users.manager, users.admin, subject, orphan] =
    made as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
});

afterAll(async () => {
  await deleteUsers([...Object.values(users), subject, orphan]);
});

describe('profiles: select', () => {
  it.each(SIGNED_IN)(
    '%s reads their own profile (the app: GET profiles by id, single)',
    async (actor) => {
      const u = users[actor];
      const { data, error } = await u.client.from('profiles').select('*').eq('id', u.id).single();
      expect(error).toBeNull();
      expect(data).toMatchObject({ id: u.id, email: u.email, full_name: u.fullName, active: true });
      expect(data!.custom_permissions).toEqual({});
    },
  );

  const other: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'ok',
    admin: 'ok',
  };
  it.each(ACTORS)("%s reading someone else's profile", async (actor) => {
    const res = await clientOf(actor).from('profiles').select('id, full_name').eq('id', subject.id);
    expect(outcome(res)).toBe(other[actor]);
    if (other[actor] === 'ok')
      expect(res.data).toEqual([{ id: subject.id, full_name: 'Subject Person' }]);
  });

  it.each(['norole', 'housekeeper', 'technician'] as const)(
    '%s listing profiles sees only their own',
    async (actor) => {
      const { data, error } = await users[actor].client.from('profiles').select('id');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: users[actor].id }]);
    },
  );

  it.each(['manager', 'admin'] as const)(
    '%s listing profiles sees the whole team',
    async (actor) => {
      const { data, error } = await users[actor].client.from('profiles').select('id');
      expect(error).toBeNull();
      const ids = (data ?? []).map((r) => r.id);
      for (const u of [...Object.values(users), subject]) expect(ids).toContain(u.id);
    },
  );
});

describe('profiles: insert (profiles come from handle_new_user; only admins add one by hand)', () => {
  const expected: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'denied',
    housekeeper: 'denied',
    technician: 'denied',
    manager: 'denied',
    admin: 'ok',
  };
  it.each(ACTORS)('%s inserting a profile for an account that has none', async (actor) => {
    const { error: delError } = await service().from('profiles').delete().eq('id', orphan.id);
    expect(delError).toBeNull();
    const res = await clientOf(actor)
      .from('profiles')
      .insert({ id: orphan.id, full_name: 'Inserted By Hand' })
      .select('id');
    expect(outcome(res)).toBe(expected[actor]);
    const row = await profileRow(orphan.id);
    if (expected[actor] === 'ok') expect(row?.full_name).toBe('Inserted By Hand');
    else expect(row).toBeNull();
  });

  it('a user cannot insert a second profile for themselves', async () => {
    const u = users.housekeeper;
    const res = await u.client.from('profiles').insert({ id: u.id, full_name: 'Twin' }).select();
    expect(outcome(res)).toBe('denied');
  });
});

describe('profiles: update', () => {
  it.each(SIGNED_IN)(
    '%s edits their own full_name, phone, avatar_url and language (the app: PATCH by id, returns the row)',
    async (actor) => {
      const u = users[actor];
      const before = await profileRow(u.id);
      const { data, error } = await u.client
        .from('profiles')
        .update({
          full_name: `${u.fullName} Edited`,
          phone: '+30 691 000 0000',
          avatar_url: 'https://example.test/a.png',
          language: 'el',
        })
        .eq('id', u.id)
        .select()
        .single();
      expect(error).toBeNull();
      expect(data).toMatchObject({
        full_name: `${u.fullName} Edited`,
        phone: '+30 691 000 0000',
        avatar_url: 'https://example.test/a.png',
        language: 'el',
      });
      expect(new Date(data!.updated_at).getTime()).toBeGreaterThan(
        new Date(before!.updated_at).getTime(),
      );
      await service()
        .from('profiles')
        .update({ full_name: u.fullName, language: 'en' })
        .eq('id', u.id);
    },
  );

  const otherName: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'none',
    admin: 'ok',
  };
  it.each(ACTORS)("%s editing someone else's full_name", async (actor) => {
    const res = await clientOf(actor)
      .from('profiles')
      .update({ full_name: `Renamed by ${actor}` })
      .eq('id', subject.id)
      .select('id');
    expect(outcome(res)).toBe(otherName[actor]);
    const row = await profileRow(subject.id);
    expect(row?.full_name).toBe(
      otherName[actor] === 'ok' ? `Renamed by ${actor}` : 'Subject Person',
    );
    await service().from('profiles').update({ full_name: 'Subject Person' }).eq('id', subject.id);
  });

  const ownActive: Record<Exclude<Actor, 'anon'>, Outcome> = {
    norole: 'denied',
    housekeeper: 'denied',
    technician: 'denied',
    manager: 'denied',
    // An admin may deactivate others, never themselves (no self-lockout).
    admin: 'denied',
  };
  it.each(SIGNED_IN)('%s deactivating their own account', async (actor) => {
    const u = users[actor];
    const res = await u.client
      .from('profiles')
      .update({ active: false })
      .eq('id', u.id)
      .select('id');
    expect(outcome(res)).toBe(ownActive[actor]);
    expect((await profileRow(u.id))?.active).toBe(true);
  });

  const otherActive: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'none',
    admin: 'ok',
  };
  it.each(ACTORS)('%s deactivating someone else', async (actor) => {
    const res = await clientOf(actor)
      .from('profiles')
      .update({ active: false })
      .eq('id', subject.id)
      .select('id, active');
    expect(outcome(res)).toBe(otherActive[actor]);
    expect((await profileRow(subject.id))?.active).toBe(otherActive[actor] !== 'ok');
    await service().from('profiles').update({ active: true }).eq('id', subject.id);
  });

  it.each(SIGNED_IN)(
    '%s cannot change their own email, custom_permissions, id or timestamps',
    async (actor) => {
      const u = users[actor];
      const attempts = [
        { email: 'someone@else.test' },
        { custom_permissions: { 'admin.users': true } },
        { id: subject.id },
        { created_at: '2000-01-01T00:00:00Z' },
      ];
      for (const patch of attempts) {
        const res = await u.client.from('profiles').update(patch).eq('id', u.id).select('id');
        expect(outcome(res), JSON.stringify(patch)).toBe('denied');
      }
      const row = await profileRow(u.id);
      expect(row).toMatchObject({ email: u.email, custom_permissions: {} });
    },
  );

  it('the table constraints hold for the editable columns', async () => {
    const u = users.housekeeper;
    for (const patch of [
      { full_name: 'x'.repeat(101) },
      { language: 'english' },
      { phone: 'call me maybe' },
    ]) {
      const { error } = await u.client.from('profiles').update(patch).eq('id', u.id);
      expect(error?.code, JSON.stringify(patch)).toBe('23514');
    }
  });
});

describe('profiles: delete (accounts are removed through the auth admin API, never here)', () => {
  it.each(ACTORS)('%s deleting a profile', async (actor) => {
    const own = actor === 'anon' ? subject.id : users[actor].id;
    for (const id of [own, subject.id]) {
      const res = await clientOf(actor).from('profiles').delete().eq('id', id).select('id');
      expect(outcome(res)).toBe('denied');
      expect(await profileRow(id)).not.toBeNull();
    }
  });
});
