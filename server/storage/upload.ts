// Receives an upload body into a fsynced temp file: multipart/form-data as storage-js sends a Blob
// or FormData (fields cacheControl, contentType, metadata, then one file), or a raw body with its
// Content-Type, Cache-Control and base64 x-metadata headers (Storage's src/storage/uploader.ts).
// The size limit is enforced while streaming: the first byte over it stops the upload.
import busboy from 'busboy';
import { createHash, type Hash } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { errors, StorageError } from './errors.ts';

const MAX_USER_METADATA_BYTES = 1024 * 1024;

export interface ReceivedFile {
  tempPath: string;
  size: number;
  eTag: string;
  mimeType: string;
  cacheControl: string;
  contentEncoding?: string;
  userMetadata?: Record<string, unknown>;
}

export interface ReceiveOptions {
  tempPath: string;
  /** Largest accepted size in bytes. */
  limit: number;
  /** Throws when the bucket does not accept this type. */
  checkMimeType(mimeType: string): void;
}

/** Bytes written so far, with their MD5 (Storage's eTag) and the limit check. */
class TempWriter {
  private size = 0;
  private readonly hash: Hash = createHash('md5');

  private constructor(
    private readonly fh: FileHandle,
    private readonly limit: number,
  ) {}

  static async create(tempPath: string, limit: number): Promise<TempWriter> {
    return new TempWriter(await open(tempPath, 'wx', 0o600), limit);
  }

  /** Returns false when the chunk would pass the limit (nothing more is written then). */
  async write(chunk: Uint8Array): Promise<boolean> {
    if (this.size + chunk.byteLength > this.limit) return false;
    this.size += chunk.byteLength;
    this.hash.update(chunk);
    let offset = 0;
    while (offset < chunk.byteLength) {
      const { bytesWritten } = await this.fh.write(chunk, offset);
      offset += bytesWritten;
    }
    return true;
  }

  async finish(): Promise<{ size: number; eTag: string }> {
    await this.fh.sync();
    await this.fh.close();
    return { size: this.size, eTag: `"${this.hash.digest('hex')}"` };
  }

  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (json === undefined) return undefined;
  if (Buffer.byteLength(json, 'utf8') > MAX_USER_METADATA_BYTES) {
    throw errors.entityTooLarge('user_metadata');
  }
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    // Storage ignores metadata it cannot parse.
    return undefined;
  }
}

export async function receiveUpload(req: Request, opts: ReceiveOptions): Promise<ReceivedFile> {
  const contentType = req.headers.get('content-type') ?? '';
  try {
    return /^multipart\/form-data/i.test(contentType)
      ? await receiveMultipart(req, contentType, opts)
      : await receiveRaw(req, contentType, opts);
  } catch (e) {
    await unlink(opts.tempPath).catch(() => undefined);
    throw e;
  }
}

async function receiveRaw(
  req: Request,
  contentType: string,
  opts: ReceiveOptions,
): Promise<ReceivedFile> {
  const mimeType = contentType || 'application/octet-stream';
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > opts.limit) throw errors.entityTooLarge();
  opts.checkMimeType(mimeType);
  const xMetadata = req.headers.get('x-metadata');
  const userMetadata =
    xMetadata === null
      ? undefined
      : parseUserMetadata(Buffer.from(xMetadata, 'base64').toString('utf8'));

  const writer = await TempWriter.create(opts.tempPath, opts.limit);
  try {
    if (req.body) {
      const reader = req.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!(await writer.write(value))) {
          // Not cancelled: that would destroy the socket before the refusal is written; the
          // answer closes the connection instead (storage/index.ts, gateway/body-limit.ts).
          reader.releaseLock();
          throw errors.entityTooLarge();
        }
      }
    }
    const { size, eTag } = await writer.finish();
    return {
      tempPath: opts.tempPath,
      size,
      eTag,
      mimeType,
      cacheControl: req.headers.get('cache-control') ?? 'no-cache',
      contentEncoding: req.headers.get('content-encoding') ?? undefined,
      userMetadata,
    };
  } catch (e) {
    await writer.abort();
    throw e;
  }
}

function receiveMultipart(
  req: Request,
  contentType: string,
  opts: ReceiveOptions,
): Promise<ReceivedFile> {
  return new Promise<ReceivedFile>((resolve, reject) => {
    if (!req.body) {
      reject(errors.noContent());
      return;
    }
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { 'content-type': contentType },
        limits: {
          files: 1,
          fields: 10,
          fieldSize: MAX_USER_METADATA_BYTES + 1,
          // One byte past the limit tells a file of exactly `limit` bytes from a larger one.
          fileSize: opts.limit + 1,
        },
      });
    } catch {
      reject(errors.invalidRequest('Malformed multipart/form-data request'));
      return;
    }
    const source = Readable.fromWeb(req.body as NodeWebStream<Uint8Array>);
    const fields: Record<string, string> = {};
    let filePromise: Promise<ReceivedFile> | undefined;
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading, but do not destroy the source: that would destroy the socket before the
      // refusal is written. The answer closes the connection (storage/index.ts).
      source.unpipe(bb);
      source.pause();
      reject(e instanceof StorageError ? e : errors.noContent());
    };

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      // A truncated form errors the file stream itself; unhandled, that would end the process.
      stream.on('error', fail);
      if (filePromise) {
        stream.resume();
        return;
      }
      filePromise = (async () => {
        let writer: TempWriter | undefined;
        try {
          const mimeType = fields.contentType || info.mimeType || 'application/octet-stream';
          opts.checkMimeType(mimeType);
          const userMetadata = parseUserMetadata(fields.metadata ?? fields.userMetadata);
          writer = await TempWriter.create(opts.tempPath, opts.limit);
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            if (!(await writer.write(chunk))) throw errors.entityTooLarge();
          }
          const { size, eTag } = await writer.finish();
          return {
            tempPath: opts.tempPath,
            size,
            eTag,
            mimeType,
            cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
            contentEncoding: fields.contentEncoding || undefined,
            userMetadata,
          };
        } catch (e) {
          // Settle with this error first: tearing the streams down raises others after it.
          fail(e);
          await writer?.abort();
          // The upload may have been settled (and its temp path cleared) before this file opened.
          await unlink(opts.tempPath).catch(() => undefined);
          throw e;
        }
      })();
      filePromise.catch(fail);
    });
    bb.on('error', fail);
    bb.on('close', () => {
      if (settled) return;
      if (!filePromise) {
        fail(errors.noContent());
        return;
      }
      filePromise.then((file) => {
        if (settled) return;
        settled = true;
        resolve(file);
      }, fail);
    });
    source.on('error', fail);
    source.pipe(bb);
  });
}
