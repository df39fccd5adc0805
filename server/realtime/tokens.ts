// Who a channel acts as. The socket's `apikey` decides who may connect at all; the access token of
// the join payload (or of a later `access_token` push) decides the database role and claims the
// channel uses for RLS, as Supabase Realtime's ChannelsAuthorization does. Error texts follow
// RealtimeWeb.RealtimeChannel so client code that inspects them keeps working.
import { API_ROLES, JwtError, type JwtClaims, type Keys } from '../gateway/keys.ts';

export interface Identity {
  role: string;
  claims: JwtClaims;
  /** Seconds since the epoch after which the channel must close, when the token expires. */
  exp?: number;
}

export type IdentityResult =
  { ok: true; identity: Identity } | { ok: false; code: string; message: string };

function unverifiedExp(token: string): number | undefined {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof body?.exp === 'number' ? body.exp : undefined;
  } catch {
    return undefined;
  }
}

export function expiredMessage(exp: number | undefined): string {
  const ago = exp === undefined ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
  return `Token has expired ${ago} seconds ago`;
}

/** The identity an API key alone stands for (no user session). */
export async function identityFromApikey(keys: Keys, apikey: string): Promise<Identity | null> {
  const role = keys.apikeyRole(apikey);
  if (!role) return null;
  if (apikey.split('.').length === 3) {
    try {
      const claims = await keys.verify(apikey);
      return { role, claims: { ...claims, role }, exp: claims.exp };
    } catch {
      return null;
    }
  }
  return { role, claims: { role } };
}

/**
 * Resolves the access token a client sent. No token, or a new-style `sb_` key, means the
 * socket's own key identity (Supabase ignores `sb_` keys as user tokens).
 */
export async function resolveAccessToken(
  keys: Keys,
  socketIdentity: Identity,
  token: unknown,
): Promise<IdentityResult> {
  if (token === undefined || token === null || token === '') {
    return { ok: true, identity: socketIdentity };
  }
  if (typeof token !== 'string') {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  if (token.startsWith('sb_')) {
    return keys.apikeyRole(token)
      ? { ok: true, identity: socketIdentity }
      : { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  let claims: JwtClaims;
  try {
    claims = await keys.verify(token);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    switch (e.reason) {
      case 'expired':
        return {
          ok: false,
          code: 'InvalidJWTToken',
          message: expiredMessage(unverifiedExp(token)),
        };
      case 'bad_signature':
      case 'bad_algorithm':
        return {
          ok: false,
          code: 'JwtSignatureError',
          message: 'Failed to validate JWT signature',
        };
      case 'bad_claims':
        return { ok: false, code: 'InvalidJWTToken', message: e.message };
      default:
        return {
          ok: false,
          code: 'MalformedJWT',
          message: 'The token provided is not a valid JWT',
        };
    }
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return {
      ok: false,
      code: 'InvalidJWTToken',
      message: 'Fields `role` and `exp` are required in JWT',
    };
  }
  if (!API_ROLES.includes(claims.role)) {
    return {
      ok: false,
      code: 'InvalidJWTToken',
      message: `The role "${claims.role}" may not use Realtime`,
    };
  }
  return { ok: true, identity: { role: claims.role, claims, exp: claims.exp } };
}
