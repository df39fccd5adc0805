// The permission resolution (docs/architecture.md "One resolution, two places"): role grants, then
// per-user overrides (true adds, false removes), as the RLS helpers and the client's rpc see it;
// profiles.custom_permissions kept equal to the custom_permissions table; deactivation; profiles
// made by handle_new_user through the auth API; and the demo accounts of seed.sql.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  DEMO,
  DEMO_PASSWORD,
  deleteUsers,
  roleId,
  serviceClient,
  signIn,
  unique,
  type Client,
  type RoleName,
  type TestUser,
} from './support.ts';

const ALL_KEYS = [
  'admin.health',
  'admin.roles',
  'admin.settings',
  'admin.users',
  'analytics.view',
  'chat.moderate',
  'chat.use',
  'checklists.manage',
  'housekeeping.complete',
  'housekeeping.inspect',
  'housekeeping.manage',
  'housekeeping.view',
  'inventory.adjust',
  'inventory.manage',
  'inventory.view',
  'maintenance.manage',
  'maintenance.report',
  'maintenance.view',
  'maintenance.work',
  'properties.access',
  'properties.manage',
  'properties.view',
  'reservations.manage',
  'reservations.view',
  'settings.manage',
];
const MATRIX: Record<RoleName, string[]> = {
  admin: ALL_KEYS,
  manager: ALL_KEYS.filter((k) => !k.startsWith('admin.')),
  housekeeper: [
    'chat.use',
    'housekeeping.complete',
    'housekeeping.view',
    'inventory.adjust',
    'inventory.view',
    'maintenance.report',
    'maintenance.view',
    'properties.access',
    'properties.view',
  ],
  technician: [
    'chat.use',
    'housekeeping.view',
    'inventory.adjust',
    'inventory.view',
    'maintenance.report',
    'maintenance.view',
    'maintenance.work',
    'properties.access',
    'properties.view',
  ],
};
const ROLES = Object.keys(MATRIX) as RoleName[];

const service = () => serviceClient();
const made: TestUser[] = [];
let admin: TestUser;

async function myPermissions(c: Client): Promise<string[]> {
  const { data, error } = await c.rpc('my_permissions');
  if (error) throw new Error(error.message);
  return data;
}

async function ownProfileMap(u: TestUser) {
  const { data, error } = await u.client
    .from('profiles')
    .select('custom_permissions')
    .eq('id', u.id)
    .single();
  if (error) throw new Error(error.message);
  return data.custom_permissions;
}

async function fresh(label: string, roles: RoleName[] = []) {
  const u = await createUser(label, roles);
  made.push(u);
  return u;
}

beforeAll(async () => {
  admin = await fresh('admin', ['admin']);
});

afterAll(async () => {
  await deleteUsers(made);
});

describe('the demo accounts of seed.sql', () => {
  it.each(ROLES)(
    '%s@arivia.local signs in with arivia-demo and holds exactly its role',
    async (role) => {
      const demo = DEMO[role];
      const c = await signIn(demo.email, DEMO_PASSWORD);
      const { data: user } = await c.auth.getUser();
      expect(user.user?.id).toBe(demo.id);
      const { data: profile, error } = await c
        .from('profiles')
        .select('*')
        .eq('id', demo.id)
        .single();
      expect(error).toBeNull();
      expect(profile).toMatchObject({
        email: demo.email,
        full_name: demo.fullName,
        active: true,
        custom_permissions: {},
      });
      expect(profile!.phone).toMatch(/^\+30 69\d/);
      const { data: roles } = await c
        .from('user_roles')
        .select('roles(name)')
        .eq('user_id', demo.id);
      expect(roles!.map((r) => r.roles.name)).toEqual([role]);
      expect(await myPermissions(c)).toEqual(MATRIX[role]);
      for (const other of ROLES) {
        const { data } = await c.rpc('has_role', { role_name: other });
        expect(data, other).toBe(other === role);
      }
      const { data: isAdmin } = await c.rpc('is_admin');
      expect(isAdmin).toBe(role === 'admin');
      const { data: managerGuard } = await c.rpc('is_manager_or_admin');
      expect(managerGuard).toBe(role === 'admin' || role === 'manager');
      await c.auth.signOut();
    },
  );

  it('a wrong password is refused', async () => {
    const { error } = await anonClient().auth.signInWithPassword({
      email: DEMO.admin.email,
      password: 'not-arivia-demo',
    });
    expect(error).not.toBeNull();
  });
});

