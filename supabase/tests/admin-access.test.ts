// The admin area's database side (docs/admin.md), through the API as each role: system_settings,
// audit_log, web_vitals, client_events, the admin_* functions, and the escalations the database
// must refuse whatever the UI shows (a manager or housekeeper granting itself a role, an override
// or a matrix cell; the admin role losing an admin.* key; anyone writing the audit log).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteUsers,
  outcome,
  refused,
  roleId,
  serviceClient,
  unique,
  type Client,
  type TestUser,
} from './support.ts';

type Actor = 'anon' | 'norole' | 'housekeeper' | 'technician' | 'manager' | 'admin';
const ACTORS: Actor[] = ['anon', 'norole', 'housekeeper', 'technician', 'manager', 'admin'];
const SIGNED_IN = ACTORS.filter((a) => a !== 'anon');
const NOT_ADMIN = ACTORS.filter((a) => a !== 'admin');

const users = {} as Record<Exclude<Actor, 'anon'>, TestUser>;
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

async function settings() {
  const { data, error } = await serviceClient().from('system_settings').select('*').single();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  users.norole = await createUser('adm-norole');
  users.housekeeper = await createUser('adm-hk', ['housekeeper']);
  users.technician = await createUser('adm-tech', ['technician']);
  users.manager = await createUser('adm-mgr', ['manager']);
  users.admin = await createUser('adm-admin', ['admin']);
});

afterAll(async () => {
  await deleteUsers(Object.values(users));
});

describe('system_settings', () => {
  it.each(ACTORS)('%s: reads the one row only when signed in', async (actor) => {
    const res = await clientOf(actor).from('system_settings').select('time_zone, support_email');
    if (actor === 'anon') expect(outcome(res)).toBe('denied');
    else expect(res.data).toHaveLength(1);
  });

  it.each(NOT_ADMIN)('%s: cannot change the settings', async (actor) => {
    const res = await clientOf(actor)
      .from('system_settings')
      .update({ company_name: 'Hijacked' })
      .eq('id', true)
      .select();
    expect(refused(outcome(res))).toBe(true);
    expect((await settings()).company_name).not.toBe('Hijacked');
  });

  it('admin: changes the time zone; company_time_zone() and the defaults follow; audited', async () => {
    const admin = users.admin.client;
    const before = await settings();
    const res = await admin
      .from('system_settings')
      .update({ time_zone: 'America/New_York', default_check_in_time: '16:00' })
      .eq('id', true)
      .select()
      .single();
    expect(res.error).toBeNull();
    expect(res.data?.updated_by).toBe(users.admin.id);
    try {
      const tz = await users.housekeeper.client.rpc('company_time_zone');
      expect(tz.data).toBe('America/New_York');
      const inTime = await users.housekeeper.client.rpc('default_check_in_time');
      expect(inTime.data).toBe('16:00:00');
      const log = await admin
        .from('audit_log')
        .select('actor_id, entity, action, before, after')
        .eq('entity', 'system_settings')
        .order('id', { ascending: false })
        .limit(1)
        .single();
      expect(log.data?.actor_id).toBe(users.admin.id);
      expect(log.data?.action).toBe('update');
      expect((log.data?.before as { time_zone: string }).time_zone).toBe(before.time_zone);
      expect((log.data?.after as { time_zone: string }).time_zone).toBe('America/New_York');
    } finally {
      await admin
        .from('system_settings')
        .update({
          time_zone: before.time_zone,
          default_check_in_time: before.default_check_in_time,
        })
        .eq('id', true);
    }
  });

  it('admin: a time zone that does not exist and a support e-mail that is not an address are refused', async () => {
    const admin = users.admin.client;
    const tz = await admin
      .from('system_settings')
      .update({ time_zone: 'Mars/Olympus_Mons' })
      .eq('id', true)
      .select();
    expect(tz.error?.code).toBe('22023');
    expect(tz.error?.message).toMatch(/^time_zone:/);
    const mail = await admin
      .from('system_settings')
      .update({ support_email: 'not an address' })
      .eq('id', true)
      .select();
    expect(mail.error?.code).toBe('23514');
    expect(mail.error?.message).toContain('system_settings_support_email_format');
    const s = await settings();
    expect(s.time_zone).not.toBe('Mars/Olympus_Mons');
    expect(s.support_email).not.toBe('not an address');
  });

  it('nobody inserts or deletes the row through the API', async () => {
    for (const actor of ACTORS) {
      const ins = await clientOf(actor).from('system_settings').insert({ company_name: 'x' });
      expect(ins.error).not.toBeNull();
      const del = await clientOf(actor).from('system_settings').delete().eq('id', true).select();
      expect(refused(outcome(del))).toBe(true);
    }
    expect((await settings()).id).toBe(true);
  });
});

