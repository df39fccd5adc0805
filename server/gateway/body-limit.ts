// Byte limits on request bodies, for every HTTP surface (issue 34; docs/server-hardening.md,
// "Request bodies"). Two places enforce them:
//
// - the front door (`refuseDeclared`, in front of every listener in app.ts): a Content-Length past
//   the surface's limit is answered 413 at once, in that API's error shape, without reading a byte
//   of the body;
// - the readers (`readCapped`, `readNodeCapped`, storage's upload writer): a body without a length
//   (chunked) is counted as it streams and refused as soon as it passes the limit.
//
// Either way the refusal closes the connection (`Connection: close`) and the rest of the body is
// never kept: the socket drains into nothing for a moment (`lingeringClose`) so the client can
// read the 413 before the connection goes, then it is destroyed, even if the body never ends.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface BodyLimits {
  /** /rest/v1 (API_MAX_BODY_BYTES). */
  rest: number;
  /** /functions/v1 (FUNCTIONS_MAX_BODY_BYTES). */
  functions: number;
  /** /auth/v1 (AUTH_MAX_BODY_BYTES). */
  auth: number;
  /** /realtime/v1 HTTP broadcasts (REALTIME_MAX_BODY_BYTES). */
  realtime: number;
  /** /storage/v1 requests that are not uploads: JSON bodies (STORAGE_MAX_JSON_BODY_BYTES). */
  storageJson: number;
}

/** Storage's JSON bodies (create a bucket, list, sign, copy, move, remove): 1 MiB by default. */
export const STORAGE_JSON_MAX_BYTES = 1024 * 1024;

/** A body passed its limit while it streamed in. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than the limit of ${limit} bytes`);
  }
}

export type Surface = 'rest' | 'functions' | 'auth' | 'realtime' | 'storage' | 'storageUpload';

/**
 * Storage's upload routes (storage-js upload / update / uploadToSignedUrl): their bodies are the
 * file, under the upload limit; every other storage route takes a small JSON body.
 */
const STORAGE_UPLOAD = /^\/storage\/v1\/object\/(?!(?:list|list-v2|sign|copy|move|info)\/)/;

export function surfaceOf(method: string, url: string): Surface | undefined {
  if (url.startsWith('/rest/v1/') || url === '/rest/v1') return 'rest';
  if (url.startsWith('/functions/v1/')) return 'functions';
  if (url.startsWith('/auth/v1/')) return 'auth';
  if (url.startsWith('/realtime/v1/')) return 'realtime';
  if (url.startsWith('/storage/v1/')) {
    return (method === 'POST' || method === 'PUT') && STORAGE_UPLOAD.test(url)
      ? 'storageUpload'
      : 'storage';
  }
  return undefined;
}

/**
 * Multipart uploads carry the form's fields (cache control, content type, metadata up to 1 MiB)
 * and boundaries beside the file: the announced length may pass the file limit by that much.
 */
export const MULTIPART_ALLOWANCE = 1024 * 1024 + 64 * 1024;

export function limitOf(
  surface: Surface,
  limits: BodyLimits,
  uploadLimit: number,
): number | undefined {
  switch (surface) {
    case 'rest':
      return limits.rest;
    case 'functions':
      return limits.functions;
    case 'auth':
      return limits.auth;
    case 'realtime':
      return limits.realtime;
    case 'storage':
      return limits.storageJson;
    case 'storageUpload':
      return uploadLimit + MULTIPART_ALLOWANCE;
  }
}

