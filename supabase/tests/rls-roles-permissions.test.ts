// RLS matrix for the role side of the access model: public.roles, public.permissions (the key
// catalogue) and public.role_permissions (the matrix). Every signed-in user reads them (the client
// resolves its own roles from them); only admins write roles and the matrix; nobody writes the
// catalogue through the API. Refusals are checked against the database through the service client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteUsers,
  outcome,
  roleId,
  serviceClient,
  unique,
  type Client,
  type Outcome,
  type TestUser,
} from './support.ts';

type Actor = 'anon' | 'norole' | 'housekeeper' | 'technician' | 'manager' | 'admin';
const ACTORS: Actor[] = ['anon', 'norole', 'housekeeper', 'technician', 'manager', 'admin'];
const adminOnly = (okOutcome: Outcome, refusal: Outcome): Record<Actor, Outcome> => ({
  anon: 'denied',
  norole: refusal,
  housekeeper: refusal,
  technician: refusal,
  manager: refusal,
  admin: okOutcome,
});
const readable: Record<Actor, Outcome> = {
  anon: 'denied',
  norole: 'ok',
  housekeeper: 'ok',
  technician: 'ok',
  manager: 'ok',
  admin: 'ok',
};

const users = {} as Record<Exclude<Actor, 'anon'>, TestUser>;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);
const tempRoles: string[] = [];

async function tempRole(): Promise<{ id: string; name: string }> {
  const name = unique('temp_role').toLowerCase();
  const { data, error } = await service()
    .from('roles')
    .insert({ name, description: 'made by a test' })
    .select('id, name')
    .single();
  if (error) throw new Error(error.message);
  tempRoles.push(data.id);
  return data;
}

async function roleById(id: string) {
  const { data, error } = await service().from('roles').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  [users.norole, users.housekeeper, users.technician, users.manager, users.admin] =
    await Promise.all([
      createUser('norole'),
      createUser('housekeeper', ['housekeeper']),
      createUser('technician', ['technician']),
      createUser('manager', ['manager']),
      createUser('admin', ['admin']),
    ]);
});

afterAll(async () => {
  await deleteUsers(Object.values(users));
  if (tempRoles.length) await service().from('roles').delete().in('id', tempRoles);
});

describe('roles', () => {
  it.each(ACTORS)('%s reads roles (the app: GET roles where name in ...)', async (actor) => {
    const res = await clientOf(actor)
      .from('roles')
      .select('id, name')
      .in('name', ['admin', 'manager', 'housekeeper', 'technician'])
      .order('name');
    expect(outcome(res)).toBe(readable[actor]);
    if (readable[actor] === 'ok') {
      expect(res.data!.map((r) => r.name)).toEqual([
        'admin',
        'housekeeper',
        'manager',
        'technician',
      ]);
    }
  });

  const insert = adminOnly('ok', 'denied');
  it.each(ACTORS)('%s creating a role', async (actor) => {
    const name = unique(`by_${actor}`).toLowerCase();
    const res = await clientOf(actor).from('roles').insert({ name }).select('id');
    expect(outcome(res)).toBe(insert[actor]);
    const { data } = await service().from('roles').select('id').eq('name', name);
    expect(data).toHaveLength(insert[actor] === 'ok' ? 1 : 0);
    for (const r of data ?? []) tempRoles.push(r.id);
  });

  const rename = adminOnly('ok', 'none');
  it.each(ACTORS)('%s renaming a role', async (actor) => {
    const role = await tempRole();
    const res = await clientOf(actor)
      .from('roles')
      .update({ name: `${role.name}_x` })
      .eq('id', role.id)
      .select('id');
    expect(outcome(res)).toBe(rename[actor]);
    expect((await roleById(role.id))?.name).toBe(
      rename[actor] === 'ok' ? `${role.name}_x` : role.name,
    );
  });

  const remove = adminOnly('ok', 'none');
  it.each(ACTORS)('%s deleting an unused role', async (actor) => {
    const role = await tempRole();
    const res = await clientOf(actor).from('roles').delete().eq('id', role.id).select('id');
    expect(outcome(res)).toBe(remove[actor]);
    expect(await roleById(role.id)).toEqual(remove[actor] === 'ok' ? null : expect.anything());
  });

  it('no one, not even an admin, renames or deletes a built-in role', async () => {
    const admin = users.admin.client;
    const id = await roleId('technician');
    const renamed = await admin.from('roles').update({ name: 'tech' }).eq('id', id).select('id');
    expect(outcome(renamed)).toBe('denied');
    const deleted = await admin.from('roles').delete().eq('name', 'manager').select('id');
    expect(outcome(deleted)).toBe('denied');
    const viaService = await service().from('roles').delete().eq('name', 'housekeeper').select();
    expect(outcome(viaService)).toBe('denied');
    const { data } = await service()
      .from('roles')
      .select('name')
      .eq('is_system', true)
      .order('name');
    expect(data!.map((r) => r.name)).toEqual(['admin', 'housekeeper', 'manager', 'technician']);
  });

  it('an admin cannot mark a role as built-in', async () => {
    const res = await users.admin.client
      .from('roles')
      .insert({ name: unique('sneaky').toLowerCase(), is_system: true })
      .select('id');
    expect(outcome(res)).toBe('denied');
  });

  it('a role still held by someone cannot be deleted', async () => {
    const role = await tempRole();
    await service().from('user_roles').insert({ user_id: users.norole.id, role_id: role.id });
    const { error } = await users.admin.client.from('roles').delete().eq('id', role.id);
    expect(error?.code).toBe('23503');
    expect(await roleById(role.id)).not.toBeNull();
    await service().from('user_roles').delete().eq('role_id', role.id);
  });
});