describe('resolution: role grants, then overrides', () => {
  it('a user with no role holds nothing', async () => {
    const u = await fresh('norole');
    expect(await myPermissions(u.client)).toEqual([]);
    const { data } = await u.client.rpc('has_permission', { permission_key: 'chat.use' });
    expect(data).toBe(false);
  });

  it('two roles grant the union of their keys', async () => {
    const u = await fresh('both', ['housekeeper', 'technician']);
    expect(await myPermissions(u.client)).toEqual(
      [...new Set([...MATRIX.housekeeper, ...MATRIX.technician])].sort(),
    );
  });

  it('an override true adds a key, false removes one; the profile map follows the table', async () => {
    const u = await fresh('overrides', ['housekeeper']);
    const a = admin.client;
    expect(await ownProfileMap(u)).toEqual({});

    let res = await a.from('custom_permissions').insert([
      { user_id: u.id, permission_key: 'analytics.view', granted: true },
      { user_id: u.id, permission_key: 'chat.use', granted: false },
    ]);
    expect(res.error).toBeNull();
    const expected = [
      ...MATRIX.housekeeper.filter((k) => k !== 'chat.use'),
      'analytics.view',
    ].sort();
    expect(await myPermissions(u.client)).toEqual(expected);
    expect(await ownProfileMap(u)).toEqual({ 'analytics.view': true, 'chat.use': false });
    for (const [key, held] of [
      ['analytics.view', true],
      ['chat.use', false],
      ['housekeeping.complete', true],
      ['admin.users', false],
    ] as const) {
      const { data } = await u.client.rpc('has_permission', { permission_key: key });
      expect(data, key).toBe(held);
    }

    // A removal wins over the role's grant even when another override is flipped around it.
    res = await a
      .from('custom_permissions')
      .update({ granted: true })
      .eq('user_id', u.id)
      .eq('permission_key', 'chat.use');
    expect(res.error).toBeNull();
    expect(await ownProfileMap(u)).toEqual({ 'analytics.view': true, 'chat.use': true });
    expect(await myPermissions(u.client)).toContain('chat.use');

    res = await a
      .from('custom_permissions')
      .delete()
      .eq('user_id', u.id)
      .eq('permission_key', 'analytics.view');
    expect(res.error).toBeNull();
    expect(await ownProfileMap(u)).toEqual({ 'chat.use': true });
    expect(await myPermissions(u.client)).toEqual(MATRIX.housekeeper);

    // The copy on the profile can only ever equal the table, whoever writes it.
    const { error } = await service()
      .from('profiles')
      .update({ custom_permissions: { 'admin.users': true } })
      .eq('id', u.id);
    expect(error).toBeNull();
    expect(await ownProfileMap(u)).toEqual({ 'chat.use': true });
    expect(await myPermissions(u.client)).not.toContain('admin.users');
  });

  it('an override true works for a user with no role', async () => {
    const u = await fresh('norole-grant');
    await admin.client
      .from('custom_permissions')
      .insert({ user_id: u.id, permission_key: 'chat.use', granted: true });
    expect(await myPermissions(u.client)).toEqual(['chat.use']);
  });

  it("an admin's change to the matrix reaches every holder of the role", async () => {
    const name = unique('pool').toLowerCase();
    const { data: role, error } = await admin.client
      .from('roles')
      .insert({ name })
      .select('id')
      .single();
    expect(error).toBeNull();
    const u = await fresh('pool');
    await service().from('user_roles').insert({ user_id: u.id, role_id: role!.id });
    expect(await myPermissions(u.client)).toEqual([]);
    await admin.client.from('role_permissions').insert([
      { role_id: role!.id, permission_key: 'maintenance.report', granted: true },
      { role_id: role!.id, permission_key: 'chat.use', granted: false },
    ]);
    expect(await myPermissions(u.client)).toEqual(['maintenance.report']);
    await admin.client
      .from('role_permissions')
      .update({ granted: true })
      .eq('role_id', role!.id)
      .eq('permission_key', 'chat.use');
    expect(await myPermissions(u.client)).toEqual(['chat.use', 'maintenance.report']);
    await service().from('user_roles').delete().eq('role_id', role!.id);
    await service().from('roles').delete().eq('id', role!.id);
    expect(await myPermissions(u.client)).toEqual([]);
  });

  it('a deactivated user holds no role and no permission until reactivated', async () => {
    const u = await fresh('leaver', ['manager']);
    const { error } = await admin.client.from('profiles').update({ active: false }).eq('id', u.id);
    expect(error).toBeNull();
    expect(await myPermissions(u.client)).toEqual([]);
    const { data: isManager } = await u.client.rpc('has_role', { role_name: 'manager' });
    expect(isManager).toBe(false);
    // Still signed in: they can read their own profile (to be told why), nothing more.
    const { data: own } = await u.client.from('profiles').select('id, active');
    expect(own).toEqual([{ id: u.id, active: false }]);
    await admin.client.from('profiles').update({ active: true }).eq('id', u.id);
    expect(await myPermissions(u.client)).toEqual(MATRIX.manager);
  });

  it('only trusted callers ask about other users', async () => {
    const u = await fresh('nosy', ['manager']);
    for (const c of [u.client, admin.client, anonClient()]) {
      const r1 = await c.rpc('user_permissions', { uid: DEMO.admin.id });
      expect(r1.error?.code).toBe('42501');
      const r2 = await c.rpc('custom_permissions_map', { uid: DEMO.admin.id });
      expect(r2.error?.code).toBe('42501');
    }
    const { data, error } = await service().rpc('user_permissions', { uid: DEMO.technician.id });
    expect(error).toBeNull();
    expect(data).toEqual(MATRIX.technician);
  });

  it('anon holds nothing', async () => {
    const c = anonClient();
    expect(await myPermissions(c)).toEqual([]);
    for (const fn of ['is_admin', 'is_manager_or_admin'] as const) {
      const { data } = await c.rpc(fn);
      expect(data).toBe(false);
    }
  });
});