describe('escalation attempts', () => {
  it.each(['manager', 'housekeeper', 'technician', 'norole'] as const)(
    '%s: cannot grant itself a role, an override or a matrix cell',
    async (actor) => {
      const u = users[actor];
      const adminRole = await roleId('admin');
      const selfRole = await u.client
        .from('user_roles')
        .insert({ user_id: u.id, role_id: adminRole })
        .select();
      expect(refused(outcome(selfRole))).toBe(true);
      const override = await u.client
        .from('custom_permissions')
        .insert({ user_id: u.id, permission_key: 'admin.users', granted: true })
        .select();
      expect(refused(outcome(override))).toBe(true);
      const ownRole = actor === 'norole' ? await roleId('housekeeper') : await roleId(actor);
      const cell = await u.client
        .from('role_permissions')
        .update({ granted: true })
        .eq('role_id', ownRole)
        .eq('permission_key', 'admin.users')
        .select();
      expect(refused(outcome(cell))).toBe(true);
      const perms = await u.client.rpc('my_permissions');
      expect(perms.data).not.toContain('admin.users');
      const svc = await serviceClient()
        .from('role_permissions')
        .select('granted')
        .eq('role_id', ownRole)
        .eq('permission_key', 'admin.users')
        .single();
      expect(svc.data?.granted).toBe(false);
    },
  );

  it('admin: the admin role keeps every admin.* key (refused by the database)', async () => {
    const adminRole = await roleId('admin');
    for (const key of ['admin.users', 'admin.roles', 'admin.settings', 'admin.health']) {
      const off = await users.admin.client
        .from('role_permissions')
        .update({ granted: false })
        .eq('role_id', adminRole)
        .eq('permission_key', key)
        .select();
      expect(outcome(off)).toBe('denied');
      const del = await users.admin.client
        .from('role_permissions')
        .delete()
        .eq('role_id', adminRole)
        .eq('permission_key', key)
        .select();
      expect(outcome(del)).toBe('denied');
    }
    // Other keys of the admin role are editable.
    const other = await users.admin.client
      .from('role_permissions')
      .update({ granted: false })
      .eq('role_id', adminRole)
      .eq('permission_key', 'chat.use')
      .select();
    expect(outcome(other)).toBe('ok');
    await users.admin.client
      .from('role_permissions')
      .update({ granted: true })
      .eq('role_id', adminRole)
      .eq('permission_key', 'chat.use');
  });

  it('admin: cannot deactivate itself or drop its own admin role', async () => {
    const deact = await users.admin.client
      .from('profiles')
      .update({ active: false })
      .eq('id', users.admin.id)
      .select();
    expect(outcome(deact)).toBe('denied');
    const drop = await users.admin.client
      .from('user_roles')
      .delete()
      .eq('user_id', users.admin.id)
      .eq('role_id', await roleId('admin'))
      .select();
    expect(outcome(drop)).toBe('denied');
  });

  it('system roles cannot be renamed or deleted; a custom role can, when unused; names are unique', async () => {
    const admin = users.admin.client;
    const rename = await admin
      .from('roles')
      .update({ name: 'boss' })
      .eq('name', 'manager')
      .select();
    expect(outcome(rename)).toBe('denied');
    const name = unique('cleaner').toLowerCase();
    const made = await admin.from('roles').insert({ name, description: 'x' }).select().single();
    expect(made.error).toBeNull();
    const dup = await admin.from('roles').insert({ name }).select();
    expect(dup.error?.code).toBe('23505');
    const holder = await createUser('adm-holder');
    await serviceClient().from('user_roles').insert({ user_id: holder.id, role_id: made.data!.id });
    const inUse = await admin.from('roles').delete().eq('id', made.data!.id).select();
    expect(inUse.error?.code).toBe('23503');
    await deleteUsers([holder]);
    const gone = await admin.from('roles').delete().eq('id', made.data!.id).select();
    expect(outcome(gone)).toBe('ok');
  });
});

