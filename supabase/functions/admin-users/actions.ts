// The user administration admins do. Auth accounts through the auth admin API (service role);
// every database write - roles, account status, deletion - as the calling admin (`caller`), so
// the audit log names them and the database's guards apply (not yourself, not the last admin).
// Every action runs after requireAdmin(). See docs/admin.md.
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { HttpError } from '../_shared/http.ts';
import {
  profileRow,
  roleRow,
  userRoleRow,
  type AdminUsersRequest,
  type UserSummary,
} from './schemas.ts';

type Action<K extends AdminUsersRequest['action']> = Extract<AdminUsersRequest, { action: K }>;

/** Long enough to mean "until reactivated" (GoTrue takes a Go duration). */
const BAN_FOR_GOOD = '876000h';

function fail(message: string, e: { message: string } | null): never {
  throw new Error(`${message}: ${e?.message ?? 'no data'}`);
}

/** Auth API refusals the admin can act on (duplicate e-mail, weak password...) become 4xx. */
function authRefusal(e: { message: string; status?: number; code?: string }): never {
  const status = e.status && e.status >= 400 && e.status < 500 ? e.status : 500;
  if (status === 500) throw new Error(`auth: ${e.message}`);
  throw new HttpError(status, e.code ?? 'auth_error', e.message);
}

/** A refusal by the database's guards (42501) becomes a 409 the admin can read. */
function dbRefusal(what: string, e: { message: string; code?: string }): never {
  if (e.code === '42501') throw new HttpError(409, 'refused', e.message);
  if (e.code === 'P0002') throw new HttpError(404, 'user_not_found', 'User not found');
  fail(what, e);
}

async function allRoles(db: SupabaseClient) {
  const { data, error } = await db.from('roles').select('id, name');
  if (error) fail('roles', error);
  return roleRow.array().parse(data);
}

async function roleIds(db: SupabaseClient, names: string[]): Promise<string[]> {
  const known = await allRoles(db);
  const unknown = names.filter((n) => !known.some((r) => r.name === n));
  if (unknown.length) {
    throw new HttpError(400, 'unknown_role', `Unknown role: ${unknown.join(', ')}`);
  }
  return known.filter((r) => names.includes(r.name)).map((r) => r.id);
}

async function summaries(db: SupabaseClient, users: User[]): Promise<UserSummary[]> {
  const ids = users.map((u) => u.id);
  if (ids.length === 0) return [];
  const [profiles, links, roles] = await Promise.all([
    db.from('profiles').select('id, full_name, phone, active').in('id', ids),
    db.from('user_roles').select('user_id, role_id').in('user_id', ids),
    allRoles(db),
  ]);
  if (profiles.error) fail('profiles', profiles.error);
  if (links.error) fail('user_roles', links.error);
  const byId = new Map(
    profileRow
      .array()
      .parse(profiles.data)
      .map((p) => [p.id, p]),
  );
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  const held = new Map<string, string[]>();
  for (const l of userRoleRow.array().parse(links.data)) {
    held.set(l.user_id, [...(held.get(l.user_id) ?? []), roleName.get(l.role_id) ?? l.role_id]);
  }
  return users.map((u) => {
    const p = byId.get(u.id);
    const banned = (u as User & { banned_until?: string | null }).banned_until ?? null;
    return {
      id: u.id,
      email: u.email ?? null,
      full_name: p?.full_name ?? '',
      phone: p?.phone ?? null,
      active: p?.active ?? false,
      roles: (held.get(u.id) ?? []).sort(),
      created_at: u.created_at,
      last_sign_in_at: u.last_sign_in_at ?? null,
      email_confirmed_at: u.email_confirmed_at ?? null,
      invited_at: u.invited_at ?? null,
      banned_until: banned,
    };
  });
}

async function userById(db: SupabaseClient, id: string): Promise<User> {
  const { data, error } = await db.auth.admin.getUserById(id);
  if (error?.status === 404 || (!error && !data.user)) {
    throw new HttpError(404, 'user_not_found', 'User not found');
  }
  if (error) authRefusal(error);
  return data.user;
}

async function summaryOf(db: SupabaseClient, id: string): Promise<UserSummary> {
  const [summary] = await summaries(db, [await userById(db, id)]);
  return summary!;
}

function notSelf(admin: User, userId: string, message: string) {
  if (admin.id === userId) throw new HttpError(400, 'self_action', message);
}

export async function listUsers(db: SupabaseClient): Promise<{ users: UserSummary[] }> {
  const users: User[] = [];
  for (let page = 1; ; page++) {
    const { data, error } = await db.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) authRefusal(error);
    users.push(...data.users);
    if (data.users.length < 1000) break;
  }
  return { users: await summaries(db, users) };
}

