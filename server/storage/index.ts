// /storage/v1 — Supabase Storage's HTTP API as storage-js 2.119.1 calls it: buckets and objects,
// metadata in storage.buckets / storage.objects, access decided by RLS on storage.objects as the
// caller, bytes on disk (disk.ts). Paths are parsed here from the raw URL so that every percent
// escape is decoded exactly once and every name is validated before use.
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { ServiceDeps } from '../gateway/service.ts';
import { lingeringClose } from '../gateway/body-limit.ts';
import * as buckets from './buckets.ts';
import { resolveCaller, type Caller } from './caller.ts';
import { json, withSecurityHeaders, type StorageDeps } from './context.ts';
import { BlobStore } from './disk.ts';
import { errors, toStorageError } from './errors.ts';
import { decodePathPart } from './names.ts';
import * as objects from './objects.ts';
import * as render from './render.ts';

/**
 * Where the bytes live: STORAGE_DIR when set; next to a PGlite data folder (.data/db ->
 * .data/storage); for PostgreSQL <workdir>/.data/storage/pg-<database>, so databases sharing a
 * machine never share a folder; for an in-memory database a temp folder (made on the first
 * write, removed on close). Folders are made on the first write, never for a server that stores
 * nothing.
 */
export function storageRoot(deps: ServiceDeps, env: NodeJS.ProcessEnv = process.env) {
  if (env.STORAGE_DIR) return path.resolve(env.STORAGE_DIR);
  const { dataDir, databaseUrl, workdir } = deps.config;
  if (databaseUrl) {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
    return path.join(workdir, '.data', 'storage', `pg-${name.replace(/[^\w.-]/g, '_')}`);
  }
  if (dataDir) return path.join(path.dirname(path.resolve(dataDir)), 'storage');
  return undefined;
}

type Handler = (
  deps: StorageDeps,
  c: Context,
  caller: Caller,
  segments: string[],
) => Promise<Response>;

interface Route {
  method: string | string[];
  /** The path after /storage/v1/: literal segments, then `:bucket`, then `:key` (the rest). */
  pattern: string[];
  /** Storage's allowInvalidJwt: a bad or missing token reads as anon instead of a 403. */
  auth: 'required' | 'optional' | 'none';
  handle: Handler;
}

