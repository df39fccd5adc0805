// Issue 34, the edges of the byte limits on request bodies (server/gateway/body-limit.ts; the
// limits and why: docs/server-hardening.md "Request bodies", docs/local-backend.md). On every
// surface, with every limit set small through its setting: a body of exactly the limit is served
// (announced with Content-Length, and chunked without one), one byte more is refused with a 413 in
// that API's error shape (both ways), and the server answers the next request as before.
// body-limits.test.ts covers bodies far past the limits and bodies that never end.
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import { FIXTURE_DIR, SERVICE_KEY } from '../fixtures/storage-project/harness.ts';

/** Every configurable limit, set to this (the defaults are far larger). */
const LIMIT = 16 * 1024;
/** The fixture's tiny-box bucket: file_size_limit 1000, text/plain only. */
const TINY_BUCKET_LIMIT = 1000;

let server: RunningServer;
let port: number;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const fresh = adminUrl ? await freshDatabase(adminUrl, 'body_edges') : undefined;
  drop = fresh?.drop;
  const previous = process.env.STORAGE_DIR;
  process.env.STORAGE_DIR = await mkdtemp(path.join(os.tmpdir(), 'body-edges-'));
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
        AUTH_MAX_BODY_BYTES: String(LIMIT),
        REALTIME_MAX_BODY_BYTES: String(LIMIT),
        STORAGE_MAX_JSON_BODY_BYTES: String(LIMIT),
      },
    });
  } finally {
    if (previous === undefined) delete process.env.STORAGE_DIR;
    else process.env.STORAGE_DIR = previous;
  }
  port = Number(new URL(server.url).port);
  await server.db.exec(`
    create table public.body_edge_rows (id int primary key, pad text not null);
    grant select, insert on public.body_edge_rows to service_role;
    notify pgrst, 'reload schema';`);
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${server.url}/rest/v1/body_edge_rows?select=id&limit=0`, {
      headers: service,
    });
    await res.text();
    if (res.ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the schema cache did not reload');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await drop?.();
});

const service = { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` };
const json = { ...service, 'Content-Type': 'application/json' };

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on a raw socket: `body` announced with Content-Length, or sent chunked. */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer,
  mode: 'length' | 'chunked',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return reject(new Error('no answer'));
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const out: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        out[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let rest = text.slice(end + 4);
      if (out['transfer-encoding'] === 'chunked') {
        // Enough for the small answers here: the chunks' sizes dropped.
        rest = rest
          .split('\r\n')
          .filter((_, i) => i % 2 === 1)
          .join('');
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers: out, body: rest });
    };
    const timer = setTimeout(finish, 10_000);
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      // An answer whose body is complete (by its length) is enough; the socket may stay open.
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1];
      if (end !== -1 && length !== undefined && received.length >= end + 4 + Number(length))
        finish();
      if (end !== -1 && /\r\n0\r\n\r\n$/.test(text)) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(
        [
          `${method} ${target} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
          mode === 'length' ? `Content-Length: ${body.length}` : 'Transfer-Encoding: chunked',
          '',
          '',
        ].join('\r\n'),
      );
      if (mode === 'length') {
        socket.write(body);
        return;
      }
      // A few chunks, so the limit is passed while streaming, not in one read.
      const step = Math.max(1, Math.ceil(body.length / 4));
      for (let at = 0; at < body.length; at += step) {
        const part = body.subarray(at, at + step);
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write('\r\n');
      }
      socket.write('0\r\n\r\n');
    });
  });
}

/** A JSON object of exactly `size` bytes: `fields` and a `pad` string filling the rest. */
function jsonOfSize(fields: Record<string, unknown>, size: number, padKey = 'pad'): Buffer {
  const empty = JSON.stringify({ ...fields, [padKey]: '' });
  return Buffer.from(JSON.stringify({ ...fields, [padKey]: 'x'.repeat(size - empty.length) }));
}

let nextId = 1;

interface Surface {
  name: string;
  limit: number;
  method: string;
  target: string;
  headers: Record<string, string>;
  /** A body the surface serves, of exactly `size` bytes. */
  body: (size: number) => Buffer;
  /** The answer to a body within the limit. */
  served: (res: RawAnswer, size: number) => Promise<void> | void;
  refusedStatus: number;
  shape: (body: Record<string, unknown>) => void;
}

const pgrst413 = (b: Record<string, unknown>) =>
  expect(b).toEqual({
    code: 'PGRST413',
    details: null,
    hint: expect.any(String),
    message: expect.stringContaining(String(LIMIT)),
  });

const restInsert = (): Pick<Surface, 'body' | 'served'> => {
  let id = 0;
  return {
    body: (size) => jsonOfSize({ id: (id = nextId++) }, size),
    served: async (res, size) => {
      expect(res.status).toBe(201);
      // The row holds the whole body: it was read to its last byte.
      const { rows } = await server.db.query<{ n: number }>(
        'select length(pad)::int as n from public.body_edge_rows where id = $1',
        [id],
      );
      expect(rows[0]?.n).toBe(size - JSON.stringify({ id, pad: '' }).length);
    },
  };
};

const surfaces: Surface[] = [
  {
    name: 'REST (node:http path)',
    limit: LIMIT,
    method: 'POST',
    target: '/rest/v1/body_edge_rows',
    headers: { ...json, Prefer: 'return=minimal' },
    ...restInsert(),
    refusedStatus: 413,
    shape: pgrst413,
  },
  {
    // A percent-encoded query leaves the plain node:http path: Hono serves it.
    name: 'REST (Hono path)',
    limit: LIMIT,
    method: 'POST',
    target: '/rest/v1/body_edge_rows?columns=id%2Cpad',
    headers: { ...json, Prefer: 'return=minimal' },
    ...restInsert(),
    refusedStatus: 413,
    shape: pgrst413,
  },
  {
    name: 'functions',
    limit: LIMIT,
    method: 'POST',
    target: '/functions/v1/echo',
    headers: json,
    body: (size) => jsonOfSize({}, size),
    served: (res, size) => {
      expect(res.status).toBe(200);
      expect((JSON.parse(res.body) as { body: string }).body).toHaveLength(size);
    },
    refusedStatus: 413,
    shape: (b) =>
      expect(b).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: expect.stringContaining(String(LIMIT)),
      }),
  },
  {
    name: 'auth',
    limit: LIMIT,
    method: 'POST',
    target: '/auth/v1/token?grant_type=password',
    headers: { ...json, apikey: SERVICE_KEY },
    body: (size) => jsonOfSize({ email: 'nobody@edges.test', password: 'not-the-password' }, size),
    // Read and answered as GoTrue answers wrong credentials.
    served: (res) => {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error_code: 'invalid_credentials' });
    },
    refusedStatus: 413,
    shape: (b) =>
      expect(b).toEqual({ code: 413, error_code: 'validation_failed', msg: expect.any(String) }),
  },
  {
    // supabase-js names GoTrue's API version, and GoTrue answers it in that version's shape.
    name: 'auth (X-Supabase-Api-Version: 2024-01-01)',
    limit: LIMIT,
    method: 'POST',
    target: '/auth/v1/token?grant_type=password',
    headers: { ...json, apikey: SERVICE_KEY, 'X-Supabase-Api-Version': '2024-01-01' },
    body: (size) => jsonOfSize({ email: 'nobody@edges.test', password: 'not-the-password' }, size),
    served: (res) => {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_credentials' });
    },
    refusedStatus: 413,
    shape: (b) => expect(b).toEqual({ code: 'validation_failed', message: expect.any(String) }),
  },
  {
    name: 'realtime broadcast',
    limit: LIMIT,
    method: 'POST',
    target: '/realtime/v1/api/broadcast',
    headers: json,
    body: (size) => {
      const empty = JSON.stringify({ messages: [{ topic: 'edges', event: 'e', payload: {} }] });
      const pad = 'x'.repeat(size - empty.length - JSON.stringify({ p: '' }).length + 2);
      return Buffer.from(
        JSON.stringify({ messages: [{ topic: 'edges', event: 'e', payload: { p: pad } }] }),
      );
    },
    served: (res) => expect(res.status).toBe(202),
    refusedStatus: 413,
    shape: (b) => expect(b).toEqual({ message: 'Payload too large' }),
  },
  {
    name: 'storage (a JSON body)',
    limit: LIMIT,
    method: 'POST',
    target: '/storage/v1/object/list/owner-box',
    headers: json,
    body: (size) => jsonOfSize({ prefix: '' }, size),
    served: (res) => {
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual(expect.any(Array));
    },
    refusedStatus: 400,
    shape: (b) =>
      expect(b).toEqual({
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: expect.any(String),
      }),
  },
  {
    name: "storage upload (the bucket's file size limit)",
    limit: TINY_BUCKET_LIMIT,
    method: 'POST',
    target: '/storage/v1/object/tiny-box/edge.txt',
    headers: { ...service, 'Content-Type': 'text/plain', 'x-upsert': 'true' },
    body: (size) => Buffer.alloc(size, 'x'),
    served: (res) => expect(res.status).toBe(200),
    refusedStatus: 400,
    shape: (b) => expect(b).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' }),
  },
];

describe('request body limits at their edge', () => {
  it('the check requests are bodies of exactly the sizes asked', () => {
    for (const s of surfaces) {
      expect(s.body(s.limit).length).toBe(s.limit);
      expect(s.body(s.limit + 1).length).toBe(s.limit + 1);
    }
  });

  for (const s of surfaces) {
    describe(s.name, () => {
      for (const mode of ['length', 'chunked'] as const) {
        const how = mode === 'length' ? 'with Content-Length' : 'chunked, without Content-Length';
        it(`a body of exactly the limit is served (${how})`, async () => {
          const res = await rawRequest(s.method, s.target, s.headers, s.body(s.limit), mode);
          await s.served(res, s.limit);
        });

        it(`one byte past the limit is refused with 413 in the API's shape (${how}), and the server answers the next request`, async () => {
          const res = await rawRequest(s.method, s.target, s.headers, s.body(s.limit + 1), mode);
          expect(res.status).toBe(s.refusedStatus);
          s.shape(JSON.parse(res.body) as Record<string, unknown>);
          expect(res.headers.connection).toBe('close');
          // The same request within the limit, on a new connection, is served as before.
          const again = await rawRequest(s.method, s.target, s.headers, s.body(s.limit), 'length');
          await s.served(again, s.limit);
        });
      }
    });
  }
});
