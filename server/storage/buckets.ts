// Bucket routes of /storage/v1 (supabase/storage src/http/routes/bucket/*.ts and
// src/storage/storage.ts). Every read and write runs as the caller: storage.buckets has RLS on and
// no policies, so as on Supabase only the service role manages buckets unless a migration says so.
import type { Context } from 'hono';
import type { Caller } from './caller.ts';
import {
  asCaller,
  BUCKET_COLUMNS,
  isRecord,
  json,
  readJson,
  superuserStep,
  callerStep,
  type BucketRow,
  type StorageDeps,
} from './context.ts';
import { errors, StorageError } from './errors.ts';
import { assertBucketName } from './names.ts';

const MIME_TYPE = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.*]+)(;\s*charset=[a-zA-Z0-9-]+)?$|^\*$/;
const SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'];

/** "20GB", "5MB", "30KB", "3B" or a number of bytes (Storage's parseFileSizeToBytes). */
function parseFileSizeLimit(deps: StorageDeps, v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  let bytes: number;
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0) throw errors.invalidRequest('Invalid file size limit');
    bytes = v;
  } else if (typeof v === 'string') {
    const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(v.trim());
    if (!m) {
      throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    }
    const units: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 };
    bytes = Math.round(+parseFloat(m[1]!).toPrecision(3) * units[m[2]!.toUpperCase()]!);
  } else {
    throw errors.invalidRequest('Invalid file size limit');
  }
  if (bytes > deps.config.storage.fileSizeLimit) throw errors.entityTooLarge();
  return bytes;
}

function parseMimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined || v === null) return v;
  if (!Array.isArray(v)) throw errors.invalidRequest('allowed_mime_types must be an array');
  const types = v.filter((t): t is string => typeof t === 'string' && t !== '');
  for (const t of types) {
    if (t.length > 1000 || !MIME_TYPE.test(t)) throw errors.invalidMimeType(t);
  }
  return types;
}

function render(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner_id ?? b.owner ?? '',
    public: b.public,
    type: b.type,
    file_size_limit: b.file_size_limit,
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

export async function listBuckets(deps: StorageDeps, c: Context, caller: Caller) {
  const q = c.req.query();
  const column = q.sortColumn ?? 'name';
  const order = (q.sortOrder ?? 'asc').toLowerCase();
  if (!SORT_COLUMNS.includes(column)) throw errors.invalidParameter('sortColumn');
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortOrder');
  const limit = q.limit === undefined ? null : Number(q.limit);
  const offset = q.offset === undefined ? 0 : Number(q.offset);
  if (limit !== null && (!Number.isInteger(limit) || limit < 1)) {
    throw errors.invalidParameter('limit');
  }
  if (!Number.isInteger(offset) || offset < 0) throw errors.invalidParameter('offset');
  const rows = await asCaller(deps, c, caller, 'storage.bucket.list', async (tx) => {
    const r = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
       where ($1::text is null or name ilike '%' || $1 || '%')
       order by ${column} ${order} limit $2 offset $3`,
      [q.search ?? null, limit, offset],
    );
    return r.rows;
  });
  return json(rows.map(render));
}

export async function getBucket(deps: StorageDeps, c: Context, caller: Caller, id: string) {
  assertBucketName(id);
  const row = await asCaller(deps, c, caller, 'storage.bucket.get', async (tx) => {
    const r = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
      [id],
    );
    return r.rows[0];
  });
  if (!row) throw errors.noSuchBucket();
  return json(render(row));
}

export async function createBucket(deps: StorageDeps, c: Context, caller: Caller) {
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body)) throw errors.invalidRequest('body must be an object');
  const name = body.name;
  assertBucketName(name);
  const id = typeof body.id === 'string' && body.id !== '' ? body.id : name;
  assertBucketName(id);
  if (body.public !== undefined && typeof body.public !== 'boolean') {
    throw errors.invalidParameter('public');
  }
  const fileSizeLimit = parseFileSizeLimit(deps, body.file_size_limit);
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  const owner = caller.owner;
  const isUuid = owner !== undefined && /^[0-9a-f-]{36}$/i.test(owner);
  await asCaller(deps, c, caller, 'storage.bucket.create', (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        name,
        isUuid ? owner : null,
        owner ?? null,
        body.public ?? false,
        fileSizeLimit ?? null,
        mimeTypes ?? null,
      ],
    ),
  ).catch((e: unknown) => {
    if (e instanceof StorageError) throw e;
    if (isRecord(e) && e.code === '23505') throw errors.bucketAlreadyExists();
    throw e;
  });
  return json({ name });
}

export async function updateBucket(deps: StorageDeps, c: Context, caller: Caller, id: string) {
  assertBucketName(id);
  const body = await readJson(c, deps.config.bodyLimits.storageJson);
  if (!isRecord(body)) throw errors.invalidRequest('body must be an object');
  const sets: string[] = [];
  const params: unknown[] = [id];
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw errors.invalidParameter('public');
    params.push(body.public);
    sets.push(`public = $${params.length}`);
  }
  const fileSizeLimit = parseFileSizeLimit(deps, body.file_size_limit);
  if (fileSizeLimit !== undefined) {
    params.push(fileSizeLimit);
    sets.push(`file_size_limit = $${params.length}`);
  }
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  if (mimeTypes !== undefined) {
    params.push(mimeTypes);
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  const count = await asCaller(deps, c, caller, 'storage.bucket.update', async (tx) => {
    if (sets.length === 0) {
      return (await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length;
    }
    return (await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params))
      .rowCount;
  });
  if (count === 0) throw errors.noSuchBucket();
  return json({ message: 'Successfully updated' });
}

/** Deletes every object the caller may delete; all or nothing, as a refusal must not half-empty. */
export async function emptyBucket(deps: StorageDeps, c: Context, caller: Caller, id: string) {
  assertBucketName(id);
  const versions = await asCaller(deps, c, caller, 'storage.bucket.empty', async (tx) => {
    const bucket = await tx.query('select id from storage.buckets where id = $1', [id]);
    if (bucket.rows.length === 0) throw errors.noSuchBucket();
    const deleted = await tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning version',
      [id],
    );
    const left = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 order by name limit 10',
      [id],
    );
    if (left.rows.length > 0) {
      throw errors.accessDenied(
        `Cannot delete: ${left.rows.map((r) => r.name).join(' ,')}, you may have SELECT but not DELETE permissions`,
      );
    }
    return deleted.rows.map((r) => r.version);
  });
  await deps.store.removeAll(versions);
  return json({ message: 'Successfully emptied' });
}

export async function deleteBucket(deps: StorageDeps, c: Context, caller: Caller, id: string) {
  assertBucketName(id);
  await asCaller(deps, c, caller, 'storage.bucket.delete', async (tx) => {
    await superuserStep(tx);
    const found = await tx.query('select id from storage.buckets where id = $1 for update', [id]);
    if (found.rows.length === 0) throw errors.noSuchBucket();
    const objects = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [
      id,
    ]);
    if (objects.rows.length > 0) throw errors.bucketNotEmpty();
    await callerStep(tx, caller);
    const deleted = await tx.query('delete from storage.buckets where id = $1', [id]);
    if (deleted.rowCount === 0) throw errors.noSuchBucket();
  });
  return json({ message: 'Successfully deleted' });
}
