// Object routes of /storage/v1 (supabase/storage src/http/routes/object/*.ts): upload, update,
// download (authenticated, public, signed), info, list, signed URLs, move, copy, remove. Reads and
// writes of storage.objects run as the caller, so the table's RLS policies decide; like Storage,
// bucket lookups and the bytes of public or signed downloads need no policy.
import type { Context } from 'hono';
import { Readable } from 'node:stream';
import type { Queryable } from '../db/types.ts';
import { JwtError } from '../gateway/keys.ts';
import type { Caller } from './caller.ts';
import {
  asCaller,
  callerStep,
  findBucket,
  findObject,
  isRecord,
  json,
  mustFindBucket,
  OBJECT_COLUMNS,
  readJson,
  superuserStep,
  testPermission,
  type BucketRow,
  type ObjectMetadata,
  type ObjectRow,
  type StorageDeps,
} from './context.ts';
import { BlobStore } from './disk.ts';
import { errors, StorageError } from './errors.ts';
import { assertBucketName, assertKey, isEmptyFolderPlaceholder } from './names.ts';
import { parseTransform } from './transform.ts';
import { receiveUpload } from './upload.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Objects up to this size are read in one go rather than streamed. */
const IN_MEMORY_BYTES = 8 * 1024 * 1024;
/** Storage's default lifetime of a signed upload URL. */
const SIGNED_UPLOAD_EXPIRY_SECONDS = 2 * 60 * 60;

interface RowWrite {
  id: string;
  bucketId: string;
  name: string;
  owner?: string;
  version: string;
  metadata: ObjectMetadata | null;
  userMetadata?: Record<string, unknown>;
  upsert: boolean;
}

/** The insert Storage makes (createObject), or its upsert (upsertObject) when overwriting. */
async function writeRow(tx: Queryable, w: RowWrite): Promise<void> {
  const conflict = w.upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
         owner_id = excluded.owner_id, version = excluded.version, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata`
    : '';
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, level)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) ${conflict}`,
    [
      w.id,
      w.bucketId,
      w.name,
      w.owner && UUID.test(w.owner) ? w.owner : null,
      w.owner ?? null,
      w.version,
      w.metadata === null ? null : JSON.stringify(w.metadata),
      w.userMetadata === undefined ? null : JSON.stringify(w.userMetadata),
      w.name.split('/').length,
    ],
  );
}

function duplicateAsKeyExists(e: unknown): never {
  if (e instanceof StorageError && e.code === 'ResourceAlreadyExists')
    throw errors.keyAlreadyExists();
  if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505') {
    throw errors.keyAlreadyExists();
  }
  throw e;
}

function mimeChecker(bucket: BucketRow, key: string): (mimeType: string) => void {
  const allowed = bucket.allowed_mime_types;
  return (mimeType) => {
    if (!allowed || allowed.length === 0 || isEmptyFolderPlaceholder(key)) return;
    const [type, subtype] = mimeType.split(';')[0]!.trim().toLowerCase().split('/');
    if (type && subtype) {
      for (const entry of allowed) {
        const [aType, aSub] = entry.trim().toLowerCase().split('/');
        if (aType === '*' || (aType === type && (aSub === '*' || aSub === subtype))) return;
      }
    }
    throw errors.invalidMimeType(mimeType);
  };
}

function sizeLimit(deps: StorageDeps, bucket: BucketRow, key: string): number {
  if (isEmptyFolderPlaceholder(key)) return 0;
  const global = deps.config.storage.fileSizeLimit;
  const own = bucket.file_size_limit;
  return typeof own === 'number' ? Math.min(own, global) : global;
}

interface WriteTarget {
  bucketId: string;
  name: string;
  owner?: string;
  upsert: boolean;
  /** Storage's operation name, visible to policies as storage.operation. */
  operation: string;
}

/**
 * Refuses a write before any byte moves: the policies on the insert (and on the update of an
 * upsert) run as the caller and are rolled back, and an existing key is a 409.
 */
function checkWritable(deps: StorageDeps, c: Context, caller: Caller, t: WriteTarget) {
  return testPermission(deps, c, caller, t.operation, (tx) =>
    writeRow(tx, {
      ...t,
      id: crypto.randomUUID(),
      version: crypto.randomUUID(),
      metadata: null,
    }),
  ).catch(duplicateAsKeyExists);
}

