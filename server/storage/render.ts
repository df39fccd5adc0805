// Image transformation, /storage/v1/render/image/{public,authenticated,sign}/<bucket>/<key>, as
// storage-js asks for it (the `transform` option of getPublicUrl, createSignedUrl and download):
// width and height (1-2500), resize cover (default, crops) / contain (fits inside) / fill
// (stretches), quality (20-100, default 80) and format. Without a format the answer is WebP when
// the client accepts it (as hosted Storage optimises), else the source's own format; `origin`
// keeps the source format. Only raster images are transformed, with sharp (libvips).
// [storage.image_transformation] enabled = false turns the routes off: they answer 404, as Storage
// does when it runs without image transformation (the app then shows originals, docs/local-backend.md).
import type { Context } from 'hono';
import sharp from 'sharp';
import type { Caller } from './caller.ts';
import { findObject, type ObjectRow, type StorageDeps } from './context.ts';
import { errors, StorageError } from './errors.ts';
import { FIT, OUTPUT, parseTransform, type OutputFormat, type Transform } from './transform.ts';
import { findReadable, verifyToken, type ReadMode } from './objects.ts';
import { assertBucketName, assertKey } from './names.ts';

/** Larger sources are refused, not decoded (a small file can hold a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

const SOURCE_TYPES = new Set([
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);
function formatFor(t: Transform, sourceType: string, accept: string | undefined): OutputFormat {
  if (t.format && t.format !== 'origin') return t.format as OutputFormat;
  if (t.format !== 'origin' && accept?.includes('image/webp')) return 'webp';
  if (sourceType === 'image/avif') return 'avif';
  if (sourceType === 'image/webp') return 'webp';
  if (sourceType === 'image/png' || sourceType === 'image/gif') return 'png';
  return 'jpeg';
}

async function renderObject(
  deps: StorageDeps,
  c: Context,
  obj: ObjectRow,
  t: Transform,
): Promise<Response> {
  const sourceType = (obj.metadata?.mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  if (!SOURCE_TYPES.has(sourceType)) {
    throw new StorageError(400, 'InvalidRequest', `Cannot transform a file of type ${sourceType}`);
  }
  const size = obj.version ? await deps.store.size(obj.version) : null;
  if (size === null) throw errors.noSuchKey();
  if (size > MAX_SOURCE_BYTES) throw errors.entityTooLarge();
  const bytes = await deps.store.readBytes(obj.version, { start: 0, end: Math.max(size - 1, 0) });
  if (!bytes) throw errors.noSuchKey();
  const format = formatFor(t, sourceType, c.req.header('accept'));
  let out: Buffer;
  try {
    let img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (t.width || t.height) {
      img = img.resize({
        width: t.width,
        height: t.height,
        fit: FIT[t.resize],
        withoutEnlargement: false,
      });
    }
    out = await img.toFormat(format, { quality: t.quality }).toBuffer();
  } catch {
    throw new StorageError(400, 'InvalidRequest', 'The image could not be transformed');
  }
  const headers = new Headers({
    'content-type': OUTPUT[format],
    'content-length': String(out.byteLength),
    'cache-control': obj.metadata?.cacheControl ?? 'no-cache',
    'content-disposition': 'inline',
    vary: 'Accept',
  });
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength), {
    status: 200,
    headers,
  });
}

function assertEnabled(deps: StorageDeps): void {
  if (!deps.config.storage.imageTransformation) throw errors.notFound();
}

/** GET /render/image/{public,authenticated}/<bucket>/<key>: read as for a download, then transform. */
export async function renderImage(
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  bucketId: string,
  key: string,
  mode: ReadMode,
): Promise<Response> {
  assertEnabled(deps);
  const t = parseTransform(c.req.query());
  const obj = await findReadable(deps, c, caller, bucketId, key, mode);
  return renderObject(deps, c, obj, t);
}

/** GET /render/image/sign/<bucket>/<key>?token=: the token names the object and its transform. */
export async function renderSigned(
  deps: StorageDeps,
  c: Context,
  bucketId: string,
  key: string,
): Promise<Response> {
  assertEnabled(deps);
  const payload = await verifyToken(deps, c.req.query('token'));
  if (payload.url !== `${bucketId}/${key}`) throw errors.invalidSignature();
  assertBucketName(bucketId);
  assertKey(key);
  const signed = payload.transformations;
  const t = parseTransform(
    signed && typeof signed === 'object' && !Array.isArray(signed)
      ? (signed as Record<string, unknown>)
      : c.req.query(),
  );
  const obj = await findObject(deps.db, bucketId, key);
  if (!obj) throw errors.noSuchKey();
  return renderObject(deps, c, obj, t);
}
