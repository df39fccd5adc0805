// RLS matrix for what a user holds: public.user_roles and public.custom_permissions. A user reads
// their own rows (managers read every role assignment, to plan the team's work); only admins write;
// nobody can grant themselves a role or a permission. Refusals are checked against the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteUsers,
  outcome,
  roleId,
  serviceClient,
  type Client,
  type Outcome,
  type TestUser,
} from './support.ts';

type Actor = 'anon' | 'norole' | 'housekeeper' | 'technician' | 'manager' | 'admin';
type SignedIn = Exclude<Actor, 'anon'>;
const ACTORS: Actor[] = ['anon', 'norole', 'housekeeper', 'technician', 'manager', 'admin'];
const SIGNED_IN = ACTORS.filter((a): a is SignedIn => a !== 'anon');
const NON_ADMINS = SIGNED_IN.filter((a) => a !== 'admin');
const adminOnly = (okOutcome: Outcome, refusal: Outcome): Record<Actor, Outcome> => ({
  anon: 'denied',
  norole: refusal,
  housekeeper: refusal,
  technician: refusal,
  manager: refusal,
  admin: okOutcome,
});

const users = {} as Record<SignedIn, TestUser>;
let subject: TestUser;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

async function rolesOf(userId: string): Promise<string[]> {
  const { data, error } = await service()
    .from('user_roles')
    .select('roles(name)')
    .eq('user_id', userId);
  if (error) throw new Error(error.message);
  return (data ?? []).map((r) => r.roles.name).sort();
}

async function overridesOf(userId: string) {
  const { data, error } = await service()
    .from('custom_permissions')
    .select('permission_key, granted')
    .eq('user_id', userId)
    .order('permission_key');
  if (error) throw new Error(error.message);
  return data;
}

async function setSubjectRoles(names: string[]) {
  await service().from('user_roles').delete().eq('user_id', subject.id);
  for (const name of names) {
    await service()
      .from('user_roles')
      .insert({ user_id: subject.id, role_id: await roleId(name) });
  }
}

beforeAll(async () => {
  [users.norole, users.housekeeper, users.technician, users.manager, users.admin, subject] =
    await Promise.all([
      createUser('norole'),
      createUser('housekeeper', ['housekeeper']),
      createUser('technician', ['technician']),
      createUser('manager', ['manager']),
      createUser('admin', ['admin']),
      createUser('subject', ['technician']),
    ]);
});

afterAll(async () => {
  await deleteUsers([...Object.values(users), subject]);
});

