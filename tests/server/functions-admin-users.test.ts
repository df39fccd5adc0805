// admin-users through supabase-js's functions client on the suite's backend: refused for anon, for
// every non-admin role and for a deactivated admin; for an admin, list, create (with a password
// or by invitation) with roles, set roles, deactivate / reactivate (sign-in stops and resumes),
// password reset e-mail, delete, and the self-protection rules. Accounts are throwaway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import {
  client,
  DEMO_IDS,
  mainUrl,
  serviceClient,
  signIn,
  signInDemo,
  unique,
  type SignedIn,
} from '../fixtures/storage-project/harness.ts';

interface Summary {
  id: string;
  email: string;
  full_name: string;
  active: boolean;
  roles: string[];
  invited_at: string | null;
  banned_until: string | null;
}

let admin: SignedIn;
const made: string[] = [];

async function call<T>(sb: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await sb.functions.invoke<{ data: T }>('admin-users', { body });
  if (error) {
    const res = (error as FunctionsHttpError).context as Response;
    const payload = (await res.json()) as { error?: { code: string; message: string } };
    return { data: null, status: res.status, error: payload.error ?? { code: '', message: '' } };
  }
  return { data: data!.data, status: 200, error: null };
}

const email = (label: string) => `${unique(label)}@admin-users.test`;

async function create(body: Record<string, unknown>) {
  const res = await call<{ user: Summary }>(admin.sb, { action: 'create', ...body });
  if (res.data) made.push(res.data.user.id);
  return res;
}

async function mailsTo(address: string): Promise<{ kind: string; link: string }[]> {
  const res = await fetch(`${mainUrl()}/_dev/outbox?email=${encodeURIComponent(address)}`);
  return (await res.json()) as { kind: string; link: string }[];
}

beforeAll(async () => {
  admin = await signInDemo('admin');
});

afterAll(async () => {
  const service = serviceClient();
  for (const id of made) await service.auth.admin.deleteUser(id);
});

describe('who may call it', () => {
  it('refuses anon, managers, housekeepers and technicians', async () => {
    const anon = await call(client(), { action: 'list' });
    expect(anon.status).toBe(401);
    for (const role of ['manager', 'housekeeper', 'technician'] as const) {
      const res = await call((await signInDemo(role)).sb, { action: 'list' });
      expect(res.status, role).toBe(403);
      expect(res.error).toEqual({ code: 'forbidden', message: 'Only an admin can manage users' });
    }
    const noToken = await fetch(`${mainUrl()}/functions/v1/admin-users`, {
      method: 'POST',
      body: '{"action":"list"}',
    });
    expect(noToken.status).toBe(401);
  });

  it('refuses a non-admin even for writes, and changes nothing', async () => {
    const manager = await signInDemo('manager');
    const res = await call(manager.sb, {
      action: 'set_roles',
      user_id: DEMO_IDS.manager,
      roles: ['admin'],
    });
    expect(res.status).toBe(403);
    const list = await call<{ users: Summary[] }>(admin.sb, { action: 'list' });
    expect(list.data!.users.find((u) => u.id === DEMO_IDS.manager)!.roles).toEqual(['manager']);
  });
});