/**
 * The one write path of upload and copy, once the new bytes are committed under `version`: the row
 * is written as the caller (an existing row replaced under lock); then the replaced bytes are
 * removed, or, if the row could not be written, the new ones. Returns the object's id.
 */
async function commitObject(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  t: WriteTarget,
  row: { version: string; metadata: ObjectMetadata | null; userMetadata?: Record<string, unknown> },
): Promise<string> {
  const newId = crypto.randomUUID();
  let replaced: { id: string; version: string | null } | undefined;
  try {
    replaced = await asCaller(deps, c, caller, t.operation, async (tx) => {
      await superuserStep(tx);
      const { rows } = await tx.query<{ id: string; version: string | null }>(
        'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
        [t.bucketId, t.name],
      );
      await callerStep(tx, caller);
      await writeRow(tx, { ...t, ...row, id: newId });
      return rows[0];
    });
  } catch (e) {
    await deps.store.remove(row.version);
    duplicateAsKeyExists(e);
  }
  if (replaced?.version && replaced.version !== row.version) {
    await deps.store.remove(replaced.version).catch(() => undefined);
  }
  return replaced?.id ?? newId;
}

/** Upload or overwrite: check the policies, receive the bytes, then commit bytes before the row. */
async function storeUpload(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
  upsert: boolean,
): Promise<Response> {
  assertBucketName(bucketId);
  assertKey(key);
  const bucket = await mustFindBucket(deps, bucketId);
  const target: WriteTarget = {
    bucketId,
    name: key,
    owner: caller.owner,
    upsert,
    operation: upsert ? 'storage.object.upload_update' : 'storage.object.upload',
  };
  await checkWritable(deps, c, caller, target);

  const file = await receiveUpload(c.req.raw, {
    tempPath: await deps.store.tempPath(),
    limit: sizeLimit(deps, bucket, key),
    checkMimeType: mimeChecker(bucket, key),
  });
  const version = BlobStore.newVersion();
  const metadata: ObjectMetadata = {
    eTag: file.eTag,
    size: file.size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
    ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
  };
  await deps.store.commit(file.tempPath, version);
  const id = await commitObject(deps, c, caller, target, {
    version,
    metadata,
    userMetadata: file.userMetadata,
  });
  return json({ Id: id, Key: `${bucketId}/${key}` });
}

export function upload(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
) {
  const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
  return storeUpload(deps, c, caller, bucketId, key, upsert);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The only types a browser may open in place (docs/local-backend.md, "Files never run as the app"):
 * raster images and PDF. Everything else, HTML and SVG included, is sent as an attachment.
 */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'application/pdf',
]);
// A stored type that is not a plain `type/subtype[; params]` is served as bytes.
const MIME_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x7e]*)?$/;

/** The Content-Type to send and whether it may be shown inline. */
export function servedType(stored: string | undefined): { type: string; inline: boolean } {
  const type = stored && MIME_TYPE.test(stored.trim()) ? stored.trim() : 'application/octet-stream';
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return { type, inline: INLINE_TYPES.has(essence) };
}

