// Sessions, refresh tokens and access tokens as GoTrue issues them (internal/tokens/service.go
// IssueRefreshToken, RefreshTokenGrant, GenerateAccessToken; models/refresh_token.go,
// models/sessions.go Logout*). Refresh tokens rotate: each use revokes the token and issues a
// child; a revoked token still answers with the session's current token when it is the parent
// of that token (the client lost the last response) or within the reuse interval; any other
// reuse is treated as theft and ends the whole session.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { ServiceDeps } from '../gateway/service.ts';
import { AuthError } from './errors.ts';
import {
  audit,
  actorOf,
  authTx,
  findUserById,
  isBanned,
  loadIdentities,
  metadataOf,
  NIL_UUID,
  userJson,
  type UserJson,
  type UserRow,
} from './store.ts';

export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'email/signup'
  | 'email_change'
  | 'invite'
  | 'recovery'
  | 'anonymous';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

interface SessionRow {
  id: string;
  user_id: string;
  not_after: Date | null;
}

/** 16 random bytes, base64url: GoTrue's tokens are 12+ opaque characters. */
const newRefreshToken = () => randomBytes(16).toString('base64url');

async function amrOf(tx: Queryable, sessionId: string) {
  const r = await tx.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims
      where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return r.rows.map((a) => ({
    method: a.authentication_method,
    timestamp: Math.floor(a.updated_at.getTime() / 1000),
  }));
}

/** The access token and its timestamps, with GoTrue's claims in GoTrue's order. */
async function accessToken(
  deps: ServiceDeps,
  tx: Queryable,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = deps.config.auth.jwtExpiry;
  const exp = iat + expiresIn;
  const claims = {
    iss: `${deps.config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: metadataOf(user.raw_app_meta_data),
    user_metadata: metadataOf(user.raw_user_meta_data),
    // A seeded row without a role must still map to a database role PostgREST can assume.
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: await amrOf(tx, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
  const token = await deps.keys.signClaims(claims);
  return { token, expiresAt: exp, expiresIn };
}

async function sessionResponse(
  deps: ServiceDeps,
  tx: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await findUserById(tx, userId);
  if (!user) throw AuthError.notFound('user_not_found', 'User not found');
  const { token, expiresAt, expiresIn } = await accessToken(deps, tx, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await loadIdentities(tx, userId)),
  };
}

/** A new session for a user who just proved who they are (IssueRefreshToken). */
export async function issueSession(
  deps: ServiceDeps,
  tx: Queryable,
  user: UserRow,
  method: AuthMethod,
  client: ClientInfo,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, client.userAgent || null, client.ip],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), null, $4)`,
    [NIL_UUID, refreshToken, user.id, sessionId],
  );
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  await tx.query(
    "update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'",
    [user.id],
  );
  return sessionResponse(deps, tx, user.id, sessionId, refreshToken);
}

const notFound = () =>
  AuthError.badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/** POST /token?grant_type=refresh_token. */
export async function refreshGrant(
  deps: ServiceDeps,
  token: string,
  client: ClientInfo,
): Promise<SessionResponse> {
  const outcome = await authTx(deps.db, async (tx) => {
    // Lock order is session, then token, the same order a sign-out's cascade takes, so a
    // refresh racing a sign-out waits instead of deadlocking.
    const peek = await tx.query<{ session_id: string | null }>(
      'select session_id from auth.refresh_tokens where token = $1',
      [token],
    );
    if (peek.rows.length === 0) throw notFound();
    const sessionId = peek.rows[0]!.session_id;
    let session: SessionRow | undefined;
    if (sessionId) {
      session = (
        await tx.query<SessionRow>(
          'select id, user_id, not_after from auth.sessions where id = $1 for update',
          [sessionId],
        )
      ).rows[0];
    }
    const rt = (
      await tx.query<RefreshTokenRow>(
        `select id, token, user_id, revoked, updated_at, parent, session_id
           from auth.refresh_tokens where token = $1 for update`,
        [token],
      )
    ).rows[0];
    if (!rt) throw notFound();
    const user = await findUserById(tx, rt.user_id);
    if (!user) throw notFound();
    if (isBanned(user)) {
      throw AuthError.badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    }
    if (!session || !rt.session_id) {
      throw AuthError.badRequest(
        'session_not_found',
        'Invalid Refresh Token: No Valid Session Found',
      );
    }
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      throw AuthError.badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }

    let issued: string | undefined;
    if (rt.revoked) {
      const active = (
        await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens
            where session_id = $1 and revoked = false order by id desc limit 1`,
          [session.id],
        )
      ).rows[0];
      const reuseUntil =
        rt.updated_at.getTime() + deps.config.auth.refreshTokenReuseInterval * 1000;
      if (active && (active.parent === rt.token || Date.now() <= reuseUntil)) {
        // The client lost the answer to its last refresh, or several tabs refreshed at once:
        // they all converge on the session's current token instead of branching the family.
        issued = active.token;
      } else {
        await tx.query('delete from auth.sessions where id = $1', [session.id]);
        await audit(tx, actorOf(user), 'token_revoked', client.ip, { reason: 'reuse' });
        return { reused: true as const };
      }
    }

    await audit(tx, actorOf(user), 'token_refreshed', client.ip);
    if (!issued) {
      issued = newRefreshToken();
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
        [rt.id],
      );
      await tx.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ($1, $2, $3, false, now(), now(), $4, $5)`,
        [NIL_UUID, issued, user.id, rt.token, session.id],
      );
    }
    await tx.query(
      `update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now(),
              user_agent = $2, ip = $3 where id = $1`,
      [session.id, client.userAgent || null, client.ip],
    );
    return {
      reused: false as const,
      session: await sessionResponse(deps, tx, user.id, session.id, issued),
    };
  });
  // The revocation above is committed before the error is answered (GoTrue's CommitWithError).
  if (outcome.reused) {
    throw AuthError.badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return outcome.session;
}

/** models.Logout / LogoutSession / LogoutAllExceptMe: sessions go, their tokens with them. */
export async function logout(
  tx: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | null,
): Promise<void> {
  if (scope === 'local' && sessionId) {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others' && sessionId) {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      sessionId,
    ]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
    await tx.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}
