// Who is calling Storage. Storage sits behind no API-key check on Supabase (public and signed URLs
// are opened by browsers with no headers), so the caller is whatever the bearer token says: a user
// JWT, the anon or service_role key (legacy JWTs or the new sb_ keys), or nobody. Routes that
// Storage marks `allowInvalidJwt` treat a missing or bad token as anon; the others refuse it with
// Storage's 403 (src/http/plugins/jwt.ts).
import type { Context } from 'hono';
import { API_ROLES, JwtError, type JwtClaims, type Keys } from '../gateway/keys.ts';
import { errors } from './errors.ts';

export interface Caller {
  role: string;
  claims: JwtClaims;
  /** A token was given and verified (Storage's isAuthenticated). */
  authenticated: boolean;
  /** The JWT subject: the owner recorded on what this caller writes. */
  owner?: string;
}

const ANON: Caller = { role: 'anon', claims: { role: 'anon' }, authenticated: false };

// The messages jsonwebtoken gives Storage, which apps may show or match.
const JWT_MESSAGES: Record<JwtError['reason'], string> = {
  malformed: 'jwt malformed',
  bad_signature: 'invalid signature',
  expired: 'jwt expired',
  bad_algorithm: 'invalid algorithm',
  bad_claims: 'invalid claims',
};

function bearer(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return m ? m[1]!.trim() : undefined;
}

export async function resolveCaller(
  keys: Keys,
  c: Context,
  opts: { allowInvalidJwt: boolean },
): Promise<Caller> {
  const token = bearer(c) ?? c.req.header('apikey');
  if (!token) {
    if (opts.allowInvalidJwt) return ANON;
    throw errors.accessDenied('jwt must be provided');
  }
  const keyRole = keys.apikeyRole(token);
  if (keyRole) return { role: keyRole, claims: { role: keyRole }, authenticated: true };
  try {
    const claims = await keys.verify(token);
    const role = claims.role ?? 'anon';
    if (!API_ROLES.includes(role))
      throw new JwtError('bad_claims', `role "${role}" does not exist`);
    const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
    return { role, claims, authenticated: true, owner: sub };
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    if (opts.allowInvalidJwt) return ANON;
    throw errors.accessDenied(JWT_MESSAGES[e.reason]);
  }
}
