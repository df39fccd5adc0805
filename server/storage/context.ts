// What every Storage handler shares: the database, keys and byte store, the request's caller, and
// transactions in which Postgres sees that caller (so storage.objects policies decide), with
// short superuser steps where Storage itself reads as its admin role (bucket lookups, locks).
import type { Context } from 'hono';
import type { Database, Queryable } from '../db/types.ts';
import { runAs } from '../gateway/context.ts';
import { BodyTooLarge, readCapped, STORAGE_JSON_MAX_BYTES } from '../gateway/body-limit.ts';
import type { ServerConfig } from '../gateway/config.ts';
import type { Keys } from '../gateway/keys.ts';
import type { Caller } from './caller.ts';
import type { BlobStore } from './disk.ts';
import { errors } from './errors.ts';

export interface StorageDeps {
  db: Database;
  keys: Keys;
  config: ServerConfig;
  store: BlobStore;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
  contentEncoding?: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

export const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types, created_at, updated_at';

/** One transaction as the caller, with Storage's operation name visible to policies. */
export function asCaller<T>(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  operation: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    if (name !== 'cookie') headers[name] = value;
  });
  return runAs(
    deps.db,
    { role: caller.role, claims: caller.claims },
    { method: c.req.method, path: new URL(c.req.url).pathname, headers },
    async (tx) => {
      await tx.query("select set_config('storage.operation', $1, true)", [operation]);
      return fn(tx);
    },
  );
}

/** Inside asCaller: the next statements run as the connection's own (admin) role... */
export async function superuserStep(tx: Queryable): Promise<void> {
  await tx.query('reset role');
}

/** ...and these put the caller back. */
export async function callerStep(tx: Queryable, caller: Caller): Promise<void> {
  await tx.query("select set_config('role', $1, true)", [caller.role]);
}

const ROLLBACK = Symbol('rollback');

/**
 * Runs writes as the caller and rolls them back: Storage's testPermission, used to refuse an
 * upload before its bytes are received.
 */
export async function testPermission(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  operation: string,
  fn: (tx: Queryable) => Promise<void>,
): Promise<void> {
  try {
    await asCaller(deps, c, caller, operation, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
}

/** Bucket lookups bypass RLS, as Storage's own are made as its admin role. */
export async function findBucket(deps: StorageDeps, id: string): Promise<BucketRow | undefined> {
  const { rows } = await deps.db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  );
  return rows[0];
}

export async function mustFindBucket(deps: StorageDeps, id: string): Promise<BucketRow> {
  const bucket = await findBucket(deps, id);
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

/** The object row, read as whoever `tx` runs as (or as admin through deps.db). */
export async function findObject(
  q: Queryable,
  bucketId: string,
  name: string,
): Promise<ObjectRow | undefined> {
  const { rows } = await q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  return rows[0];
}

/**
 * Sent with every Storage answer, objects above all: the browser never guesses a type, and a file
 * it renders anyway runs sandboxed with no script, no requests and no storage of the app's origin
 * (storage is served on the app's own origin; see docs/local-backend.md). Images stay viewable.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
};

export function withSecurityHeaders(res: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.headers.set(name, value);
  return res;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * A JSON request body, capped so a huge body cannot exhaust memory (a longer one announced is
 * refused before this runs: app.ts, gateway/body-limit.ts).
 */
export async function readJson(c: Context, maxBytes = STORAGE_JSON_MAX_BYTES): Promise<unknown> {
  const body = c.req.raw.body;
  if (!body) return {};
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(body, maxBytes);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw errors.entityTooLarge('request body');
    throw e;
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