describe('an admin', () => {
  it('lists users with their profile and roles', async () => {
    const { data, status } = await call<{ users: Summary[] }>(admin.sb, { action: 'list' });
    expect(status).toBe(200);
    const byId = new Map(data!.users.map((u) => [u.id, u]));
    expect(byId.get(DEMO_IDS.admin)).toMatchObject({
      email: 'admin@arivia.local',
      full_name: 'Eleni Papadaki',
      active: true,
      roles: ['admin'],
    });
    expect(byId.get(DEMO_IDS.housekeeper)!.roles).toEqual(['housekeeper']);
  });

  it('creates a user with a password and roles; they can sign in and hold the role', async () => {
    const address = email('created');
    const res = await create({
      email: address,
      password: 'villa-staff-1',
      full_name: 'New Housekeeper',
      roles: ['housekeeper'],
    });
    expect(res.status).toBe(200);
    expect(res.data!.user).toMatchObject({
      email: address,
      full_name: 'New Housekeeper',
      active: true,
      roles: ['housekeeper'],
    });
    const user = await signIn(address, 'villa-staff-1');
    const perms = await user.sb.rpc('my_permissions');
    expect(perms.data).toContain('housekeeping.complete');
  });

  it('invites a user by e-mail when no password is given', async () => {
    const address = email('invited');
    const res = await create({ email: address, roles: ['technician'] });
    expect(res.status).toBe(200);
    expect(res.data!.user.invited_at).toBeTruthy();
    expect(res.data!.user.roles).toEqual(['technician']);
    expect((await mailsTo(address)).map((m) => m.kind)).toContain('invite');
  });

  it('refuses bad input, unknown roles and duplicate e-mails without creating anything', async () => {
    expect((await create({ email: 'not-an-email' })).status).toBe(400);
    const address = email('unknown-role');
    const unknownRole = await create({ email: address, password: 'pw-123456', roles: ['owner'] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.error!.code).toBe('unknown_role');
    const list = await call<{ users: Summary[] }>(admin.sb, { action: 'list' });
    expect(list.data!.users.some((u) => u.email === address)).toBe(false);
    const dup = await create({ email: 'manager@arivia.local', password: 'pw-123456' });
    expect(dup.status).toBe(422);
    expect((await call(admin.sb, { action: 'explode' })).status).toBe(400);
    const get = await admin.sb.functions.invoke('admin-users', { method: 'GET' });
    expect(((get.error as FunctionsHttpError).context as Response).status).toBe(405);
  });

  it('sets roles, but never removes their own admin role', async () => {
    const res = await create({
      email: email('roles'),
      password: 'pw-123456',
      roles: ['housekeeper'],
    });
    const id = res.data!.user.id;
    const set = await call<{ user: Summary }>(admin.sb, {
      action: 'set_roles',
      user_id: id,
      roles: ['technician', 'manager'],
    });
    expect(set.data!.user.roles).toEqual(['manager', 'technician']);
    const cleared = await call<{ user: Summary }>(admin.sb, {
      action: 'set_roles',
      user_id: id,
      roles: [],
    });
    expect(cleared.data!.user.roles).toEqual([]);
    const self = await call(admin.sb, {
      action: 'set_roles',
      user_id: admin.id,
      roles: ['manager'],
    });
    expect(self.status).toBe(400);
    expect(self.error!.code).toBe('self_action');
    const missing = await call(admin.sb, {
      action: 'set_roles',
      user_id: crypto.randomUUID(),
      roles: ['manager'],
    });
    expect(missing.status).toBe(404);
  });

  it('deactivates (no sign-in, no permissions) and reactivates a user', async () => {
    const address = email('deactivated');
    const res = await create({ email: address, password: 'pw-123456', roles: ['manager'] });
    const id = res.data!.user.id;
    const before = await signIn(address, 'pw-123456');

    const off = await call<{ user: Summary }>(admin.sb, { action: 'deactivate', user_id: id });
    expect(off.data!.user).toMatchObject({ active: false });
    expect(off.data!.user.banned_until).toBeTruthy();
    await expect(signIn(address, 'pw-123456')).rejects.toThrow();
    // A token issued before the ban holds no permission any more.
    expect((await before.sb.rpc('my_permissions')).data ?? []).toEqual([]);

    const on = await call<{ user: Summary }>(admin.sb, { action: 'reactivate', user_id: id });
    expect(on.data!.user).toMatchObject({ active: true, banned_until: null });
    const after = await signIn(address, 'pw-123456');
    expect((await after.sb.rpc('my_permissions')).data).toContain('properties.manage');

    const self = await call(admin.sb, { action: 'deactivate', user_id: admin.id });
    expect(self.status).toBe(400);
  });

  it('a deactivated admin loses the function at once', async () => {
    const address = email('ex-admin');
    const res = await create({ email: address, password: 'pw-123456', roles: ['admin'] });
    const exAdmin = await signIn(address, 'pw-123456');
    expect((await call(exAdmin.sb, { action: 'list' })).status).toBe(200);
    await call(admin.sb, { action: 'deactivate', user_id: res.data!.user.id });
    expect([401, 403]).toContain((await call(exAdmin.sb, { action: 'list' })).status);
  });

  it('sends a password reset e-mail', async () => {
    const address = email('reset');
    const res = await create({ email: address, password: 'pw-123456' });
    const sent = await call<{ sent_to: string }>(admin.sb, {
      action: 'reset_password',
      user_id: res.data!.user.id,
    });
    expect(sent.data).toEqual({ sent_to: address });
    expect((await mailsTo(address)).map((m) => m.kind)).toContain('recovery');
  });

  it('deletes a user (not themselves, not a missing one)', async () => {
    const address = email('deleted');
    const res = await create({ email: address, password: 'pw-123456', roles: ['technician'] });
    const id = res.data!.user.id;
    const del = await call<{ deleted: string }>(admin.sb, { action: 'delete', user_id: id });
    expect(del.data).toEqual({ deleted: id });
    await expect(signIn(address, 'pw-123456')).rejects.toThrow();
    const list = await call<{ users: Summary[] }>(admin.sb, { action: 'list' });
    expect(list.data!.users.some((u) => u.id === id)).toBe(false);
    expect((await call(admin.sb, { action: 'delete', user_id: admin.id })).status).toBe(400);
    expect((await call(admin.sb, { action: 'delete', user_id: id })).status).toBe(404);
  });

  it('deactivates instead of deleting an account with history; the audit log names the admin', async () => {
    const address = email('history');
    const res = await create({ email: address, password: 'pw-123456', roles: ['manager'] });
    const id = res.data!.user.id;
    const manager = await signIn(address, 'pw-123456');
    const villa = await manager.sb
      .from('properties')
      .insert({ name: 'History Villa', code: `H${Date.now().toString(36).toUpperCase()}` })
      .select('id')
      .single();
    expect(villa.error).toBeNull();
    const del = await call<{ deactivated: string; reason: string; user: Summary }>(admin.sb, {
      action: 'delete',
      user_id: id,
    });
    expect(del.data).toMatchObject({ deactivated: id, reason: 'has_history' });
    expect(del.data!.user.active).toBe(false);
    await expect(signIn(address, 'pw-123456')).rejects.toThrow();
    const log = await admin.sb
      .from('audit_log')
      .select('entity, action, actor_id')
      .eq('subject_user_id', id)
      .order('id');
    expect(log.data).toEqual([
      { entity: 'account', action: 'created', actor_id: admin.id },
      { entity: 'user_roles', action: 'insert', actor_id: admin.id },
      { entity: 'account', action: 'deactivated', actor_id: admin.id },
    ]);
  });
});