describe('user_roles: select', () => {
  const own: Record<SignedIn, string[]> = {
    norole: [],
    housekeeper: ['housekeeper'],
    technician: ['technician'],
    manager: ['manager'],
    admin: ['admin'],
  };
  it.each(SIGNED_IN)(
    '%s reads their own roles (the app: GET user_roles by user_id with role_id, roles(name))',
    async (actor) => {
      const u = users[actor];
      const { data, error } = await u.client
        .from('user_roles')
        .select('role_id, roles(name)')
        .eq('user_id', u.id);
      expect(error).toBeNull();
      expect(data!.map((r) => r.roles.name)).toEqual(own[actor]);
      for (const r of data!) expect(r.role_id).toMatch(/^[0-9a-f-]{36}$/);
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
  it.each(ACTORS)("%s reading someone else's roles", async (actor) => {
    await setSubjectRoles(['technician']);
    const res = await clientOf(actor)
      .from('user_roles')
      .select('user_id, roles(name)')
      .eq('user_id', subject.id);
    expect(outcome(res)).toBe(other[actor]);
    if (other[actor] === 'ok') {
      expect(res.data).toEqual([{ user_id: subject.id, roles: { name: 'technician' } }]);
    }
  });
});

describe('user_roles: write', () => {
  it.each(NON_ADMINS)('%s cannot grant themselves any role', async (actor) => {
    const u = users[actor];
    const before = await rolesOf(u.id);
    for (const name of ['admin', 'manager']) {
      const res = await u.client
        .from('user_roles')
        .insert({ user_id: u.id, role_id: await roleId(name) })
        .select();
      expect(outcome(res), name).toBe('denied');
    }
    expect(await rolesOf(u.id)).toEqual(before);
    const { data: isAdmin } = await u.client.rpc('is_admin');
    expect(isAdmin).toBe(false);
  });

  it('anon cannot grant anyone a role', async () => {
    const res = await anonClient()
      .from('user_roles')
      .insert({ user_id: subject.id, role_id: await roleId('admin') })
      .select();
    expect(outcome(res)).toBe('denied');
  });

  const grant = adminOnly('ok', 'denied');
  it.each(ACTORS)('%s assigning a role to someone else', async (actor) => {
    await setSubjectRoles([]);
    const res = await clientOf(actor)
      .from('user_roles')
      .insert({ user_id: subject.id, role_id: await roleId('housekeeper') })
      .select('user_id');
    expect(outcome(res)).toBe(grant[actor]);
    expect(await rolesOf(subject.id)).toEqual(grant[actor] === 'ok' ? ['housekeeper'] : []);
  });

  const change = adminOnly('ok', 'none');
  it.each(ACTORS)("%s changing someone's role", async (actor) => {
    await setSubjectRoles(['technician']);
    const res = await clientOf(actor)
      .from('user_roles')
      .update({ role_id: await roleId('manager') })
      .eq('user_id', subject.id)
      .select('user_id');
    expect(outcome(res)).toBe(change[actor]);
    expect(await rolesOf(subject.id)).toEqual(
      change[actor] === 'ok' ? ['manager'] : ['technician'],
    );
  });

  const revoke = adminOnly('ok', 'none');
  it.each(ACTORS)("%s removing someone's role", async (actor) => {
    await setSubjectRoles(['technician']);
    const res = await clientOf(actor)
      .from('user_roles')
      .delete()
      .eq('user_id', subject.id)
      .select('user_id');
    expect(outcome(res)).toBe(revoke[actor]);
    expect(await rolesOf(subject.id)).toEqual(revoke[actor] === 'ok' ? [] : ['technician']);
  });

  it.each(['housekeeper', 'technician', 'manager'] as const)(
    '%s cannot drop or swap their own role either',
    async (actor) => {
      const u = users[actor];
      const del = await u.client.from('user_roles').delete().eq('user_id', u.id).select();
      expect(outcome(del)).toBe('none');
      const swap = await u.client
        .from('user_roles')
        .update({ role_id: await roleId('admin') })
        .eq('user_id', u.id)
        .select();
      expect(outcome(swap)).toBe('none');
      expect(await rolesOf(u.id)).toEqual([actor]);
    },
  );

  it('an admin cannot remove their own admin role, but can remove another admin', async () => {
    const admin = users.admin;
    const adminRole = await roleId('admin');
    const self = await admin.client
      .from('user_roles')
      .delete()
      .eq('user_id', admin.id)
      .eq('role_id', adminRole)
      .select();
    expect(outcome(self)).toBe('denied');
    const swap = await admin.client
      .from('user_roles')
      .update({ role_id: await roleId('manager') })
      .eq('user_id', admin.id)
      .select();
    expect(outcome(swap)).toBe('denied');
    expect(await rolesOf(admin.id)).toEqual(['admin']);

    await setSubjectRoles(['admin']);
    const other = await admin.client
      .from('user_roles')
      .delete()
      .eq('user_id', subject.id)
      .eq('role_id', adminRole)
      .select();
    expect(outcome(other)).toBe('ok');
    expect(await rolesOf(subject.id)).toEqual([]);
  });
});

describe('custom_permissions', () => {
  it.each(SIGNED_IN)(
    '%s reads their own overrides (the app: GET custom_permissions by user_id and granted)',
    async (actor) => {
      const u = users[actor];
      await service()
        .from('custom_permissions')
        .insert([
          { user_id: u.id, permission_key: 'analytics.view', granted: true },
          { user_id: u.id, permission_key: 'chat.use', granted: false },
        ]);
      const { data, error } = await u.client
        .from('custom_permissions')
        .select('*')
        .eq('user_id', u.id)
        .eq('granted', true);
      await service().from('custom_permissions').delete().eq('user_id', u.id);
      expect(error).toBeNull();
      expect(data).toEqual([
        expect.objectContaining({ user_id: u.id, permission_key: 'analytics.view', granted: true }),
      ]);
    },
  );

  const other: Record<Actor, Outcome> = {
    anon: 'denied',
    norole: 'none',
    housekeeper: 'none',
    technician: 'none',
    manager: 'none',
    admin: 'ok',
  };
  it.each(ACTORS)("%s reading someone else's overrides", async (actor) => {
    await service()
      .from('custom_permissions')
      .upsert({ user_id: subject.id, permission_key: 'reservations.view', granted: true });
    const res = await clientOf(actor)
      .from('custom_permissions')
      .select('permission_key')
      .eq('user_id', subject.id);
    expect(outcome(res)).toBe(other[actor]);
    await service().from('custom_permissions').delete().eq('user_id', subject.id);
  });

  it.each(NON_ADMINS)('%s cannot grant themselves a permission', async (actor) => {
    const u = users[actor];
    const res = await u.client
      .from('custom_permissions')
      .insert({ user_id: u.id, permission_key: 'admin.users', granted: true })
      .select();
    expect(outcome(res)).toBe('denied');
    const up = await u.client
      .from('custom_permissions')
      .upsert({ user_id: u.id, permission_key: 'admin.roles', granted: true })
      .select();
    expect(outcome(up)).toBe('denied');
    expect(await overridesOf(u.id)).toEqual([]);
    const { data } = await u.client.rpc('has_permission', { permission_key: 'admin.users' });
    expect(data).toBe(false);
  });

  it.each(NON_ADMINS)('%s cannot lift a removal an admin made', async (actor) => {
    const u = users[actor];
    await service()
      .from('custom_permissions')
      .insert({ user_id: u.id, permission_key: 'chat.use', granted: false });
    const up = await u.client
      .from('custom_permissions')
      .update({ granted: true })
      .eq('user_id', u.id)
      .select();
    const del = await u.client.from('custom_permissions').delete().eq('user_id', u.id).select();
    const rows = await overridesOf(u.id);
    await service().from('custom_permissions').delete().eq('user_id', u.id);
    expect(outcome(up)).toBe('none');
    expect(outcome(del)).toBe('none');
    expect(rows).toEqual([{ permission_key: 'chat.use', granted: false }]);
  });

  const grant = adminOnly('ok', 'denied');
  it.each(ACTORS)('%s adding an override for someone else', async (actor) => {
    await service().from('custom_permissions').delete().eq('user_id', subject.id);
    const res = await clientOf(actor)
      .from('custom_permissions')
      .insert({ user_id: subject.id, permission_key: 'analytics.view', granted: true })
      .select('user_id');
    expect(outcome(res)).toBe(grant[actor]);
    expect(await overridesOf(subject.id)).toEqual(
      grant[actor] === 'ok' ? [{ permission_key: 'analytics.view', granted: true }] : [],
    );
  });

  const toggle = adminOnly('ok', 'none');
  it.each(ACTORS)("%s changing someone's override", async (actor) => {
    await service()
      .from('custom_permissions')
      .upsert({ user_id: subject.id, permission_key: 'analytics.view', granted: true });
    const res = await clientOf(actor)
      .from('custom_permissions')
      .update({ granted: false })
      .eq('user_id', subject.id)
      .select('user_id');
    expect(outcome(res)).toBe(toggle[actor]);
    expect(await overridesOf(subject.id)).toEqual([
      { permission_key: 'analytics.view', granted: toggle[actor] !== 'ok' },
    ]);
  });

  const remove = adminOnly('ok', 'none');
  it.each(ACTORS)("%s removing someone's override", async (actor) => {
    await service()
      .from('custom_permissions')
      .upsert({ user_id: subject.id, permission_key: 'analytics.view', granted: true });
    const res = await clientOf(actor)
      .from('custom_permissions')
      .delete()
      .eq('user_id', subject.id)
      .select('user_id');
    expect(outcome(res)).toBe(remove[actor]);
    expect(await overridesOf(subject.id)).toHaveLength(remove[actor] === 'ok' ? 0 : 1);
  });

  it('an override must name a key of the catalogue', async () => {
    const { error } = await users.admin.client
      .from('custom_permissions')
      .insert({ user_id: subject.id, permission_key: 'made.up', granted: true });
    expect(error?.code).toBe('23503');
  });
});