function parseRange(header: string | undefined, size: number) {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Math.min(Number(m[2]), size);
    return { start: size - suffix, end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return { start, end };
}

/** Storage's asset renderer: the object's bytes with its stored headers, ranges and 304s. */
async function sendObject(
  deps: StorageDeps,
  c: Context,
  obj: ObjectRow,
  opts: { head: boolean },
): Promise<Response> {
  const size = obj.version ? await deps.store.size(obj.version) : null;
  if (size === null) throw errors.noSuchKey();
  const meta = obj.metadata;
  const served = servedType(meta?.mimetype);
  const headers = new Headers({
    'content-type': served.type,
    'cache-control':
      meta?.cacheControl && /^[\x20-\x7e]*$/.test(meta.cacheControl)
        ? meta.cacheControl
        : 'no-cache',
    'accept-ranges': 'bytes',
  });
  if (meta?.eTag) headers.set('etag', meta.eTag);
  const modified = new Date(meta?.lastModified ?? obj.updated_at);
  if (!Number.isNaN(modified.getTime())) headers.set('last-modified', modified.toUTCString());
  if (meta?.contentEncoding) headers.set('content-encoding', meta.contentEncoding);
  const download = c.req.query('download');
  if (download !== undefined || !served.inline) {
    headers.set('content-disposition', contentDisposition(download || obj.name.split('/').pop()!));
  } else {
    headers.set('content-disposition', 'inline');
  }
  if (meta?.eTag && c.req.header('if-none-match') === meta.eTag) {
    return new Response(null, { status: 304, headers });
  }

  const range = parseRange(c.req.header('range'), size);
  if (range && (range.start >= size || range.start > range.end)) {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const length = range ? range.end - range.start + 1 : size;
  headers.set('content-length', String(length));
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (opts.head || length === 0) return new Response(null, { status, headers });
  // Up to a few MB, one read into memory beats a stream (photos, the common case).
  if (length <= IN_MEMORY_BYTES) {
    const bytes = await deps.store.readBytes(obj.version, range ?? { start: 0, end: size - 1 });
    if (!bytes) throw errors.noSuchKey();
    const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    return new Response(body, {
      status,
      headers,
    });
  }
  const stream = await deps.store.read(obj.version, range);
  if (!stream) throw errors.noSuchKey();
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

export type ReadMode = 'default' | 'authenticated' | 'public';

/** Finds the object for a download or info request the way Storage's routes do. */
export async function findReadable(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<ObjectRow> {
  assertBucketName(bucketId);
  assertKey(key);
  const bucket = await findBucket(deps, bucketId);
  if (!bucket || ((mode === 'public' || !caller.authenticated) && !bucket.public)) {
    throw errors.noSuchBucket();
  }
  // Public buckets serve anyone without policies; private ones ask RLS as the caller.
  const obj = bucket.public
    ? await findObject(deps.db, bucketId, key)
    : await asCaller(deps, c, caller, 'storage.object.get', (tx) => findObject(tx, bucketId, key));
  if (!obj) throw errors.noSuchKey();
  return obj;
}

export async function download(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<Response> {
  const obj = await findReadable(deps, c, caller, bucketId, key, mode);
  return sendObject(deps, c, obj, { head: c.req.method === 'HEAD' });
}

export async function info(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<Response> {
  const obj = await findReadable(deps, c, caller, bucketId, key, mode);
  const meta = obj.metadata;
  return json({
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: meta?.size,
    content_type: meta?.mimetype,
    cache_control: meta?.cacheControl,
    content_encoding: meta?.contentEncoding ?? null,
    etag: meta?.eTag,
    // Storage answers {} for an object uploaded without user metadata.
    metadata: obj.user_metadata ?? {},
    last_modified: meta?.lastModified,
    created_at: obj.created_at,
  });
}

// ---------------------------------------------------------------------------------------------
// Signed URLs
// ---------------------------------------------------------------------------------------------

function readExpiresIn(body: Record<string, unknown>): number {
  const v = body.expiresIn;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw errors.invalidParameter('expiresIn', 'expiresIn must be an integer of at least 1');
  }
  return v;
}

export async function verifyToken(
  deps: StorageDeps,
  token: string | undefined,
): Promise<Record<string, unknown>> {
  if (!token) throw errors.invalidJwt('jwt must be provided');
  try {
    return await deps.keys.verify(token);
  } catch (e) {
    if (e instanceof JwtError) {
      throw errors.invalidJwt(e.reason === 'expired' ? 'jwt expired' : 'invalid signature');
    }
    throw e;
  }
}

export async function createSignedUrl(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
): Promise<Response> {
  assertBucketName(bucketId);
  assertKey(key);
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body)) throw errors.invalidRequest('body must be an object');
  const expiresIn = readExpiresIn(body);
  // With `transform`, the URL is an image rendition and the token fixes its options.
  const transform = isRecord(body.transform) ? parseTransform(body.transform) : undefined;
  const found = await asCaller(deps, c, caller, 'storage.object.sign', (tx) =>
    findObject(tx, bucketId, key),
  );
  if (!found) throw errors.noSuchKey();
  const url = `${bucketId}/${key}`;
  const token = await deps.keys.sign(
    transform ? { url, transformations: transform } : { url },
    expiresIn,
  );
  const route = transform ? '/render/image/sign' : '/object/sign';
  return json({ signedURL: `${route}/${url}?token=${token}` });
}

export async function createSignedUrls(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
): Promise<Response> {
  assertBucketName(bucketId);
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body)) throw errors.invalidRequest('body must be an object');
  const expiresIn = readExpiresIn(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000) {
    throw errors.invalidParameter('paths', 'paths must be an array of 1 to 1000 names');
  }
  const names = paths.filter((p): p is string => typeof p === 'string');
  const visible = await asCaller(deps, c, caller, 'storage.object.sign', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, names],
    );
    return new Set(rows.map((r) => r.name));
  });
  const out = await Promise.all(
    paths.map(async (p: unknown) => {
      if (typeof p === 'string' && visible.has(p)) {
        const url = `${bucketId}/${p}`;
        const token = await deps.keys.sign({ url }, expiresIn);
        return { error: null, path: p, signedURL: `/object/sign/${url}?token=${token}` };
      }
      return {
        error: 'Either the object does not exist or you do not have access to it',
        path: typeof p === 'string' ? p : null,
        signedURL: null,
      };
    }),
  );
  return json(out);
}

