// Issue 34: every HTTP surface has a byte limit on request bodies (server/gateway/body-limit.ts;
// docs/server-hardening.md, "Request bodies"). Past it the answer is a 413 in that API's error
// shape, sent before the rest of the body is read: at once for a Content-Length past the limit,
// as soon as the limit is passed for a body without one (chunked). The connection then closes,
// even under a body that never ends, and the server keeps none of what it was sent.
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import { FIXTURE_DIR, SERVICE_KEY } from '../fixtures/storage-project/harness.ts';

const LIMIT = 16 * 1024;
const AUTH_LIMIT = 64 * 1024;
/** The storage fixture's [storage] file_size_limit. */
const UPLOAD_LIMIT = 8 * 1024 * 1024;

let server: RunningServer;
let port: number;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const fresh = adminUrl ? await freshDatabase(adminUrl, 'body_limits') : undefined;
  drop = fresh?.drop;
  const previous = process.env.STORAGE_DIR;
  process.env.STORAGE_DIR = await mkdtemp(path.join(os.tmpdir(), 'body-limits-'));
  try {
    server = await startServer({
      workdir: FIXTURE_DIR,
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      databaseUrl: fresh?.url,
      env: {
        API_MAX_BODY_BYTES: String(LIMIT),
        FUNCTIONS_MAX_BODY_BYTES: String(LIMIT),
        REALTIME_MAX_BODY_BYTES: String(LIMIT),
      },
    });
  } finally {
    if (previous === undefined) delete process.env.STORAGE_DIR;
    else process.env.STORAGE_DIR = previous;
  }
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server?.close();
  await drop?.();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the answer's headers. */
  answeredMs: number;
  /** Whether the server closed the connection (within the wait). */
  closed: boolean;
  /** Body bytes the client managed to hand to the socket. */
  sent: number;
}

type BodyMode =
  | { kind: 'announced'; length: number; send: number }
  | { kind: 'chunked'; total: number }
  | { kind: 'endless' };

/**
 * One request on a raw socket, so the test controls exactly what is sent: a Content-Length and
 * only `send` bytes of it, a chunked body of `total` bytes, or a chunked body that never ends
 * (sent as fast as the socket takes it, until the server closes the connection).
 */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  mode: BodyMode,
  waitMs = 10_000,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const t0 = performance.now();
    let received = Buffer.alloc(0);
    let answeredMs = -1;
    let sent = 0;
    let done = false;
    const head = [
      `${method} ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      mode.kind === 'announced' ? `Content-Length: ${mode.length}` : 'Transfer-Encoding: chunked',
      '',
      '',
    ].join('\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) {
        reject(new Error(`no answer (closed: ${closed}, sent ${sent} bytes)`));
        return;
      }
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const out: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        out[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers: out,
        body: text.slice(end + 4),
        answeredMs,
        closed,
        sent,
      });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      if (answeredMs < 0 && received.includes('\r\n\r\n')) answeredMs = performance.now() - t0;
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(head);
      if (mode.kind === 'announced') {
        if (mode.send > 0) socket.write(Buffer.alloc(mode.send, 'x'));
        sent = mode.send;
        return;
      }
      let left = mode.kind === 'chunked' ? mode.total : Infinity;
      const pump = () => {
        while (!done && !socket.destroyed && left > 0) {
          const n = Math.min(chunk.length, left);
          left -= n;
          sent += n;
          const ok = socket.write(`${n.toString(16)}\r\n`) && socket.write(chunk.subarray(0, n));
          socket.write('\r\n');
          if (!ok) {
            socket.once('drain', pump);
            return;
          }
        }
        if (left === 0 && !socket.destroyed) socket.write('0\r\n\r\n');
      };
      pump();
    });
  });
}

const service = { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` };
const json = { ...service, 'Content-Type': 'application/json' };