export async function createUser(
  db: SupabaseClient,
  caller: SupabaseClient,
  input: Action<'create'>,
) {
  const ids = await roleIds(db, input.roles);
  const metadata = input.full_name ? { full_name: input.full_name } : {};
  const created = input.password
    ? await db.auth.admin.createUser({
        email: input.email,
        password: input.password,
        email_confirm: true,
        user_metadata: metadata,
      })
    : await db.auth.admin.inviteUserByEmail(input.email, {
        data: metadata,
        redirectTo: input.redirect_to,
      });
  if (created.error) authRefusal(created.error);
  const user = created.data.user;
  // The auth server's insert was logged without an actor: name the admin.
  await caller.rpc('admin_note_account_created', { p_user: user.id, p_invited: !input.password });
  if (ids.length) {
    const { error } = await caller
      .from('user_roles')
      .insert(ids.map((role_id) => ({ user_id: user.id, role_id })));
    if (error) {
      // An account without the roles it was created for would be a surprise: undo it.
      await db.auth.admin.deleteUser(user.id);
      fail('assigning roles', error);
    }
  }
  return { user: await summaryOf(db, user.id) };
}

export async function setRoles(
  db: SupabaseClient,
  caller: SupabaseClient,
  admin: User,
  input: Action<'set_roles'>,
) {
  if (admin.id === input.user_id && !input.roles.includes('admin')) {
    throw new HttpError(400, 'self_action', 'You cannot remove your own admin role');
  }
  await userById(db, input.user_id);
  const wanted = await roleIds(db, input.roles);
  const { data, error } = await db
    .from('user_roles')
    .select('user_id, role_id')
    .eq('user_id', input.user_id);
  if (error) fail('user_roles', error);
  const current = userRoleRow
    .array()
    .parse(data)
    .map((r) => r.role_id);
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length) {
    const del = await caller
      .from('user_roles')
      .delete()
      .eq('user_id', input.user_id)
      .in('role_id', removed);
    if (del.error) dbRefusal('removing roles', del.error);
  }
  if (added.length) {
    const ins = await caller
      .from('user_roles')
      .insert(added.map((role_id) => ({ user_id: input.user_id, role_id })));
    if (ins.error) dbRefusal('adding roles', ins.error);
  }
  return { user: await summaryOf(db, input.user_id) };
}

async function setActive(
  db: SupabaseClient,
  caller: SupabaseClient,
  userId: string,
  active: boolean,
) {
  await userById(db, userId);
  // Audited as the admin; ends the user's sessions on deactivation (admin_set_active).
  const { error } = await caller.rpc('admin_set_active', { p_user: userId, p_active: active });
  if (error) dbRefusal('admin_set_active', error);
  // The ban stops sign-ins and refreshes; `active` takes every role and permission away at once.
  const ban = await db.auth.admin.updateUserById(userId, {
    ban_duration: active ? 'none' : BAN_FOR_GOOD,
  });
  if (ban.error) authRefusal(ban.error);
  return { user: await summaryOf(db, userId) };
}

export function deactivate(
  db: SupabaseClient,
  caller: SupabaseClient,
  admin: User,
  input: Action<'deactivate'>,
) {
  notSelf(admin, input.user_id, 'You cannot deactivate your own account');
  return setActive(db, caller, input.user_id, false);
}

export function reactivate(
  db: SupabaseClient,
  caller: SupabaseClient,
  input: Action<'reactivate'>,
) {
  return setActive(db, caller, input.user_id, true);
}

export async function resetPassword(db: SupabaseClient, input: Action<'reset_password'>) {
  const user = await userById(db, input.user_id);
  if (!user.email) throw new HttpError(400, 'no_email', 'This user has no e-mail address');
  const { error } = await db.auth.resetPasswordForEmail(user.email, {
    redirectTo: input.redirect_to,
  });
  if (error) authRefusal(error);
  return { sent_to: user.email };
}

/**
 * Deletes an account with no history (admin_delete_user decides, in the database). One with
 * history is deactivated instead: { deactivated, user }.
 */
export async function deleteUser(
  db: SupabaseClient,
  caller: SupabaseClient,
  admin: User,
  input: Action<'delete'>,
) {
  notSelf(admin, input.user_id, 'You cannot delete your own account');
  await userById(db, input.user_id);
  const { data, error } = await caller.rpc('admin_delete_user', { p_user: input.user_id });
  if (error) dbRefusal('admin_delete_user', error);
  if (data === 'deleted') return { deleted: input.user_id };
  const { user } = await setActive(db, caller, input.user_id, false);
  return { deactivated: input.user_id, reason: 'has_history', user };
}
