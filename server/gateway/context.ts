// The request context every API shares: which key was used, who the caller is, and the one
// transaction per request in which Postgres sees the caller's role and claims (as PostgREST does).
import type { Context } from 'hono';
import type { Database, Queryable } from '../db/types.ts';
import { API_ROLES, JwtError, type JwtClaims, type Keys } from './keys.ts';

export interface RequestAuth {
  /** Database role the request runs as. */
  role: string;
  claims: JwtClaims;
  /** The bearer JWT, when the caller sent a user or service token. */
  token?: string;
  /** The role of the API key itself. */
  keyRole: 'anon' | 'service_role';
}

export type AuthFailure =
  { kind: 'no_apikey' } | { kind: 'invalid_apikey' } | { kind: 'jwt'; error: JwtError };

export type AuthResult = { ok: true; auth: RequestAuth } | { ok: false; failure: AuthFailure };

function bearer(header: string | undefined): string | undefined {
  const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return m ? m[1]!.trim() : undefined;
}

export interface ResolveOptions {
  /**
   * A request without an `apikey` is served as `anon` (its bearer JWT, if any, still verified),
   * as the Supabase CLI's local gateway does; hosted Supabase answers 401. See README, "The local
   * backend".
   */
  keylessAnon?: boolean;
}

/** Reads `apikey` (header or query) and `Authorization: Bearer`, and verifies what they carry. */
export function resolveAuth(
  keys: Keys,
  c: Context,
  opts: ResolveOptions = {},
): Promise<AuthResult> {
  return resolveAuthFrom(
    keys,
    c.req.header('apikey') ?? c.req.query('apikey'),
    c.req.header('authorization'),
    opts,
  );
}

/** resolveAuth from the `apikey` (header, else query) and `Authorization` values themselves. */
export async function resolveAuthFrom(
  keys: Keys,
  apikey: string | undefined,
  authorization: string | undefined,
  opts: ResolveOptions = {},
): Promise<AuthResult> {
  const token = bearer(authorization);
  let keyRole: 'anon' | 'service_role' | null;
  if (apikey) {
    keyRole = keys.apikeyRole(apikey);
    if (!keyRole) return { ok: false, failure: { kind: 'invalid_apikey' } };
  } else if (opts.keylessAnon) {
    keyRole = 'anon';
  } else {
    // Hosted Supabase's gateway requires the key, even beside a bearer JWT.
    return { ok: false, failure: { kind: 'no_apikey' } };
  }
  // supabase-js sends the API key itself as the bearer when there is no session.
  if (!token || keys.apikeyRole(token)) {
    const role = token ? keys.apikeyRole(token)! : keyRole;
    return { ok: true, auth: { role, claims: { role }, keyRole } };
  }
  try {
    const claims = await keys.verify(token);
    const role = claims.role ?? 'anon';
    if (!API_ROLES.includes(role)) {
      return {
        ok: false,
        failure: {
          kind: 'jwt',
          error: new JwtError('bad_claims', `role "${role}" does not exist`),
        },
      };
    }
    return { ok: true, auth: { role, claims, token, keyRole } };
  } catch (e) {
    if (e instanceof JwtError) return { ok: false, failure: { kind: 'jwt', error: e } };
    throw e;
  }
}

/** The API gateway's own answers for a missing or unknown key (Kong's shape). */
export function apikeyFailureBody(failure: AuthFailure) {
  return failure.kind === 'no_apikey'
    ? {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      }
    : {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      };
}

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
  searchPath?: string[];
}

/**
 * One transaction per request with the caller's role and claims set transaction-locally.
 * Settings go in one statement; nothing is concatenated into SQL. On PostgreSQL (a pipelined
 * transaction) BEGIN, the settings and the request's first statement are sent together, one
 * round trip instead of three: the server still runs them in that order, and if the settings
 * fail the statement behind them fails too (the transaction is aborted) - it never runs without
 * them. The settings' own error is the one reported.
 */
export function runAs<T>(
  db: Database,
  auth: Pick<RequestAuth, 'role' | 'claims'>,
  req: RequestInfo,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const settings = tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true), set_config('search_path', $6, true)`,
      [
        auth.role,
        JSON.stringify(auth.claims),
        req.method,
        req.path,
        JSON.stringify(req.headers),
        (req.searchPath ?? ['public', 'extensions'])
          .map((s) => `"${s.replaceAll('"', '""')}"`)
          .join(', '),
      ],
    );
    if (!tx.pipelined) {
      await settings;
      return fn(tx);
    }
    settings.catch(() => undefined);
    let out: T;
    try {
      out = await fn(tx);
    } catch (e) {
      await settings;
      throw e;
    }
    await settings;
    return out;
  });
}
