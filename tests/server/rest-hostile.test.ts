// Hostile input at every REST verb: malformed and malicious query strings, headers, bodies, paths
// and tokens. Each must get a 4xx in PostgREST's shape (or the gateway's for keys), never a 500 or
// a hang, never rows Row Level Security or grants hide, and the server must keep serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  mintJwt,
  restHeaders,
  startFixtureServer,
  type FixtureServer,
} from './support/fixture-server.ts';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

let fx: FixtureServer;

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
});

afterAll(async () => {
  await fx?.stop();
});

const VERBS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] as const;

interface Sent {
  method: string;
  path: string;
  status: number;
  type: string;
  text: string;
}

async function send(
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; key?: string } = {},
): Promise<Sent> {
  const writes = method !== 'GET' && method !== 'HEAD';
  const res = await fetch(`${fx.url}/rest/v1${path}`, {
    method,
    headers: restHeaders(
      { ...(writes ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
      opts.key ?? WELL_KNOWN.anonKey,
    ),
    body: writes ? (opts.body ?? '{"body":"x"}') : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  return {
    method,
    path,
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

/** Runs the requests a few at a time (the server sees concurrency, the machine is not flooded). */
async function all<T>(jobs: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

/** Never a 5xx; a 4xx carries PostgREST's four fields (the gateway's two for key failures). */
function expectSafe(r: Sent): void {
  const where = `${r.method} ${r.path.slice(0, 200)} → ${r.status} ${r.text.slice(0, 300)}`;
  expect(r.status, where).toBeGreaterThanOrEqual(200);
  expect(r.status, where).toBeLessThan(500);
  if (r.status >= 400 && r.method !== 'HEAD' && r.status !== 431) {
    const body = JSON.parse(r.text) as Record<string, unknown>;
    const keys = Object.keys(body).sort().join(',');
    expect(['code,details,hint,message', 'hint,message'], where).toContain(keys);
  }
}

/** Anonymous reads of notes (RLS: no policy for anon) and secrets (no grant) never show rows. */
function expectNoHiddenRows(r: Sent): void {
  const where = `${r.method} ${r.path.slice(0, 200)}`;
  expect(r.text, where).not.toMatch(/Ana:|Ben:|safe code/);
  // A query plan (explain, local development only) is an array too, but not of rows.
  if (r.method !== 'GET' || r.status >= 300 || r.text === '' || r.type.includes('plan')) return;
  if (r.text.startsWith('[')) expect(JSON.parse(r.text), where).toEqual([]);
  else if (r.text.startsWith('{'))
    expect.fail(`${where} answered an object: ${r.text.slice(0, 200)}`);
  expect(r.text, where).not.toMatch(/Ana:|Ben:|safe code/);
}

const deepSelect = (n: number) => `${'a('.repeat(n)}id${')'.repeat(n)}`;
const deepOr = (n: number) => `(${'and('.repeat(n)}id.eq.1${')'.repeat(n)})`;

const QUERIES: string[] = [
  // unbalanced and malformed select
  'select=id,(',
  'select=id)',
  'select=((((',
  'select=*,villas(*',
  'select=,,,',
  'select=id,,body',
  'select=:',
  'select=a:b:c',
  'select=!inner',
  'select=villas!(id)',
  'select=...',
  'select=id::',
  'select=id::text)',
  'select=id->',
  'select=id->>',
  'select=id->-',
  'select=body.sum(',
  `select=${deepSelect(100)}`,
  `select=${deepSelect(2000)}`,
  // malformed logic trees
  'or=(id.eq.1',
  'or=id.eq.1)',
  'or=()',
  'and=(,)',
  'or=(id.eq.1,,id.eq.2)',
  'or=(not.not.not)',
  `or=${deepOr(100)}`,
  `or=${deepOr(2000)}`,
  'not.or=',
  'a.b.c.or=(x.eq.1)',
  'or=(body.eq.")',
  // SQL in identifiers
  'select=id;drop table notes;--',
  'select="id\\";drop table notes;--"',
  'id";drop table notes;--=eq.1',
  'order=id;delete from notes',
  'select=id::text);drop table notes;--',
  'select=id::int4 from pg_authid--',
  'select=id::text[]',
  'select=id::double precision',
  'order=id.desc;select 1',
  'select=pg_sleep(10)',
  'select=*,pg_authid(*)',
  'select=*,users(*)',
  '"id"=eq.1',
  'columns=";drop table notes;--"',
  'columns=(((',
  'on_conflict=id);drop table notes;--',
  // SQL in values
  "id=eq.1' or '1'='1",
  "body=eq.x');drop table notes;--",
  'id=in.(1);drop table notes',
  "body=like.%'--",
  'id=eq.1 or 1=1',
  "body=fts(english').x",
  "body=fts(english).'|| pg_sleep(5) ||'",
  'id=in.("1\\")',
  'body=cs.{"a\\"}',
  'id=gt.$1',
  'id=eq.$$',
  'owner=eq.11111111-1111-1111-1111-111111111111',
  'or=(owner.neq.00000000-0000-0000-0000-000000000000)',
  // huge
  `select=${'id,'.repeat(3000)}id`,
  `body=eq.${'x'.repeat(6000)}`,
  `id=in.(${Array.from({ length: 1500 }, (_, i) => i).join(',')})`,
  `order=${'id,'.repeat(2000)}id`,
  // unicode, control characters, broken encodings
  'select=ünïcödé',
  `body=eq.${encodeURIComponent('😀 עברית \u202e')}`,
  'order=名前',
  `select=${encodeURIComponent('\u202e')}`,
  'body=eq.%C3%28',
  'body=eq.%ZZ',
  'body=eq.%E0%A4%A',
  'body=eq.%ED%A0%80',
  // NUL bytes
  'select=id%00',
  'id=eq.1%00',
  'body=eq.%00',
  '%00=eq.1',
  'body=eq.a%00b',
  'or=(body.eq.%00)',
  'order=id%00',
  'select=%00*',
  // unknown operators and broken values
  'villas.id=xx.1',
  'id=eq',
  'id=not.',
  'id=in.',
  'id=in.(',
  'id=is.maybe',
  'id=fts(bad lang).x',
  'id=eq(any).notanarray',
  'body=cs.{unclosed',
  'id=not.not.eq.1',
  'id=eq(none).{1}',
  'id=like(any).x',
  'id=isdistinct.',
  'villa_id->a->>=eq.1',
  'villas.id=eq.1',
  'id->=eq.1',
  'id=eq.99999999999999999999999999',
  'body=match.(a+)+$',
  // ranges
  'limit=-1',
  'limit=abc',
  'offset=99999999999999999999',
  'limit=1e309',
  'offset=-5',
  'limit=99999999999',
  'villas.limit=2',
];

describe('hostile query strings', () => {
  it('never break the server or leak rows, at every verb', async () => {
    const jobs: (() => Promise<Sent>)[] = [];
    for (const q of QUERIES) {
      for (const verb of VERBS) jobs.push(() => send(verb, `/notes?${q}`));
      jobs.push(() => send('GET', `/secrets?${q}`));
      jobs.push(() => send('GET', `/rpc/whoami?${q}`));
      jobs.push(() => send('POST', `/rpc/echo?${q}`, { body: '{"payload":1}' }));
    }
    const results = await all(jobs);
    for (const r of results) {
      expectSafe(r);
      expectNoHiddenRows(r);
    }
    // Malformed grammar is answered as such, not by accident.
    const grammar = results.filter((r) => r.path === '/notes?select=id,(' && r.method === 'GET');
    expect(JSON.parse(grammar[0]!.text)).toMatchObject({ code: 'PGRST100' });
    const deep = results.find((r) => r.path === `/notes?or=${deepOr(2000)}` && r.method === 'GET')!;
    expect(deep.status).toBe(400);
  });
});

const HEADERS: Record<string, string>[] = [
  { Prefer: 'count=exact; drop' },
  { Prefer: 'return=' },
  { Prefer: ',,,,' },
  { Prefer: 'x'.repeat(8000) },
  { Prefer: 'handling=strict,return=bogus' },
  { Prefer: 'count=exact,count=planned' },
  { Prefer: 'max-affected=-1,handling=strict' },
  { Prefer: 'tx=rollback' },
  { Prefer: 'timezone=Mars/Olympus' },
  { Prefer: 'missing=default,resolution=merge-duplicates,return=representation' },
  { Prefer: 'params=single-object' },
  { Range: 'bytes=0-1' },
  { Range: '5-1' },
  { Range: '-5' },
  { Range: '99999999999999999999-' },
  { Range: 'a-b' },
  { Range: '0-99999999999999999999' },
  { Accept: 'application/vnd.pgrst.object+json;nulls=stripped;q=x' },
  { Accept: '*/*;q=0' },
  { Accept: ';;;' },
  { Accept: 'text/csv;charset=ebcdic' },
  { Accept: 'application/json,'.repeat(300) },
  { Accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose' },
  { Accept: 'application/vnd.pgrst.plan+text; options=analyze|buffers|wal|settings' },
  { Accept: 'application/geo+json' },
  { Accept: ',' },
  { Accept: 'application/openapi+json' },
  { 'Accept-Profile': 'pg_catalog' },
  { 'Accept-Profile': 'public;drop' },
  { 'Accept-Profile': '' },
  { 'Accept-Profile': '"public"' },
  { 'Accept-Profile': 'auth' },
  { 'Content-Profile': 'pg_catalog' },
  { 'Content-Profile': '' },
  { 'Content-Type': 'text/plain' },
  { 'Content-Type': 'application/json; charset=latin1' },
  { 'Content-Type': 'multipart/form-data; boundary=x' },
  { 'Content-Type': 'application/x-www-form-urlencoded' },
  { 'Content-Type': 'application/octet-stream' },
  { Authorization: 'Bearer' },
  { Authorization: 'Basic abc' },
  { Authorization: `Bearer ${'a'.repeat(4000)}` },
  { 'X-Forwarded-For': "'; drop table notes; --" },
];

describe('hostile headers', () => {
  it('are answered in PostgREST shape at every verb', async () => {
    const jobs: (() => Promise<Sent>)[] = [];
    for (const h of HEADERS) {
      for (const verb of VERBS)
        jobs.push(() => send(verb, '/notes?select=id,body', { headers: h }));
      jobs.push(() => send('GET', '/secrets', { headers: h }));
      jobs.push(() => send('POST', '/rpc/echo', { headers: h, body: '{"payload":{"a":1}}' }));
    }
    const results = await all(jobs);
    for (const r of results) {
      expectSafe(r);
      expectNoHiddenRows(r);
    }
  });
});

const deepJson = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

const BODIES: string[] = [
  '{',
  '[1,2',
  'nul',
  '',
  ' ',
  '"\\u0000"',
  '{"body":"\\u0000"}',
  '{"body":"a\\u0000b","key":"k\\u0000"}',
  '[{"body":"a"},{"x":1}]',
  '[{"body":"a"},2]',
  '[]',
  '{}',
  '[{}]',
  '{"body":{"$where":"1"}}',
  '{"body":[1,2,3]}',
  '{"id":"abc"}',
  '{"id":1e400}',
  '{"id":-1e400,"body":"x"}',
  deepJson(5),
  deepJson(100_000),
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  JSON.stringify({ body: 'x'.repeat(3_000_000) }),
  JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ body: `b${i}` }))),
  '{"__proto__":{"polluted":true},"body":"x"}',
  '{"constructor":{"prototype":{"x":1}}}',
  'true',
  '42',
  'null',
  '"string"',
  '{"body":"x","body":"y"}',
  '\uFEFF{"body":"x"}',
  '{"body":"\\ud800"}',
  '{"key":"zz","value":"\\ud83d\\ude00"}',
  '{"key";"zz"}',
  '{"key":"zz",}',
  `{"${'k'.repeat(10_000)}":1}`,
];

describe('hostile bodies', () => {
  it('are refused or stored safely, never a 5xx', async () => {
    const jobs: (() => Promise<Sent>)[] = [];
    const service = WELL_KNOWN.serviceRoleKey;
    for (const body of BODIES) {
      jobs.push(() => send('POST', '/notes', { body }));
      jobs.push(() => send('PATCH', '/notes?id=eq.1', { body }));
      jobs.push(() => send('POST', '/kv?columns=key,value', { body, key: service }));
      jobs.push(() => send('PATCH', '/kv?key=eq.nothing-here', { body, key: service }));
      jobs.push(() => send('POST', '/rpc/echo', { body }));
      jobs.push(() => send('POST', '/rpc/add_them', { body }));
    }
    const results = await all(jobs, 4);
    for (const r of results) expectSafe(r);
    // Prototype keys are column names like any other.
    const proto = results.find((r) => r.path === '/kv?columns=key,value' && r.status === 400);
    expect(proto).toBeDefined();
  });

  it('a body with a NUL character is a 400 from Postgres, not a crash', async () => {
    const r = await send('POST', '/kv', {
      body: '{"key":"nul\\u0000"}',
      key: WELL_KNOWN.serviceRoleKey,
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toMatchObject({ code: expect.stringMatching(/^22/) });
  });
});

const PATHS: string[] = [
  '/notes%00',
  '/..%2fsecrets',
  '/pg_catalog.pg_authid',
  '/rpc/pg_sleep',
  `/rpc/${'a'.repeat(3000)}`,
  `/${'t'.repeat(3000)}`,
  '/notes/1',
  '/rpc',
  '/rpc/',
  '/rpc/echo/x',
  '/"notes"',
  '/notes;drop',
  '/auth.users',
  '/%ZZ',
  '/%E0%A4%A',
  '/no%20table',
  '/villas%3Fselect=*',
  '/rpc/whoami%00',
  '/rpc/..%2fsecrets',
];

describe('hostile paths', () => {
  it('are 4xx at every verb', async () => {
    const jobs: (() => Promise<Sent>)[] = [];
    for (const p of PATHS) for (const verb of VERBS) jobs.push(() => send(verb, p));
    for (const r of await all(jobs)) {
      expectSafe(r);
      expectNoHiddenRows(r);
    }
  });
});

describe('hostile tokens', () => {
  it('are 401 in PostgREST shape at every verb and never reach the data', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const wrongSecret = await new SignJWT({ sub: 'x', role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const valid = await mintJwt({ sub: '11111111-1111-1111-1111-111111111111' });
    const [h, p] = valid.split('.');
    const tokens: [string, string][] = [
      ['alg none', `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ role: 'service_role' })}.`],
      ['alg none with a signature', `${enc({ alg: 'none' })}.${enc({ role: 'service_role' })}.abc`],
      ['HS512 header', `${enc({ alg: 'HS512' })}.${p}.${valid.split('.')[2]}`],
      ['wrong secret', wrongSecret],
      ['expired', await mintJwt({ sub: 'x' }, -10)],
      ['garbage', 'garbage'],
      ['three garbage parts', 'a.b.c'],
      [
        'tampered payload',
        `${h}.${enc({ sub: 'x', role: 'service_role' })}.${valid.split('.')[2]}`,
      ],
      ['role postgres', await mintJwt({ role: 'postgres' })],
      ['role supabase_admin', await mintJwt({ role: 'supabase_admin' })],
      ['role with quotes', await mintJwt({ role: 'anon"; drop table notes; --' })],
      ['numeric role', await mintJwt({ role: 42 })],
      [
        'not before in the future',
        await new SignJWT({ role: 'authenticated' })
          .setProtectedHeader({ alg: 'HS256' })
          .setNotBefore(Math.floor(Date.now() / 1000) + 3600)
          .setExpirationTime('2h')
          .sign(new TextEncoder().encode(WELL_KNOWN.jwtSecret)),
      ],
    ];
    const jobs: (() => Promise<Sent & { label: string }>)[] = [];
    for (const [label, token] of tokens) {
      for (const verb of VERBS) {
        for (const path of ['/notes?select=*', '/secrets', '/rpc/whoami']) {
          jobs.push(async () => {
            const writes = verb !== 'GET' && verb !== 'HEAD';
            const res = await fetch(`${fx.url}/rest/v1${path}`, {
              method: path.startsWith('/rpc') && verb !== 'HEAD' ? 'POST' : verb,
              headers: {
                apikey: WELL_KNOWN.anonKey,
                Authorization: `Bearer ${token}`,
                ...(writes ? { 'Content-Type': 'application/json' } : {}),
              },
              body:
                writes || path.startsWith('/rpc')
                  ? verb === 'HEAD'
                    ? undefined
                    : '{}'
                  : undefined,
            });
            return {
              label,
              method: verb,
              path,
              status: res.status,
              type: res.headers.get('content-type') ?? '',
              text: await res.text(),
            };
          });
        }
      }
    }
    for (const r of await all(jobs)) {
      expect(r.status, `${r.label} ${r.method} ${r.path}: ${r.text}`).toBe(401);
      if (r.method !== 'HEAD') {
        const body = JSON.parse(r.text) as { code: string };
        expect(['PGRST301', 'PGRST303', '22023'], r.label).toContain(body.code);
      }
    }
  });
});

describe('afterwards', () => {
  it('the server still serves and nothing was dropped or leaked', async () => {
    const villas = await send('GET', '/villas?select=id&order=id');
    expect(villas.status).toBe(200);
    expect(JSON.parse(villas.text)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    const notes = await send('GET', '/notes?select=id,body&order=id', {
      key: WELL_KNOWN.serviceRoleKey,
    });
    expect(JSON.parse(notes.text)).toEqual([
      { id: 1, body: 'Ana: check the pool pump' },
      { id: 2, body: 'Ana: new guests on Friday' },
      { id: 3, body: 'Ben: roof quote received' },
    ]);
    const secrets = await send('GET', '/secrets?select=id', { key: WELL_KNOWN.serviceRoleKey });
    expect(JSON.parse(secrets.text)).toEqual([{ id: 1 }]);
    const rpc = await send('POST', '/rpc/add_them', { body: '{"a":1,"b":1}' });
    expect(rpc.text).toBe('2');
  });
});