describe('audit_log', () => {
  it('a role assignment is logged with who, what, before and after; only admins read it', async () => {
    const target = await createUser('adm-target');
    const hk = await roleId('housekeeper');
    try {
      const add = await users.admin.client
        .from('user_roles')
        .insert({ user_id: target.id, role_id: hk })
        .select();
      expect(outcome(add)).toBe('ok');
      const log = await users.admin.client
        .from('audit_log')
        .select('*')
        .eq('entity', 'user_roles')
        .eq('subject_user_id', target.id)
        .single();
      expect(log.data).toMatchObject({
        actor_id: users.admin.id,
        actor_email: users.admin.email,
        action: 'insert',
        before: null,
      });
      expect((log.data?.after as { role: string }).role).toBe('housekeeper');
      for (const actor of NOT_ADMIN) {
        const res = await clientOf(actor).from('audit_log').select('id').eq('id', log.data!.id);
        expect(refused(outcome(res))).toBe(true);
      }
    } finally {
      await deleteUsers([target]);
    }
  });

  it.each(ACTORS)('%s: cannot write, change or delete audit rows', async (actor) => {
    const c = clientOf(actor);
    const ins = await c.from('audit_log').insert({ entity: 'x', action: 'forged' }).select();
    expect(ins.error).not.toBeNull();
    const upd = await c.from('audit_log').update({ action: 'forged' }).gte('id', 0).select();
    expect(refused(outcome(upd))).toBe(true);
    const del = await c.from('audit_log').delete().gte('id', 0).select();
    expect(refused(outcome(del))).toBe(true);
  });

  it('the service role cannot change or delete audit rows either', async () => {
    const svc = serviceClient();
    const upd = await svc.from('audit_log').update({ action: 'forged' }).gte('id', 0).select();
    expect(upd.error?.code).toBe('42501');
    const del = await svc.from('audit_log').delete().gte('id', 0).select();
    expect(del.error?.code).toBe('42501');
    const forged = await svc.from('audit_log').select('id').eq('action', 'forged');
    expect(forged.data).toEqual([]);
  });
});

describe('client reports', () => {
  it.each(SIGNED_IN)(
    '%s: inserts a web vital and a refused write; reads them only as admin',
    async (actor) => {
      const c = clientOf(actor);
      const page = `/${unique('p')}`;
      const vit = await c.from('web_vitals').insert({ page, name: 'LCP', value: 1234 });
      expect(vit.error).toBeNull();
      const ev = await c.from('client_events').insert({ kind: 'write_refused', code: '403' });
      expect(ev.error).toBeNull();
      const read = await c.from('web_vitals').select('page').eq('page', page);
      if (actor === 'admin') expect(read.data).toHaveLength(1);
      else expect(read.data).toEqual([]);
    },
  );

  it('bounded values and no spoofed authors', async () => {
    const c = users.housekeeper.client;
    expect(
      (await c.from('web_vitals').insert({ page: '/x', name: 'LCP', value: -1 })).error?.code,
    ).toBe('23514');
    expect(
      (await c.from('web_vitals').insert({ page: '/x', name: 'CLS', value: 1e9 })).error?.code,
    ).toBe('23514');
    expect(
      (await c.from('web_vitals').insert({ page: 'http://x', name: 'LCP', value: 1 })).error?.code,
    ).toBe('23514');
    expect(
      (await c.from('web_vitals').insert({ page: '/x', name: 'XSS', value: 1 })).error?.code,
    ).toBe('23514');
    const spoof = await c
      .from('web_vitals')
      .insert({ page: '/x', name: 'LCP', value: 1, user_id: users.admin.id });
    expect(spoof.error?.code).toBe('42501');
  });

  it('anon: may report only a failed sign-in', async () => {
    const a = anonClient();
    expect(
      (
        await a
          .from('client_events')
          .insert({ kind: 'sign_in_failed', code: 'invalid_credentials' })
      ).error,
    ).toBeNull();
    expect((await a.from('client_events').insert({ kind: 'write_refused' })).error?.code).toBe(
      '42501',
    );
    expect(
      (await a.from('web_vitals').insert({ page: '/', name: 'LCP', value: 1 })).error?.code,
    ).toBe('42501');
    expect(outcome(await a.from('client_events').select('id'))).toBe('denied');
  });
});