/** The refusal, in the error shape of the API the request was for. */
export function tooLargeAnswer(
  surface: Surface,
  limit: number,
  authApiVersion: string | null = null,
): { status: number; body: Record<string, unknown> } {
  const message = `The request body is larger than the limit of ${limit} bytes`;
  switch (surface) {
    case 'rest':
      // PostgREST's error shape; PGRST413 is this server's code for a request too large.
      return {
        status: 413,
        body: {
          code: 'PGRST413',
          details: null,
          hint: `Send at most ${limit} bytes in one request (API_MAX_BODY_BYTES).`,
          message,
        },
      };
    case 'functions':
      // The relay's own refusals ({code, message}, x-relay-error: true; functions/index.ts).
      return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message } };
    case 'auth':
      // GoTrue's error body, by API version (auth/errors.ts renders the same for a streamed body).
      return {
        status: 413,
        body: authApiVersion
          ? { code: 'validation_failed', message: 'Request body too large' }
          : { code: 413, error_code: 'validation_failed', msg: 'Request body too large' },
      };
    case 'realtime':
      return { status: 413, body: { message: 'Payload too large' } };
    case 'storage':
    case 'storageUpload':
      // Storage's body; Storage answers every client error with HTTP 400 (storage/errors.ts).
      return {
        status: 400,
        body: {
          statusCode: '413',
          code: 'EntityTooLarge',
          error: 'Payload too large',
          message:
            surface === 'storage'
              ? 'The request body exceeded the maximum allowed size'
              : 'The object exceeded the maximum allowed size',
        },
      };
  }
}

/** How long a refused body may keep draining (into nothing) so the 413 is read before the close. */
const LINGER_MS = 1000;

/**
 * Closes the connection once the answer is written, as Node does for `Connection: close`, but
 * lingering: the write side is shut first and whatever the client still sends is read and dropped
 * for up to LINGER_MS, so the client is not reset before it reads the answer (a socket closed with
 * unread bytes sends a reset, and the client's network stack may drop the answer with it). A body
 * that never ends is cut off then. Nothing read is kept.
 */
export function lingeringClose(socket: Socket | undefined | null): void {
  if (!socket || (socket as { lingering?: boolean }).lingering) return;
  (socket as { lingering?: boolean }).lingering = true;
  socket.destroySoon = function (this: Socket) {
    if (this.destroyed) return;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.end();
    // Bytes still arriving go to the HTTP parser, which hands them to a dumped request: dropped.
    this.resume();
  };
}

function declaredLength(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string' || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}

/**
 * The front door: a request whose Content-Length is past its API's limit is answered 413 here,
 * before any handler reads its body; returns whether it did.
 */
export function refuseDeclared(
  req: IncomingMessage,
  res: ServerResponse,
  limits: BodyLimits,
  uploadLimit: number,
  cors: (origin: string) => Record<string, string>,
): boolean {
  const declared = declaredLength(req.headers['content-length']);
  if (declared === undefined) return false;
  const surface = surfaceOf(req.method ?? 'GET', req.url ?? '');
  if (!surface) return false;
  const limit = limitOf(surface, limits, uploadLimit)!;
  if (declared <= limit) return false;
  // GoTrue answers in its 2024-01-01 shape to clients that name that version or a later one.
  const version = req.headers['x-supabase-api-version'];
  const authVersion =
    surface === 'auth' &&
    typeof version === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(version) &&
    version >= '2024-01-01'
      ? '2024-01-01'
      : null;
  const { status, body } = tooLargeAnswer(surface, limit, authVersion);
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    ...cors(typeof req.headers.origin === 'string' ? req.headers.origin : '*'),
    vary: 'Origin',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  };
  if (surface === 'functions') headers['x-relay-error'] = 'true';
  if (authVersion) headers['x-supabase-api-version'] = authVersion;
  lingeringClose(req.socket);
  res.writeHead(status, headers);
  res.end(text);
  return true;
}

/** The whole body of a Web request, refused (BodyTooLarge) as soon as it passes `limit`. */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Not cancelled: cancelling destroys the socket before the 413 can be written. The caller
    // answers with Connection: close (and lingeringClose) instead.
    if (size > limit) {
      reader.releaseLock();
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** The whole body of a node:http request, refused (BodyTooLarge) as soon as it passes `limit`. */
export function readNodeCapped(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