/** GET /object/sign/<bucket>/<key>?token=: the token is the authorization, not the caller. */
export async function downloadSigned(
  deps: StorageDeps,
  c: Context,
  bucketId: string,
  key: string,
): Promise<Response> {
  const payload = await verifyToken(deps, c.req.query('token'));
  if (payload.url !== `${bucketId}/${key}`) throw errors.invalidSignature();
  assertBucketName(bucketId);
  assertKey(key);
  const obj = await findObject(deps.db, bucketId, key);
  if (!obj) throw errors.noSuchKey();
  return sendObject(deps, c, obj, { head: c.req.method === 'HEAD' });
}

export async function createSignedUploadUrl(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
): Promise<Response> {
  assertBucketName(bucketId);
  assertKey(key);
  await mustFindBucket(deps, bucketId);
  const upsert = c.req.header('x-upsert') === 'true';
  await checkWritable(deps, c, caller, {
    bucketId,
    name: key,
    owner: caller.owner,
    upsert,
    operation: upsert ? 'storage.object.upload_update' : 'storage.object.upload',
  });
  const url = `${bucketId}/${key}`;
  const token = await deps.keys.sign(
    { owner: caller.owner, url, upsert },
    SIGNED_UPLOAD_EXPIRY_SECONDS,
  );
  return json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/<bucket>/<key>?token=: writes with Storage's own rights, as the token says. */
export async function uploadToSignedUrl(
  deps: StorageDeps,
  c: Context,
  bucketId: string,
  key: string,
): Promise<Response> {
  const payload = await verifyToken(deps, c.req.query('token'));
  if (payload.url !== `${bucketId}/${key}`) throw errors.invalidSignature();
  const owner = typeof payload.owner === 'string' ? payload.owner : undefined;
  const caller: Caller = {
    role: 'service_role',
    claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) },
    authenticated: true,
    owner,
  };
  return storeUpload(deps, c, caller, bucketId, key, payload.upsert === true);
}

// ---------------------------------------------------------------------------------------------
// Listing, moving, copying, removing
// ---------------------------------------------------------------------------------------------

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'];

export async function list(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
): Promise<Response> {
  assertBucketName(bucketId);
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body) || typeof body.prefix !== 'string') {
    throw errors.invalidRequest("body must have required property 'prefix'");
  }
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw errors.invalidParameter('limit');
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw errors.invalidParameter('offset');
  }
  const sortBy = isRecord(body.sortBy) ? body.sortBy : {};
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (!SORT_COLUMNS.includes(column)) throw errors.invalidParameter('sortBy.column');
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortBy.order');
  const search = typeof body.search === 'string' ? body.search : '';
  let prefix = body.prefix;
  // A prefix is a folder (Storage's searchObjects).
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const levels = prefix.split('/').length;
  const rows = await asCaller(deps, c, caller, 'storage.object.list', async (tx) => {
    const r = await tx.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucketId,
      limit,
      levels,
      offset,
      search,
      column,
      order,
    ]);
    return r.rows;
  });
  return json(rows);
}

interface ListV2Row {
  key: string;
  is_folder: boolean;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: ObjectMetadata | null;
}

const LIST_V2_MAX = 1000;

