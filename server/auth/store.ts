// The auth schema as GoTrue reads and writes it (internal/models/user.go, identity.go,
// audit_log_entry.go), plus the user JSON every endpoint returns.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import { isJsonObject, type JsonObject } from './request.ts';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * One transaction as GoTrue's database role. `supabase_auth_admin` is not a superuser and, as on
 * hosted Supabase, its search_path is `auth`, so triggers on auth.users run here exactly as they
 * would there. Deadlocks and serialization failures are retried: they mean another request on
 * the same rows won, not that this one is wrong.
 */
export async function authTx<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', 'supabase_auth_admin', true), set_config('search_path', 'auth', true)",
        );
        return fn(tx);
      });
    } catch (e) {
      if (attempt < 4 && isPgError(e) && (e.code === '40P01' || e.code === '40001')) continue;
      throw e;
    }
  }
}

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: unknown;
  raw_user_meta_data: unknown;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_sent_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean | null;
  is_sso_user: boolean | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: unknown;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const metadataOf = (v: unknown): JsonObject => (isJsonObject(v) ? v : {});

export const isBanned = (u: UserRow) =>
  u.banned_until !== null && u.banned_until.getTime() > Date.now();

export const isConfirmed = (u: UserRow) => u.email_confirmed_at !== null;

export async function findUserById(tx: Queryable, id: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>('select * from auth.users where id = $1', [id]);
  return r.rows[0] ?? null;
}

/** GoTrue's FindUserByEmailAndAudience; soft-deleted users no longer own their address. */
export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>(
    `select * from auth.users
      where lower(email) = lower($1) and coalesce(is_sso_user, false) = false and deleted_at is null
      order by created_at nulls last limit 1`,
    [email],
  );
  return r.rows[0] ?? null;
}

export async function loadIdentities(tx: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at nulls first, id',
    [userId],
  );
  return r.rows;
}

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

function identityJson(i: IdentityRow) {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: metadataOf(i.identity_data),
    provider: i.provider,
  };
  if (i.last_sign_in_at) out.last_sign_in_at = iso(i.last_sign_in_at);
  out.created_at = iso(i.created_at) ?? null;
  out.updated_at = iso(i.updated_at) ?? null;
  if (i.email) out.email = i.email;
  return out;
}

export type UserJson = Record<string, unknown>;

/** models.User's JSON: field order and omitempty as GoTrue marshals it. */
export function userJson(u: UserRow, identities: IdentityRow[]): UserJson {
  const out: UserJson = { id: u.id, aud: u.aud ?? '', role: u.role ?? '', email: u.email ?? '' };
  const optional = (key: string, v: string | undefined) => {
    if (v !== undefined && v !== '') out[key] = v;
  };
  optional('email_confirmed_at', iso(u.email_confirmed_at));
  optional('invited_at', iso(u.invited_at));
  out.phone = u.phone ?? '';
  optional('phone_confirmed_at', iso(u.phone_confirmed_at));
  optional('confirmation_sent_at', iso(u.confirmation_sent_at));
  optional('confirmed_at', iso(u.confirmed_at));
  optional('recovery_sent_at', iso(u.recovery_sent_at));
  optional('new_email', u.email_change ?? undefined);
  optional('email_change_sent_at', iso(u.email_change_sent_at));
  optional('new_phone', u.phone_change ?? undefined);
  optional('phone_change_sent_at', iso(u.phone_change_sent_at));
  optional('reauthentication_sent_at', iso(u.reauthentication_sent_at));
  optional('last_sign_in_at', iso(u.last_sign_in_at));
  out.app_metadata = metadataOf(u.raw_app_meta_data);
  out.user_metadata = metadataOf(u.raw_user_meta_data);
  out.identities = identities.map(identityJson);
  out.created_at = iso(u.created_at) ?? null;
  out.updated_at = iso(u.updated_at) ?? null;
  optional('banned_until', iso(u.banned_until));
  optional('deleted_at', iso(u.deleted_at));
  out.is_anonymous = u.is_anonymous ?? false;
  return out;
}

export async function loadUserJson(tx: Queryable, id: string): Promise<UserJson> {
  const u = await findUserById(tx, id);
  if (!u) throw new Error(`user ${id} vanished inside its own transaction`);
  return userJson(u, await loadIdentities(tx, id));
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: keys merge, a null value removes a key. */
export function mergeMetadata(current: unknown, patch: JsonObject): JsonObject {
  const merged = { ...metadataOf(current), ...patch };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null));
}

export async function updateUserMetadata(
  tx: Queryable,
  user: UserRow,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  patch: JsonObject,
): Promise<void> {
  const merged = mergeMetadata(user[column], patch);
  await tx.query(`update auth.users set ${column} = $2::jsonb, updated_at = now() where id = $1`, [
    user.id,
    JSON.stringify(merged),
  ]);
  user[column] = merged;
}

/** Creates the `email` identity GoTrue keeps for every e-mail user. */
export async function createEmailIdentity(
  tx: Queryable,
  userId: string,
  email: string,
  extra: JsonObject = {},
): Promise<void> {
  const data: JsonObject = {
    sub: userId,
    email,
    email_verified: false,
    phone_verified: false,
  };
  for (const [k, v] of Object.entries(extra)) if (!(k in data)) data[k] = v;
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, 'email', now(), now())`,
    [randomUUID(), userId, userId, JSON.stringify(data)],
  );
}

/** GoTrue's user.Confirm: confirmed now, the link spent, and the e-mail marked verified. */
export async function confirmUser(tx: Queryable, user: UserRow): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
            confirmation_token = '', updated_at = now() where id = $1`,
    [user.id],
  );
  await updateUserMetadata(tx, user, 'raw_user_meta_data', { email_verified: true });
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where user_id = $1 and provider = 'email' and lower(identity_data ->> 'email') = lower($2)`,
    [user.id, user.email ?? ''],
  );
  await tx.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'",
    [user.id],
  );
}

const LOG_TYPES: Record<string, string> = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_updated_password: 'user',
  user_repeated_signup: 'user',
  token_refreshed: 'token',
  token_revoked: 'token',
};

export interface Actor {
  id: string;
  username: string;
  fullName?: unknown;
}

export const actorOf = (u: UserRow): Actor => ({
  id: u.id,
  username: u.email ?? u.phone ?? '',
  fullName: metadataOf(u.raw_user_meta_data).full_name,
});

/** An admin request acts as its JWT role (GoTrue's withAdminUser). */
export const adminActor = (role: string): Actor => ({ id: NIL_UUID, username: role });

export async function audit(
  tx: Queryable,
  actor: Actor,
  action: string,
  ip: string,
  traits?: Record<string, unknown>,
): Promise<void> {
  const payload: Record<string, unknown> = {
    action,
    actor_id: actor.id,
    actor_username: actor.username,
    actor_via_sso: false,
    log_type: LOG_TYPES[action] ?? 'user',
  };
  if (actor.fullName !== undefined) payload.actor_name = actor.fullName;
  if (traits) payload.traits = traits;
  await tx.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ($1, $2, $3::json, now(), $4)`,
    [NIL_UUID, randomUUID(), JSON.stringify(payload), ip.slice(0, 64)],
  );
}
