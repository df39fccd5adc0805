// PostgREST's error bodies and statuses. Follows PostgREST's src/PostgREST/Error.hs: every failure
// is `{code, details, hint, message}`; Postgres errors keep their SQLSTATE and get an HTTP status
// from the same table PostgREST uses.
import { isPgError } from '../db/types.ts';
import type { JwtError } from '../gateway/keys.ts';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ErrorBody {
  code: string;
  details: JsonValue;
  hint: JsonValue;
  message: string;
}

export class RestError extends Error {
  readonly body: ErrorBody;
  constructor(
    readonly status: number,
    code: string,
    message: string,
    details: JsonValue = null,
    hint: JsonValue = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.body = { code, details, hint, message };
  }
}

/** PGRST100: the query string does not follow the grammar. */
export function queryParamError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

export function invalidBody(message: string): RestError {
  return new RestError(400, 'PGRST102', message);
}

export function invalidRange(details: string): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);
}

export function unacceptableSchema(schema: string, exposed: readonly string[]): RestError {
  return new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );
}

export function mediaTypeError(types: readonly string[]): RestError {
  return new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${types.join(', ')}`,
  );
}

export function singularityError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

export function unsupportedMethod(method: string): RestError {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

export function invalidRpcMethod(method: string): RestError {
  return new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
}

export function notEmbedded(resource: string): RestError {
  return new RestError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );
}

export function columnNotFound(relation: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );
}

function quoteHeaderString(s: string): string {
  return `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The 401 PostgREST answers for a token it cannot accept (PGRST301 / PGRST303). */
export function jwtError(error: JwtError): RestError {
  if (error.reason === 'bad_claims' && /^role ".*" does not exist$/s.test(error.message)) {
    // PostgREST only finds out when it switches role: Postgres' 22023, mapped to 401.
    return new RestError(401, '22023', error.message, null, null, {
      'WWW-Authenticate': 'Bearer',
    });
  }
  let code = 'PGRST301';
  let message: string;
  switch (error.reason) {
    case 'expired':
      code = 'PGRST303';
      message = 'JWT expired';
      break;
    case 'bad_claims':
      code = 'PGRST303';
      message = /nbf/.test(error.message)
        ? 'JWT not yet valid'
        : /iat/.test(error.message)
          ? 'JWT issued at future'
          : /aud/.test(error.message)
            ? 'JWT not in audience'
            : 'Parsing claims failed';
      break;
    case 'bad_algorithm':
      message = 'Wrong or unsupported encoding algorithm';
      break;
    case 'malformed':
      message = error.message.startsWith('Expected 3 parts in JWT')
        ? error.message
        : 'JWT cryptographic operation failed';
      break;
    default:
      message = 'JWT cryptographic operation failed';
  }
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${quoteHeaderString(message)}`,
  });
}

/** PostgREST's mapSQLtoHTTP. `authed` is whether the request carried a user's or service JWT. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    // A deadlock, a serialization failure or a statement cut short by a timeout is the server's
    // moment, not the request's fault: 503 with Retry-After (toRestError), which clients retry,
    // rather than PostgREST's 500 (docs/server-hardening.md).
    case '40001':
    case '40P01':
    case '57014':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authed ? 403 : 401;
    case '54000':
    case '54001':
    case '54011':
    case '54023':
      // PostgREST answers 500; these come from requests too big or deep for Postgres (thousands
      // of columns or arguments, nesting), which are the client's to fix: 400.
      return 400;
  }
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
      return 503;
    case '09':
      return 500;
    case '0L':
    case '0P':
      return 403;
    case '25':
      return 500;
    case '28':
      return 403;
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
      return 500;
    case '53':
      return 503;
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
  }
  if (prefix === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  return 400;
}

interface RaiseMessage {
  code: string;
  message: string;
  details?: JsonValue;
  hint?: JsonValue;
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `RAISE SQLSTATE 'PGRST' USING MESSAGE = json, DETAIL = json`: full control of the response. */
function raisePgrst(message: string, detail: string | undefined): RestError {
  const m = parseJsonObject(message);
  if (!m || typeof m.code !== 'string' || typeof m.message !== 'string') {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const d = parseJsonObject(detail);
  if (!d || typeof d.status !== 'number' || !d.headers || typeof d.headers !== 'object') {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      detail
        ? `Invalid JSON value for DETAIL: '${detail}'`
        : 'DETAIL is missing in the RAISE statement',
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  const rm = m as unknown as RaiseMessage;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.headers as Record<string, unknown>)) {
    if (typeof v === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k)) headers[k] = v;
  }
  const status = d.status >= 200 && d.status <= 599 ? Math.trunc(d.status) : 500;
  return new RestError(status, rm.code, rm.message, rm.details ?? null, rm.hint ?? null, headers);
}

/**
 * PGlite serialises parameters by the type Postgres infers, and its serialisers throw plain
 * errors for text they cannot convert (a boolean column compared with 'maybe'); Postgres itself
 * would answer 22P02, so the client gets the same 400 on both backends.
 */
const PGLITE_SERIALISER = /^Invalid input for (\w+) type$/;

/** Any error raised while running a request's SQL, as PostgREST would answer it. */
export function toRestError(e: unknown, authed: boolean): RestError {
  if (e instanceof RestError) return e;
  if (isPgError(e)) {
    const code = e.code ?? 'XX000';
    if (code === 'PGRST') return raisePgrst(e.message, e.detail);
    const status = statusForSqlState(code, e.message, authed);
    const headers: Record<string, string> =
      status === 401
        ? { 'WWW-Authenticate': 'Bearer' }
        : // Out of resources (53xxx: memory, lock table, connections), busy or cut short: retry.
          status === 503
          ? { 'Retry-After': String((e as { retryAfter?: number }).retryAfter ?? 1) }
          : {};
    return new RestError(status, code, e.message, e.detail ?? null, e.hint ?? null, headers);
  }
  if (e instanceof Error) {
    const m = PGLITE_SERIALISER.exec(e.message);
    if (m) return new RestError(400, '22P02', `invalid input syntax for type ${m[1]}`);
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      return queryParamError('Request too deeply nested', e.message);
    }
  }
  const message = e instanceof Error ? e.message : String(e);
  return new RestError(500, 'PGRSTX00', 'Internal server error', message);
}