/**
 * POST /object/list-v2/<bucket> (storage-js listV2): keys under `prefix` in byte order, paged by
 * an opaque cursor (the last key sent). With `with_delimiter`, keys deeper than one level below
 * the prefix fold into one folder entry (`a/b/`), as S3's ListObjectsV2 with delimiter '/'.
 * Entries carry the full path as `key` and the part after the prefix as `name`. Rows come from
 * storage.objects as the caller, so its policies decide what is listed.
 */
export async function listV2(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
): Promise<Response> {
  assertBucketName(bucketId);
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body)) throw errors.invalidRequest('body must be an object');
  const prefix = body.prefix ?? '';
  if (typeof prefix !== 'string') throw errors.invalidParameter('prefix');
  const limit = body.limit ?? LIST_V2_MAX;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw errors.invalidParameter('limit');
  }
  const delimiter = body.with_delimiter === true;
  const sortBy = isRecord(body.sortBy) ? body.sortBy : {};
  if (sortBy.column !== undefined && sortBy.column !== 'name') {
    throw errors.invalidParameter('sortBy.column', 'only sorting by name is supported');
  }
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortBy.order');
  let after: string | null = null;
  if (typeof body.cursor === 'string' && body.cursor !== '') {
    after = Buffer.from(body.cursor, 'base64url').toString('utf8');
  }
  const take = Math.min(limit, LIST_V2_MAX);
  await mustFindBucket(deps, bucketId);
  const rows = await asCaller(deps, c, caller, 'storage.object.list', async (tx) => {
    // Byte order (collate "C") on both databases, so a cursor means the same thing everywhere.
    const entry = delimiter
      ? `case when strpos(substr(name, $3::int + 1), '/') > 0
           then substr(name, 1, $3::int + strpos(substr(name, $3::int + 1), '/')) end`
      : 'null::text';
    const r = await tx.query<ListV2Row>(
      `with e as (
         select coalesce(${entry}, name) collate "C" as key, (${entry}) is not null as is_folder,
                id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
         where bucket_id = $1 and left(name, $3::int) = $2
       )
       select distinct on (key) key, is_folder,
              case when is_folder then null else id end as id,
              case when is_folder then null else updated_at end as updated_at,
              case when is_folder then null else created_at end as created_at,
              case when is_folder then null else last_accessed_at end as last_accessed_at,
              case when is_folder then null else metadata end as metadata
       from e
       where $4::text is null or key ${order === 'asc' ? '>' : '<'} $4::text collate "C"
       order by key ${order}
       limit $5`,
      [bucketId, prefix, prefix.length, after, take + 1],
    );
    return r.rows;
  });
  const page = rows.slice(0, take);
  const hasNext = rows.length > take;
  const folders: { key: string; name: string }[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const row of page) {
    const name = row.key.slice(prefix.length);
    if (row.is_folder) {
      folders.push({ key: row.key, name });
    } else {
      objects.push({
        id: row.id,
        key: row.key,
        name,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      });
    }
  }
  const last = page[page.length - 1];
  return json({
    hasNext,
    folders,
    objects,
    ...(hasNext && last ? { nextCursor: Buffer.from(last.key, 'utf8').toString('base64url') } : {}),
  });
}

interface MoveCopyBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket: string;
}

async function readMoveCopyBody(
  deps: StorageDeps,
  c: Context,
): Promise<MoveCopyBody & Record<string, unknown>> {
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body)) throw errors.invalidRequest('body must be an object');
  for (const field of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[field] !== 'string') throw errors.missingParameter(field);
  }
  const bucketId = body.bucketId as string;
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket !== ''
      ? body.destinationBucket
      : bucketId;
  assertBucketName(bucketId);
  assertBucketName(destinationBucket);
  assertKey(body.sourceKey);
  assertKey(body.destinationKey);
  return {
    ...body,
    bucketId,
    sourceKey: body.sourceKey as string,
    destinationKey: body.destinationKey as string,
    destinationBucket,
  };
}