describe('admin functions', () => {
  it.each(NOT_ADMIN)('%s: every admin_* function is refused', async (actor) => {
    const c = clientOf(actor);
    const calls = [
      c.rpc('admin_list_users', {}),
      c.rpc('admin_waiting_count'),
      c.rpc('admin_user_access', { p_user: users.norole.id }),
      c.rpc('admin_user_has_history', { p_user: users.norole.id }),
      c.rpc('admin_delete_user', { p_user: users.norole.id }),
      c.rpc('admin_note_account_created', { p_user: users.norole.id, p_invited: true }),
      c.rpc('admin_health'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.error?.code).toBe('42501');
    }
    const still = await serviceClient().from('profiles').select('id').eq('id', users.norole.id);
    expect(still.data).toHaveLength(1);
  });

  it('admin: lists, searches, filters "waiting for access", sorts and pages', async () => {
    const c = users.admin.client;
    const search = await c.rpc('admin_list_users', { p_search: users.norole.email });
    const found = search.data as {
      total: number;
      users: { id: string; status: string; roles: string[] }[];
    };
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ id: users.norole.id, status: 'active', roles: [] });

    const waiting = (await c.rpc('admin_list_users', { p_filter: 'waiting', p_limit: 100 }))
      .data as {
      total: number;
      users: { id: string }[];
    };
    expect(waiting.users.map((u) => u.id)).toContain(users.norole.id);
    expect(waiting.users.map((u) => u.id)).not.toContain(users.housekeeper.id);
    const count = await c.rpc('admin_waiting_count');
    expect(count.data).toBe(waiting.total);

    const byEmail = (
      await c.rpc('admin_list_users', { p_sort: 'email', p_desc: false, p_limit: 2 })
    ).data as { total: number; users: { email: string }[] };
    expect(byEmail.users).toHaveLength(2);
    expect(byEmail.users[0]!.email.localeCompare(byEmail.users[1]!.email)).toBeLessThanOrEqual(0);
    const next = (
      await c.rpc('admin_list_users', { p_sort: 'email', p_desc: false, p_limit: 2, p_offset: 2 })
    ).data as { users: { email: string }[] };
    expect(next.users[0]!.email).not.toBe(byEmail.users[0]!.email);
    const bad = await c.rpc('admin_list_users', { p_sort: 'password' });
    expect(bad.error?.code).toBe('22023');
  });

  it("admin: a user's access shows each key with its source; overrides change it", async () => {
    const c = users.admin.client;
    const hk = users.housekeeper;
    await c
      .from('custom_permissions')
      .insert({ user_id: hk.id, permission_key: 'chat.use', granted: false });
    await c
      .from('custom_permissions')
      .insert({ user_id: hk.id, permission_key: 'analytics.view', granted: true });
    const res = await c.rpc('admin_user_access', { p_user: hk.id });
    const access = res.data as {
      effective: string[];
      overrides: Record<string, boolean>;
      from_roles: Record<string, string[]>;
    };
    expect(access.overrides).toEqual({ 'chat.use': false, 'analytics.view': true });
    expect(access.from_roles['chat.use']).toEqual(['housekeeper']);
    expect(access.effective).toContain('analytics.view');
    expect(access.effective).not.toContain('chat.use');
    const mine = await hk.client.rpc('my_permissions');
    expect(mine.data).not.toContain('chat.use');
    await c.from('custom_permissions').delete().eq('user_id', hk.id);
    expect((await hk.client.rpc('my_permissions')).data).toContain('chat.use');
  });

  it('admin: deletes an account without history, keeps one with history; audited with who', async () => {
    const c = users.admin.client;
    const fresh = await createUser('adm-fresh');
    const res = await c.rpc('admin_delete_user', { p_user: fresh.id });
    expect(res.data).toBe('deleted');
    const gone = await serviceClient().auth.admin.getUserById(fresh.id);
    expect(gone.data.user).toBeNull();
    const log = await c
      .from('audit_log')
      .select('actor_id, action')
      .eq('entity', 'account')
      .eq('subject_user_id', fresh.id)
      .eq('action', 'deleted')
      .single();
    expect(log.data?.actor_id).toBe(users.admin.id);

    // History: the manager authors a villa.
    const villa = await users.manager.client
      .from('properties')
      .insert({ name: unique('Villa'), code: `V${Date.now().toString(36).toUpperCase()}` })
      .select('id')
      .single();
    expect(villa.error).toBeNull();
    const kept = await c.rpc('admin_delete_user', { p_user: users.manager.id });
    expect(kept.data).toBe('has_history');
    expect(
      (await serviceClient().auth.admin.getUserById(users.manager.id)).data.user,
    ).not.toBeNull();
    expect((await c.rpc('admin_delete_user', { p_user: users.admin.id })).error?.code).toBe(
      '42501',
    );
  });

  it('admin: health answers live figures', async () => {
    const before = (await users.admin.client.rpc('admin_health')).data as Record<string, unknown>;
    expect(before.migrations_applied).toEqual(expect.any(Number));
    expect(String(before.latest_migration)).toMatch(/^\d{14}/);
    expect(before.database_bytes).toEqual(expect.any(Number));
    expect(Array.isArray(before.storage)).toBe(true);
    expect(before.sign_ins_24h).toEqual(expect.any(Number));
    await anonClient().from('client_events').insert({ kind: 'sign_in_failed' });
    await users.technician.client.auth.refreshSession();
    const after = (await users.admin.client.rpc('admin_health')).data as Record<string, number>;
    expect(after.sign_in_failures_24h).toBe((before.sign_in_failures_24h as number) + 1);
    const vitals = (after as unknown as { web_vitals: { name: string; p75: number }[] }).web_vitals;
    expect(vitals.some((v) => v.name === 'LCP' && v.p75 === 1234)).toBe(true);
  });
});