describe('handle_new_user through the auth API', () => {
  it('sign-up creates the profile from full_name, with no role', async () => {
    const email = `${unique('signup')}@rls.test`;
    const c = anonClient();
    const { data, error } = await c.auth.signUp({
      email,
      password: 'sign-up-pw',
      options: { data: { full_name: 'Katerina Nikolaidou' } },
    });
    expect(error).toBeNull();
    const id = data.user!.id;
    const { data: profile } = await service().from('profiles').select('*').eq('id', id).single();
    await service().auth.admin.deleteUser(id);
    expect(profile).toMatchObject({
      id,
      email,
      full_name: 'Katerina Nikolaidou',
      active: true,
      // No language chosen: the app follows the device's (docs/i18n.md).
      language: null,
      custom_permissions: {},
    });
    const { data: roles } = await service().from('user_roles').select('role_id').eq('user_id', id);
    expect(roles).toEqual([]);
  });

  it('an account made by the admin API gets its profile; an e-mail change reaches it', async () => {
    const u = await fresh('mover');
    const { data: profile } = await u.client.from('profiles').select('email, full_name').single();
    expect(profile).toEqual({ email: u.email, full_name: u.fullName });
    const newEmail = `${unique('moved')}@rls.test`;
    const { error } = await service().auth.admin.updateUserById(u.id, {
      email: newEmail,
      email_confirm: true,
    });
    expect(error).toBeNull();
    const { data: after } = await service()
      .from('profiles')
      .select('email')
      .eq('id', u.id)
      .single();
    expect(after!.email).toBe(newEmail);
  });

  it('deleting the account removes the profile, its roles and overrides', async () => {
    const u = await createUser('gone', ['technician']);
    await service()
      .from('custom_permissions')
      .insert({ user_id: u.id, permission_key: 'analytics.view', granted: true });
    const { error } = await service().auth.admin.deleteUser(u.id);
    expect(error).toBeNull();
    const s = service();
    const left = await Promise.all([
      s.from('profiles').select('id').eq('id', u.id),
      s.from('user_roles').select('user_id').eq('user_id', u.id),
      s.from('custom_permissions').select('user_id').eq('user_id', u.id),
    ]);
    expect(left.map((r) => r.data)).toEqual([[], [], []]);
    expect(await roleId('technician')).toBeTruthy();
  });
});
