// Who is calling: GoTrue's requireAuthentication (extractBearerToken, parseJWTClaims,
// maybeLoadUserOrSession) and requireAdminCredentials, with their exact statuses and codes.
import type { Context } from 'hono';
import { JwtError, type JwtClaims } from '../gateway/keys.ts';
import type { ServiceDeps } from '../gateway/service.ts';
import { AuthError } from './errors.ts';
import { bearerToken } from './request.ts';
import { authTx, findUserById, isBanned, type UserRow } from './store.ts';
import { isUuid } from './validation.ts';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/** golang-jwt's wording, which GoTrue puts after "invalid JWT: unable to parse or verify signature, ". */
function jwtReason(e: JwtError): string {
  switch (e.reason) {
    case 'expired':
      return 'token has invalid claims: token is expired';
    case 'bad_signature':
      return 'token signature is invalid: signature is invalid';
    case 'bad_algorithm':
      return 'token signature is invalid: signing method is invalid';
    case 'bad_claims':
      return `token has invalid claims: ${e.message}`;
    default:
      return `token is malformed: ${e.message}`;
  }
}

async function claimsOf(deps: ServiceDeps, c: Context): Promise<JwtClaims> {
  const token = bearerToken(c);
  if (!token) {
    throw AuthError.unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  }
  // Opaque sb_publishable_/sb_secret_ keys stand for their role, as the hosted gateway maps them.
  const keyRole = deps.keys.apikeyRole(token);
  if (keyRole && token.split('.').length !== 3) return { role: keyRole };
  try {
    return await deps.keys.verify(token);
  } catch (e) {
    if (e instanceof JwtError) {
      throw AuthError.forbidden(
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${jwtReason(e)}`,
      );
    }
    throw e;
  }
}

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | null;
}

/** A signed-in user whose account and session still exist. */
export async function requireUser(deps: ServiceDeps, c: Context): Promise<Caller> {
  const claims = await claimsOf(deps, c);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw AuthError.forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub))
    throw AuthError.badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid && !isUuid(sid))
    throw AuthError.forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  return authTx(deps.db, async (tx) => {
    const user = await findUserById(tx, sub);
    if (!user) {
      throw AuthError.forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    }
    if (isBanned(user)) throw AuthError.forbidden('user_banned', 'User is banned');
    let sessionId: string | null = null;
    if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
      const s = await tx.query('select 1 from auth.sessions where id = $1', [sid]);
      if (s.rows.length === 0) {
        throw AuthError.forbidden(
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        );
      }
      sessionId = sid;
    }
    return { claims, user, sessionId };
  });
}

/** The admin API answers only a service_role (or supabase_admin) JWT. */
export async function requireAdmin(deps: ServiceDeps, c: Context): Promise<string> {
  const claims = await claimsOf(deps, c);
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ADMIN_ROLES.includes(role)) throw AuthError.forbidden('not_admin', 'User not allowed');
  return role;
}
