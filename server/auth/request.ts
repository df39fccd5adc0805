// Request plumbing shared by the auth routes: JSON bodies read the way GoTrue's
// retrieveRequestParams reads them (a bad body is 400 bad_json, never a 500), the client's
// address for rate limits and audit rows, and the API gateway's key check.
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import { BodyTooLarge, lingeringClose, readCapped } from '../gateway/body-limit.ts';
import { clientAddress } from '../gateway/client-ip.ts';
import { apikeyFailureBody } from '../gateway/context.ts';
import type { Keys } from '../gateway/keys.ts';
import { AuthError } from './errors.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const jsonKind = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v;

function badJson(detail: string): AuthError {
  return AuthError.badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);
}

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Typed access to a JSON body; a field of the wrong type is GoTrue's unmarshal error. */
export class Params {
  constructor(private readonly body: JsonObject) {}

  private wrongType(name: string, want: string): never {
    throw badJson(
      `json: cannot unmarshal ${jsonKind(this.body[name])} into Go struct field .${name} of type ${want}`,
    );
  }

  has(name: string): boolean {
    return Object.hasOwn(this.body, name) && this.body[name] !== null;
  }

  /** A string field; absent or null reads as '' like a Go string. */
  string(name: string): string {
    const v = this.body[name];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') this.wrongType(name, 'string');
    return v;
  }

  /** A *string field: undefined when absent or null. */
  optionalString(name: string): string | undefined {
    return this.has(name) ? this.string(name) : undefined;
  }

  boolean(name: string): boolean {
    const v = this.body[name];
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') this.wrongType(name, 'bool');
    return v;
  }

  /** A map[string]interface{} field: undefined when absent or null. */
  object(name: string): JsonObject | undefined {
    const v = this.body[name];
    if (v === undefined || v === null) return undefined;
    if (!isJsonObject(v)) this.wrongType(name, 'map[string]interface {}');
    return v;
  }
}

/** Postgres text and jsonb cannot hold U+0000; such input is refused before it reaches SQL. */
export const hasNul = (s: string) => s.includes('\u0000');

function containsNul(v: unknown): boolean {
  if (typeof v === 'string') return hasNul(v);
  if (Array.isArray(v)) return v.some(containsNul);
  if (isJsonObject(v)) return Object.entries(v).some(([k, x]) => hasNul(k) || containsNul(x));
  return false;
}

function parseBody(text: string): Params {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw badJson(e instanceof SyntaxError ? e.message : 'invalid JSON');
  }
  if (!isJsonObject(parsed)) {
    throw badJson(`json: cannot unmarshal ${jsonKind(parsed)} into Go value of type object`);
  }
  if (containsNul(parsed)) throw badJson('strings must not contain U+0000');
  return new Params(parsed);
}

export async function readParams(c: Context): Promise<Params> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badJson('could not read the request body');
  }
  if (text.trim() === '') throw badJson('unexpected end of JSON input');
  return parseBody(text);
}

/** Reads an optional body (DELETE /admin/users/:id): empty means defaults. */
export async function readOptionalParams(c: Context): Promise<Params> {
  const text = await c.req.text().catch(() => '');
  return text.trim() === '' ? new Params({}) : parseBody(text);
}

/** A query parameter, with U+0000 (never valid in what it names) read as absent. */
export function queryParam(c: Context, name: string): string {
  const v = c.req.query(name) ?? '';
  return hasNul(v) ? '' : v;
}

/**
 * Bodies over `max` bytes are refused with 413: one announced past it at once (app.ts refuses it
 * before this runs; here for requests that come another way), one without a length as soon as it
 * passes `max`. The rest of such a body is never read: the connection closes
 * (gateway/body-limit.ts, lingeringClose).
 */
export function limitBody(max: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const tooLarge = () => {
      c.header('Connection', 'close');
      lingeringClose((c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket);
      return onTooLarge(c);
    };
    const announced = Number(c.req.header('content-length') ?? 'NaN');
    if (Number.isFinite(announced) && announced > max) return tooLarge();
    let buffer: Uint8Array<ArrayBuffer>;
    try {
      buffer = await readCapped(body, max);
    } catch (e) {
      if (e instanceof BodyTooLarge) return tooLarge();
      throw e;
    }
    c.req.raw = new Request(c.req.raw, { body: buffer });
    return next();
  };
}

/** The client a request stands for (X-Forwarded-For only from TRUSTED_PROXIES). */
export function clientIp(c: Context, proxies: BlockList): string {
  return clientAddress(c, proxies);
}

/**
 * What the API gateway (Kong on hosted Supabase) checks before GoTrue sees a request: a known
 * `apikey` header or query parameter. GoTrue itself never sees requests without one.
 */
export function requireApiKey(keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    const apikey = c.req.header('apikey') ?? c.req.query('apikey');
    if (!apikey) return c.json(apikeyFailureBody({ kind: 'no_apikey' }), 401);
    if (!keys.apikeyRole(apikey)) return c.json(apikeyFailureBody({ kind: 'invalid_apikey' }), 401);
    await next();
  };
}

export function bearerToken(c: Context): string | undefined {
  const m = /^bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return m ? m[1] : undefined;
}