describe('admin_set_active', () => {
  it('non-admins are refused; an admin deactivates (sessions end) and reactivates; never itself', async () => {
    const target = await createUser('adm-active', ['housekeeper']);
    try {
      for (const actor of NOT_ADMIN) {
        const res = await clientOf(actor).rpc('admin_set_active', {
          p_user: target.id,
          p_active: false,
        });
        expect(res.error?.code).toBe('42501');
      }
      const off = await users.admin.client.rpc('admin_set_active', {
        p_user: target.id,
        p_active: false,
      });
      expect(off.error).toBeNull();
      expect((await target.client.rpc('my_permissions')).data).toEqual([]);
      const refresh = await target.client.auth.refreshSession();
      expect(refresh.error).not.toBeNull();
      const on = await users.admin.client.rpc('admin_set_active', {
        p_user: target.id,
        p_active: true,
      });
      expect(on.error).toBeNull();
      const log = await users.admin.client
        .from('audit_log')
        .select('action, actor_id')
        .eq('entity', 'account')
        .eq('subject_user_id', target.id)
        .in('action', ['deactivated', 'reactivated'])
        .order('id');
      expect(log.data).toEqual([
        { action: 'deactivated', actor_id: users.admin.id },
        { action: 'reactivated', actor_id: users.admin.id },
      ]);
      const self = await users.admin.client.rpc('admin_set_active', {
        p_user: users.admin.id,
        p_active: false,
      });
      expect(self.error?.code).toBe('42501');
    } finally {
      await deleteUsers([target]);
    }
  });
});