describe('permissions (catalogue, maintained by migrations)', () => {
  it.each(ACTORS)('%s reads the catalogue', async (actor) => {
    const res = await clientOf(actor).from('permissions').select('key, area, description');
    expect(outcome(res)).toBe(readable[actor]);
    if (readable[actor] === 'ok') {
      const keys = res.data!.map((p) => p.key);
      expect(keys).toEqual(expect.arrayContaining(['properties.view', 'chat.use', 'admin.users']));
      for (const p of res.data!) expect(p.key.startsWith(`${p.area}.`)).toBe(true);
    }
  });

  it.each(ACTORS)('%s cannot add, change or remove keys', async (actor) => {
    const c = clientOf(actor);
    const key = `test.${unique('k').toLowerCase()}`;
    expect(outcome(await c.from('permissions').insert({ key, area: 'test' }).select())).toBe(
      'denied',
    );
    expect(
      outcome(
        await c.from('permissions').update({ description: 'x' }).eq('key', 'chat.use').select(),
      ),
    ).toBe('denied');
    expect(outcome(await c.from('permissions').delete().eq('key', 'chat.use').select())).toBe(
      'denied',
    );
    const { data } = await service()
      .from('permissions')
      .select('description')
      .eq('key', 'chat.use');
    expect(data).toEqual([{ description: 'Use team chat' }]);
  });
});

describe('role_permissions (the matrix)', () => {
  it.each(ACTORS)(
    '%s reads granted keys of roles (the app: GET role_permissions where role_id in ... and granted)',
    async (actor) => {
      const ids = [await roleId('housekeeper')];
      const res = await clientOf(actor)
        .from('role_permissions')
        .select('permission_key, granted')
        .in('role_id', ids)
        .eq('granted', true);
      expect(outcome(res)).toBe(readable[actor]);
      if (readable[actor] === 'ok') {
        expect(res.data!.map((r) => r.permission_key).sort()).toEqual([
          'chat.use',
          'housekeeping.complete',
          'housekeeping.view',
          'inventory.adjust',
          'inventory.view',
          'maintenance.report',
          'maintenance.view',
          'properties.access',
          'properties.view',
        ]);
      }
    },
  );

  const insert = adminOnly('ok', 'denied');
  it.each(ACTORS)('%s adding a cell to the matrix', async (actor) => {
    const role = await tempRole();
    const res = await clientOf(actor)
      .from('role_permissions')
      .insert({ role_id: role.id, permission_key: 'analytics.view', granted: true })
      .select('role_id');
    expect(outcome(res)).toBe(insert[actor]);
    const { data } = await service()
      .from('role_permissions')
      .select('granted')
      .eq('role_id', role.id);
    expect(data).toHaveLength(insert[actor] === 'ok' ? 1 : 0);
  });

  const update = adminOnly('ok', 'none');
  it.each(ACTORS)('%s toggling a cell of the matrix', async (actor) => {
    const role = await tempRole();
    await service()
      .from('role_permissions')
      .insert({ role_id: role.id, permission_key: 'analytics.view', granted: false });
    const res = await clientOf(actor)
      .from('role_permissions')
      .update({ granted: true })
      .eq('role_id', role.id)
      .select('granted');
    expect(outcome(res)).toBe(update[actor]);
    const { data } = await service()
      .from('role_permissions')
      .select('granted')
      .eq('role_id', role.id);
    expect(data).toEqual([{ granted: update[actor] === 'ok' }]);
  });

  it('an admin upserts a cell (on conflict update), as the matrix screen does', async () => {
    const role = await tempRole();
    const admin = users.admin.client;
    for (const granted of [true, false]) {
      const { error } = await admin
        .from('role_permissions')
        .upsert({ role_id: role.id, permission_key: 'chat.use', granted });
      expect(error).toBeNull();
      const { data } = await service()
        .from('role_permissions')
        .select('granted')
        .eq('role_id', role.id);
      expect(data).toEqual([{ granted }]);
    }
  });

  const remove = adminOnly('ok', 'none');
  it.each(ACTORS)('%s removing a cell of the matrix', async (actor) => {
    const role = await tempRole();
    await service()
      .from('role_permissions')
      .insert({ role_id: role.id, permission_key: 'chat.use', granted: true });
    const res = await clientOf(actor)
      .from('role_permissions')
      .delete()
      .eq('role_id', role.id)
      .select('role_id');
    expect(outcome(res)).toBe(remove[actor]);
    const { data } = await service()
      .from('role_permissions')
      .select('granted')
      .eq('role_id', role.id);
    expect(data).toHaveLength(remove[actor] === 'ok' ? 0 : 1);
  });

  it.each(['housekeeper', 'technician', 'manager'] as const)(
    '%s cannot grant their own role admin.users',
    async (actor) => {
      const own = await roleId(actor);
      const c = users[actor].client;
      const up = await c
        .from('role_permissions')
        .update({ granted: true })
        .eq('role_id', own)
        .eq('permission_key', 'admin.users')
        .select();
      expect(outcome(up)).toBe('none');
      const ins = await c
        .from('role_permissions')
        .upsert({ role_id: own, permission_key: 'admin.users', granted: true })
        .select();
      expect(outcome(ins)).toBe('denied');
      const { data } = await c.rpc('has_permission', { permission_key: 'admin.users' });
      expect(data).toBe(false);
      const { data: cell } = await service()
        .from('role_permissions')
        .select('granted')
        .eq('role_id', own)
        .eq('permission_key', 'admin.users');
      expect(cell).toEqual([{ granted: false }]);
    },
  );
});