/** Move renames the row (the bytes keep their version): RLS update on source and destination. */
export async function move(deps: StorageDeps, c: Context, caller: Caller): Promise<Response> {
  const b = await readMoveCopyBody(deps, c);
  const destination = await mustFindBucket(deps, b.destinationBucket);
  const moved = await asCaller(deps, c, caller, 'storage.object.move', async (tx) => {
    if (b.destinationBucket !== b.bucketId) {
      // Into another bucket, that bucket's rules hold as for an upload.
      const source = await findObject(tx, b.bucketId, b.sourceKey);
      if (!source) return 0;
      const size = source.metadata?.size ?? 0;
      if (size > sizeLimit(deps, destination, b.destinationKey)) throw errors.entityTooLarge();
      mimeChecker(
        destination,
        b.destinationKey,
      )(source.metadata?.mimetype ?? 'application/octet-stream');
    }
    const r = await tx.query(
      `update storage.objects
       set bucket_id = $3, name = $4, owner = $5, owner_id = $6, level = $7
       where bucket_id = $1 and name = $2`,
      [
        b.bucketId,
        b.sourceKey,
        b.destinationBucket,
        b.destinationKey,
        caller.owner && UUID.test(caller.owner) ? caller.owner : null,
        caller.owner ?? null,
        b.destinationKey.split('/').length,
      ],
    );
    return r.rowCount;
  }).catch(duplicateAsKeyExists);
  if (moved === 0) throw errors.noSuchKey();
  return json({ message: 'Successfully moved' });
}

export async function copy(deps: StorageDeps, c: Context, caller: Caller): Promise<Response> {
  const b = await readMoveCopyBody(deps, c);
  const upsert = c.req.header('x-upsert') === 'true';
  const destination = await mustFindBucket(deps, b.destinationBucket);
  const source = await asCaller(deps, c, caller, 'storage.object.copy', (tx) =>
    findObject(tx, b.bucketId, b.sourceKey),
  );
  if (!source?.version) throw errors.noSuchKey();
  const target: WriteTarget = {
    bucketId: b.destinationBucket,
    name: b.destinationKey,
    owner: caller.owner,
    upsert,
    operation: 'storage.object.copy',
  };
  await checkWritable(deps, c, caller, target);

  const copyMetadata = b.copyMetadata !== false;
  const override = isRecord(b.metadata) ? b.metadata : {};
  const metadata: ObjectMetadata | null = source.metadata && {
    ...source.metadata,
    ...(copyMetadata
      ? {}
      : {
          ...(typeof override.cacheControl === 'string'
            ? { cacheControl: override.cacheControl }
            : {}),
          ...(typeof override.mimetype === 'string' ? { mimetype: override.mimetype } : {}),
        }),
    lastModified: new Date().toISOString(),
  };
  // The destination bucket's rules hold for a copy as for an upload.
  const size = (await deps.store.size(source.version)) ?? 0;
  if (size > sizeLimit(deps, destination, b.destinationKey)) throw errors.entityTooLarge();
  mimeChecker(destination, b.destinationKey)(metadata?.mimetype ?? 'application/octet-stream');

  const version = BlobStore.newVersion();
  if (!(await deps.store.copy(source.version, version))) throw errors.noSuchKey();
  const id = await commitObject(deps, c, caller, target, {
    version,
    metadata,
    userMetadata: copyMetadata ? (source.user_metadata ?? undefined) : undefined,
  });
  return json({
    Id: id,
    Key: `${b.destinationBucket}/${b.destinationKey}`,
    id,
    name: b.destinationKey,
    bucket_id: b.destinationBucket,
    owner: caller.owner ?? null,
    version,
    metadata,
  });
}

export async function removeOne(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
): Promise<Response> {
  assertBucketName(bucketId);
  assertKey(key);
  const versions = await asCaller(deps, c, caller, 'storage.object.delete', async (tx) => {
    const r = await tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
      [bucketId, key],
    );
    return r.rows.map((row) => row.version);
  });
  if (versions.length === 0) throw errors.noSuchKey();
  await deps.store.removeAll(versions);
  return json({ message: 'Successfully deleted' });
}

export async function removeMany(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
): Promise<Response> {
  assertBucketName(bucketId);
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  const prefixes = isRecord(body) ? body.prefixes : undefined;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
    throw errors.invalidParameter('prefixes', 'prefixes must be an array of 1 to 1000 names');
  }
  const names = prefixes.filter((p): p is string => typeof p === 'string');
  const deleted = await asCaller(deps, c, caller, 'storage.object.delete_many', async (tx) => {
    const r = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning ${OBJECT_COLUMNS}`,
      [bucketId, names],
    );
    return r.rows;
  });
  await deps.store.removeAll(deleted.map((o) => o.version));
  return json(deleted);
}