// First match wins, so the literal prefixes come before /object/<bucket>/<key>.
const ROUTES: Route[] = [
  {
    method: 'GET',
    pattern: ['bucket'],
    auth: 'required',
    handle: (d, c, u) => buckets.listBuckets(d, c, u),
  },
  {
    method: 'POST',
    pattern: ['bucket'],
    auth: 'required',
    handle: (d, c, u) => buckets.createBucket(d, c, u),
  },
  {
    method: 'GET',
    pattern: ['bucket', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => buckets.getBucket(d, c, u, b!),
  },
  {
    method: 'PUT',
    pattern: ['bucket', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => buckets.updateBucket(d, c, u, b!),
  },
  {
    method: 'DELETE',
    pattern: ['bucket', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => buckets.deleteBucket(d, c, u, b!),
  },
  {
    method: 'POST',
    pattern: ['bucket', ':bucket', 'empty'],
    auth: 'required',
    handle: (d, c, u, [b]) => buckets.emptyBucket(d, c, u, b!),
  },

  {
    method: 'POST',
    pattern: ['object', 'list', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => objects.list(d, c, u, b!),
  },
  {
    method: 'POST',
    pattern: ['object', 'list-v2', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => objects.listV2(d, c, u, b!),
  },
  {
    method: 'POST',
    pattern: ['object', 'move'],
    auth: 'required',
    handle: (d, c, u) => objects.move(d, c, u),
  },
  {
    method: 'POST',
    pattern: ['object', 'copy'],
    auth: 'required',
    handle: (d, c, u) => objects.copy(d, c, u),
  },
  {
    method: 'POST',
    pattern: ['object', 'sign', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => objects.createSignedUrls(d, c, u, b!),
  },
  {
    method: 'POST',
    pattern: ['object', 'sign', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => objects.createSignedUrl(d, c, u, b!, k!),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['object', 'sign', ':bucket', ':key'],
    auth: 'none',
    handle: (d, c, _u, [b, k]) => objects.downloadSigned(d, c, b!, k!),
  },
  {
    method: 'POST',
    pattern: ['object', 'upload', 'sign', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => objects.createSignedUploadUrl(d, c, u, b!, k!),
  },
  {
    method: 'PUT',
    pattern: ['object', 'upload', 'sign', ':bucket', ':key'],
    auth: 'none',
    handle: (d, c, _u, [b, k]) => objects.uploadToSignedUrl(d, c, b!, k!),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['object', 'public', ':bucket', ':key'],
    auth: 'optional',
    handle: (d, c, u, [b, k]) => objects.download(d, c, u, b!, k!, 'public'),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['object', 'authenticated', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => objects.download(d, c, u, b!, k!, 'authenticated'),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['render', 'image', 'public', ':bucket', ':key'],
    auth: 'optional',
    handle: (d, c, u, [b, k]) => render.renderImage(d, c, u, b!, k!, 'public'),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['render', 'image', 'authenticated', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => render.renderImage(d, c, u, b!, k!, 'authenticated'),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['render', 'image', 'sign', ':bucket', ':key'],
    auth: 'none',
    handle: (d, c, _u, [b, k]) => render.renderSigned(d, c, b!, k!),
  },
  {
    method: 'GET',
    pattern: ['object', 'info', 'public', ':bucket', ':key'],
    auth: 'optional',
    handle: (d, c, u, [b, k]) => objects.info(d, c, u, b!, k!, 'public'),
  },
  {
    method: 'GET',
    pattern: ['object', 'info', 'authenticated', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => objects.info(d, c, u, b!, k!, 'authenticated'),
  },
  {
    method: 'GET',
    pattern: ['object', 'info', ':bucket', ':key'],
    auth: 'optional',
    handle: (d, c, u, [b, k]) => objects.info(d, c, u, b!, k!, 'default'),
  },
  {
    method: 'DELETE',
    pattern: ['object', ':bucket'],
    auth: 'required',
    handle: (d, c, u, [b]) => objects.removeMany(d, c, u, b!),
  },
  {
    method: ['GET', 'HEAD'],
    pattern: ['object', ':bucket', ':key'],
    auth: 'optional',
    handle: (d, c, u, [b, k]) => objects.download(d, c, u, b!, k!, 'default'),
  },
  {
    method: ['POST', 'PUT'],
    pattern: ['object', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => objects.upload(d, c, u, b!, k!),
  },
  {
    method: 'DELETE',
    pattern: ['object', ':bucket', ':key'],
    auth: 'required',
    handle: (d, c, u, [b, k]) => objects.removeOne(d, c, u, b!, k!),
  },
];

/** Matches raw path segments; returns the decoded bucket and key, or null. */
function match(pattern: string[], raw: string[]): string[] | null {
  const captured: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === ':key') {
      // The key is the rest of the path: one percent-decoding, '/' kept as the separator.
      if (i >= raw.length) return null;
      captured.push(raw.slice(i).map(decodePathPart).join('/'));
      return captured;
    }
    if (i >= raw.length) return null;
    if (p === ':bucket') captured.push(decodePathPart(raw[i]!));
    else if (raw[i] !== p) return null;
  }
  return raw.length === pattern.length ? captured : null;
}

/**
 * The request path exactly as the client sent it. The Request URL has already been normalised
 * (`a/../b` is `b` there, `%2e%2e` too), which would silently turn a hostile key into another one;
 * Storage must see and refuse it.
 */
function rawPathname(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  let target = incoming?.url;
  if (!target) return new URL(c.req.url).pathname;
  // Absolute-form targets (sent to proxies) carry scheme and host before the path.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(target);
  if (absolute) target = target.slice(absolute[0].length) || '/';
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

export function createStorage(service: ServiceDeps) {
  const storePromise = BlobStore.open({ root: storageRoot(service) });
  // An unused storage must not crash the process if its folder cannot be made; requests report it.
  storePromise.catch((e: unknown) => console.error('[storage] cannot open the byte store:', e));
  const app = new Hono();

  app.all('/*', async (c) => withSecurityHeaders(await route(c)));

  async function route(c: Context): Promise<Response> {
    try {
      const base = routePath(c).replace(/\/\*$/, '');
      const pathname = rawPathname(c);
      if (!pathname.startsWith(`${base}/`)) throw errors.notFound();
      const raw = pathname.slice(base.length + 1).split('/');
      const method = c.req.method;
      for (const route of ROUTES) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (!methods.includes(method)) continue;
        const captured = match(route.pattern, raw);
        if (!captured) continue;
        const store = await storePromise;
        const deps: StorageDeps = { ...service, store };
        const caller =
          route.auth === 'none'
            ? ({ role: 'anon', claims: { role: 'anon' }, authenticated: false } satisfies Caller)
            : await resolveCaller(service.keys, c, { allowInvalidJwt: route.auth === 'optional' });
        return await route.handle(deps, c, caller, captured);
      }
      throw errors.notFound();
    } catch (e) {
      const err = toStorageError(e);
      // A client that hung up mid-upload is no server fault; there is nobody to answer either.
      const hungUp = c.req.raw.signal.aborted || (e instanceof Error && e.message === 'aborted');
      if (err.statusCode >= 500 && !hungUp) console.error('[storage]', c.req.method, c.req.path, e);
      const res =
        c.req.method === 'HEAD'
          ? new Response(null, { status: err.httpStatus })
          : json(err.render(), err.httpStatus);
      if (err.code === 'EntityTooLarge') {
        // The rest of a body refused half-read is never read: the connection closes
        // (gateway/body-limit.ts).
        res.headers.set('Connection', 'close');
        lingeringClose((c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket);
      }
      return res;
    }
  }

  return {
    app,
    async close(): Promise<void> {
      const store = await storePromise.catch(() => undefined);
      await store?.close();
    },
  };
}
