// GoTrue's error responses (internal/api/errors.go HandleResponseError). Clients that send
// `X-Supabase-Api-Version: 2024-01-01` (supabase-js always does) get `{code: <error code>,
// message}` and the header echoed back; older clients get `{code: <status>, error_code, msg}`.
// auth-js (lib/fetch.js handleError) reads either shape into error.code / status / message.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isPgError } from '../db/types.ts';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }

  static badRequest(code: string, message: string) {
    return new AuthError(400, code, message);
  }
  static unauthorized(code: string, message: string) {
    return new AuthError(401, code, message);
  }
  static forbidden(code: string, message: string) {
    return new AuthError(403, code, message);
  }
  static notFound(code: string, message: string) {
    return new AuthError(404, code, message);
  }
  static unprocessable(code: string, message: string) {
    return new AuthError(422, code, message);
  }
  static tooManyRequests(code: string, message: string) {
    return new AuthError(429, code, message);
  }
  static internal(message: string) {
    return new AuthError(500, 'unexpected_failure', message);
  }
  static weakPassword(message: string, reasons: string[]) {
    return new AuthError(422, 'weak_password', message, reasons);
  }
}

/** The OAuth2-shaped errors GoTrue still answers in a few places (`refresh_token required`). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue's DetermineClosestAPIVersion: only 2024-01-01 exists after the initial version. */
export function apiVersionOf(c: Context): '2024-01-01' | null {
  const raw = c.req.header(API_VERSION_HEADER);
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const t = Date.parse(`${raw}T00:00:00Z`);
  return Number.isFinite(t) && t >= Date.parse(`${API_VERSION_2024}T00:00:00Z`)
    ? API_VERSION_2024
    : null;
}

export function errorResponse(c: Context, err: unknown): Response {
  const version = apiVersionOf(c);
  if (version) c.header(API_VERSION_HEADER, version);
  if (err instanceof OAuthError) {
    return c.json({ error: err.error, error_description: err.description }, 400);
  }
  let e: AuthError;
  if (err instanceof AuthError) e = err;
  else if (isPgError(err) && err.code?.startsWith('22')) {
    // Postgres' data exceptions (a value it cannot store or compare) mean the input was bad.
    e = AuthError.badRequest('validation_failed', 'Invalid input');
  } else {
    console.error('[auth] unexpected error:', err);
    e = AuthError.internal('Unexpected failure, please check server logs for more information');
  }
  const weak = e.weakPasswordReasons ? { weak_password: { reasons: e.weakPasswordReasons } } : {};
  const body = version
    ? { code: e.errorCode, message: e.message, ...weak }
    : { code: e.status, error_code: e.errorCode, msg: e.message, ...weak };
  return c.json(body, e.status as ContentfulStatusCode);
}