/** The surfaces, each with a request that reads a body and the shape its refusal must have. */
const surfaces: {
  name: string;
  method: string;
  target: string;
  headers: Record<string, string>;
  limit: number;
  status: number;
  shape: (body: Record<string, unknown>) => void;
}[] = [
  {
    name: 'REST (node:http path)',
    method: 'POST',
    target: '/rest/v1/anything',
    headers: json,
    limit: LIMIT,
    status: 413,
    shape: (b) =>
      expect(b).toEqual({
        code: 'PGRST413',
        details: null,
        hint: expect.any(String),
        message: expect.stringContaining(String(LIMIT)),
      }),
  },
  {
    // A percent-encoded query leaves the plain node:http path: Hono serves it.
    name: 'REST (Hono path)',
    method: 'POST',
    target: '/rest/v1/anything?select=%2A',
    headers: json,
    limit: LIMIT,
    status: 413,
    shape: (b) =>
      expect(b).toMatchObject({ code: 'PGRST413', details: null, message: expect.any(String) }),
  },
  {
    name: 'functions',
    method: 'POST',
    target: '/functions/v1/echo',
    headers: json,
    limit: LIMIT,
    status: 413,
    shape: (b) => expect(b).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) }),
  },
  {
    name: 'auth',
    method: 'POST',
    target: '/auth/v1/token?grant_type=password',
    headers: json,
    limit: AUTH_LIMIT,
    status: 413,
    shape: (b) =>
      expect(b).toEqual({ code: 413, error_code: 'validation_failed', msg: expect.any(String) }),
  },
  {
    name: 'realtime broadcast',
    method: 'POST',
    target: '/realtime/v1/api/broadcast',
    headers: json,
    limit: LIMIT,
    status: 413,
    shape: (b) => expect(b).toEqual({ message: 'Payload too large' }),
  },
  {
    name: 'storage (a JSON body)',
    method: 'POST',
    target: '/storage/v1/object/list/owner-box',
    headers: json,
    limit: 1024 * 1024,
    status: 400,
    shape: (b) => expect(b).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' }),
  },
  {
    name: 'storage upload (the global file size limit)',
    method: 'POST',
    target: '/storage/v1/object/owner-box/big.bin',
    headers: { ...service, 'Content-Type': 'application/octet-stream' },
    limit: UPLOAD_LIMIT,
    status: 400,
    shape: (b) => expect(b).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' }),
  },
];

describe('request body limits', () => {
  for (const s of surfaces) {
    describe(s.name, () => {
      it('a Content-Length past the limit is refused at once, before the body is sent', async () => {
        const length = s.limit + 2 * 1024 * 1024;
        const res = await rawRequest(s.method, s.target, s.headers, {
          kind: 'announced',
          length,
          send: 0,
        });
        expect(res.status).toBe(s.status);
        s.shape(JSON.parse(res.body) as Record<string, unknown>);
        expect(res.headers.connection).toBe('close');
        expect(res.closed).toBe(true);
        expect(res.answeredMs).toBeLessThan(3000);
      });

      it('a chunked body past the limit is refused', async () => {
        const res = await rawRequest(s.method, s.target, s.headers, {
          kind: 'chunked',
          total: s.limit + 256 * 1024,
        });
        expect(res.status).toBe(s.status);
        s.shape(JSON.parse(res.body) as Record<string, unknown>);
        expect(res.headers.connection).toBe('close');
        expect(res.closed).toBe(true);
      });

      it('a body that never ends is refused and its connection closed', async () => {
        const before = process.memoryUsage();
        const res = await rawRequest(s.method, s.target, s.headers, { kind: 'endless' });
        expect(res.status).toBe(s.status);
        s.shape(JSON.parse(res.body) as Record<string, unknown>);
        expect(res.closed).toBe(true);
        // The server (in this process) kept nothing of what it was sent: the memory in use grew
        // by far less than the bytes that went out (bounded by the limit and a few socket
        // buffers), however fast they were sent.
        const after = process.memoryUsage();
        const grown = after.heapUsed + after.external - before.heapUsed - before.external;
        expect(grown).toBeLessThan(s.limit + 48 * 1024 * 1024);
      });
    });
  }

  it('a body within the limits is served as before on every surface', async () => {
    const small = JSON.stringify({ text: 'x'.repeat(1000) });
    const echo = await fetch(`${server.url}/functions/v1/echo`, {
      method: 'POST',
      headers: json,
      body: small,
    });
    expect(echo.status).toBe(200);
    expect(((await echo.json()) as { body: string }).body).toBe(small);
    const rest = await fetch(`${server.url}/rest/v1/nothing_here`, {
      method: 'POST',
      headers: json,
      body: small,
    });
    // The body was read and the request got as far as the table lookup.
    expect(rest.status).toBe(404);
    await rest.text();
    const upload = await fetch(`${server.url}/storage/v1/object/owner-box/small.bin`, {
      method: 'POST',
      headers: { ...service, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(LIMIT * 4),
    });
    expect(upload.status).toBe(200);
    await upload.text();
  });

  it("a chunked upload past the bucket's own limit is refused as it streams", async () => {
    const res = await rawRequest(
      'POST',
      '/storage/v1/object/tiny-box/big.txt',
      { ...service, 'Content-Type': 'text/plain' },
      { kind: 'chunked', total: 200 * 1024 },
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(res.closed).toBe(true);
  });
});
