// Who the REST API runs as: API keys (Kong's 401 bodies), JWT failures (PostgREST's PGRST301 /
// PGRST303 with WWW-Authenticate), the role and claims Postgres sees, Row Level Security on reads,
// writes and embeds, and grants (42501 → 401 for anon, 403 for a signed-in user).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  mintJwt,
  restHeaders,
  serviceClient,
  startFixtureServer,
  type FixtureServer,
} from './support/fixture-server.ts';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

const ANA = '11111111-1111-1111-1111-111111111111';
const BEN = '22222222-2222-2222-2222-222222222222';

let fx: FixtureServer;
let anon: SupabaseClient;
let ana: SupabaseClient;
let ben: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
  anon = anonClient(fx.url);
  ana = anonClient(fx.url, await mintJwt({ sub: ANA, email: 'ana@example.com' }));
  ben = anonClient(fx.url, await mintJwt({ sub: BEN, email: 'ben@example.com' }));
  service = serviceClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

const get = (path: string, headers: Record<string, string>) =>
  fetch(`${fx.url}/rest/v1${path}`, { headers });

const withToken = (token: string) => ({
  apikey: WELL_KNOWN.anonKey,
  Authorization: `Bearer ${token}`,
});

describe('API keys', () => {
  it('no key on the local stack: served as anon, as the CLI gateway does', async () => {
    // supabase start's gateway has no key check on /rest/v1: a plain fetch is PostgREST's anon.
    const plain = await get('/villas?select=id,name&order=id', {});
    expect(plain.status).toBe(200);
    const { data } = await anon.from('villas').select('id,name').order('id');
    expect(await plain.json()).toEqual(data);
    // What anon may not read stays refused, with the body the anon key gets.
    const refused = await get('/secrets', {});
    const keyed = await get('/secrets', withToken(WELL_KNOWN.anonKey));
    expect(refused.status).toBe(401);
    expect(refused.status).toBe(keyed.status);
    expect(await refused.json()).toEqual(await keyed.json());
  });

  it("no key but a user's JWT: the JWT is verified and decides", async () => {
    const token = await mintJwt({ sub: ANA, email: 'ana@example.com' });
    const own = await get('/notes?select=id,body&order=id', { Authorization: `Bearer ${token}` });
    expect(own.status).toBe(200);
    const { data } = await ana.from('notes').select('id,body').order('id');
    expect(data!.length).toBeGreaterThan(0);
    expect(await own.json()).toEqual(data);
    // The signature's first character is changed to another one: every bit of it counts, whereas
    // the last characters can carry padding bits (overwriting them with "xx" left a valid token
    // about once in a thousand runs, and one fresh-clone run hit it).
    const dot = token.lastIndexOf('.') + 1;
    const forgedToken =
      token.slice(0, dot) + (token[dot] === 'A' ? 'B' : 'A') + token.slice(dot + 1);
    const forged = await get('/notes', { Authorization: `Bearer ${forgedToken}` });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('PGRST301');
  });

  it('an unknown key: 401 Invalid API key', async () => {
    const r = await get('/villas', { apikey: 'nope', Authorization: 'Bearer nope' });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('the key may come as the apikey query parameter', async () => {
    const r = await get(`/villas?select=id&limit=1&apikey=${WELL_KNOWN.anonKey}`, {});
    expect(r.status).toBe(200);
  });
});

describe('API keys on a deployment with its own secrets', () => {
  const secret = 'a-deployment-secret-of-more-than-thirty-two-characters';
  let deployed: FixtureServer;
  let anonKey: string;

  beforeAll(async () => {
    const key = (role: string) =>
      new SignJWT({ role, iss: 'supabase' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .sign(new TextEncoder().encode(secret));
    anonKey = await key('anon');
    deployed = await startFixtureServer('rest-project', {
      JWT_SECRET: secret,
      ANON_KEY: anonKey,
      SERVICE_ROLE_KEY: await key('service_role'),
      PUBLISHABLE_KEY: 'sb_publishable_deployment_key_for_the_test',
      SECRET_KEY: 'sb_secret_deployment_key_for_the_test',
    });
  });

  afterAll(async () => {
    await deployed?.stop();
  });

  it('no key: 401 with the gateway body, as hosted Supabase answers', async () => {
    const r = await fetch(`${deployed.url}/rest/v1/villas`);
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const keyed = await fetch(`${deployed.url}/rest/v1/villas?select=id&limit=1`, {
      headers: { apikey: anonKey },
    });
    expect(keyed.status).toBe(200);
  });
});

describe('JWTs', () => {
  it('an expired token: 401 PGRST303 JWT expired', async () => {
    const token = await mintJwt({ sub: ANA }, -60);
    const r = await get('/villas', withToken(token));
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await r.json()).toEqual({
      code: 'PGRST303',
      message: 'JWT expired',
      details: null,
      hint: null,
    });
  });

  it('a token that was accepted is refused once it expires (verified tokens are cached)', async () => {
    const token = await mintJwt({ sub: ANA }, 2);
    expect((await get('/notes?select=id', withToken(token))).status).toBe(200);
    expect((await get('/notes?select=id', withToken(token))).status).toBe(200);
    // The token's own 2-second life is the clock: ask until the cached verdict gives way.
    const late = await vi.waitFor(
      async () => {
        const r = await get('/notes?select=id', withToken(token));
        if (r.status === 200) throw new Error('still accepted');
        return r;
      },
      { timeout: 6000, interval: 100 },
    );
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('a token signed with another secret: 401 PGRST301', async () => {
    const token = await new SignJWT({ sub: ANA, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const r = await get('/villas', withToken(token));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({
      code: 'PGRST301',
      message: 'JWT cryptographic operation failed',
    });
  });

  it('alg none: 401 PGRST301', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: ANA, role: 'service_role' })}.`;
    const r = await get('/notes', withToken(token));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('not a JWT: 401 PGRST301 naming the parts', async () => {
    const r = await get('/villas', withToken('abc.def'));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({
      code: 'PGRST301',
      message: 'Expected 3 parts in JWT; got 2',
    });
  });

  it('a role claim that is not an API role: 401, as Postgres refusing the role', async () => {
    const token = await mintJwt({ sub: ANA, role: 'postgres' });
    const r = await get('/secrets', withToken(token));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({
      code: '22023',
      message: 'role "postgres" does not exist',
    });
  });

  it('Postgres sees the role and claims of the token', async () => {
    expect((await anon.rpc('whoami')).data).toBe('anon:anon');
    expect((await ana.rpc('whoami')).data).toBe(`${ANA}:authenticated`);
    expect((await service.rpc('whoami')).data).toBe('anon:service_role');
  });
});

describe('Row Level Security', () => {
  it('reads return only the rows the policies allow', async () => {
    expect((await anon.from('notes').select('id')).data).toEqual([]);
    expect(
      ((await ana.from('notes').select('id').order('id')).data ?? []).map((n) => n.id),
    ).toEqual([1, 2]);
    expect((await ben.from('notes').select('id')).data).toEqual([{ id: 3 }]);
    expect((await service.from('notes').select('id', { count: 'exact', head: true })).count).toBe(
      3,
    );
  });

  it('counts and filters see only allowed rows', async () => {
    const { count } = await ana.from('notes').select('*', { count: 'exact', head: true });
    expect(count).toBe(2);
    const stolen = await ana.from('notes').select('id').eq('owner', BEN);
    expect(stolen.data).toEqual([]);
  });

  it('embeds are filtered by the policies of the embedded table', async () => {
    const { data } = await ana.from('villas').select('id, notes(body)').order('id').limit(3);
    expect(data).toEqual([
      { id: 1, notes: [{ body: 'Ana: check the pool pump' }] },
      { id: 2, notes: [{ body: 'Ana: new guests on Friday' }] },
      { id: 3, notes: [] },
    ]);
  });

  it('an insert within the policy succeeds, with auth.uid() as default', async () => {
    const { data, error, status } = await ana
      .from('notes')
      .insert({ body: 'Ana: mine' })
      .select('owner, body')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ owner: ANA, body: 'Ana: mine' });
  });

  it('an insert the policy refuses: 403 for a user, 401 for anon (42501)', async () => {
    const asAna = await ana.from('notes').insert({ body: 'as Ben', owner: BEN });
    expect(asAna.status).toBe(403);
    expect(asAna.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
    });
    const asAnon = await anon.from('notes').insert({ body: 'anon', owner: ANA });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    const r = await fetch(`${fx.url}/rest/v1/notes`, {
      method: 'POST',
      headers: { ...restHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'x', owner: ANA }),
    });
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });

  it("updates and deletes of others' rows touch nothing", async () => {
    const upd = await ana.from('notes').update({ body: 'hijacked' }).eq('id', 3).select();
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual([]);
    const del = await ana.from('notes').delete().eq('id', 3).select();
    expect(del.data).toEqual([]);
    const still = await service.from('notes').select('body').eq('id', 3).single();
    expect(still.data).toEqual({ body: 'Ben: roof quote received' });
  });

  it('an update moving a row out of the policy is refused (403)', async () => {
    const { error, status } = await ana.from('notes').update({ owner: BEN }).eq('id', 1);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });
});

describe('grants', () => {
  it('an insert-only table takes plain inserts but refuses to return rows', async () => {
    const plain = await anon.from('feedback').insert({ message: 'great villa' });
    expect(plain.error).toBeNull();
    expect(plain.status).toBe(201);
    const back = await anon.from('feedback').insert({ message: 'and show me' }).select();
    expect(back.status).toBe(401);
    expect(back.error?.code).toBe('42501');
    const stored = await service.from('feedback').select('message');
    expect(stored.data).toEqual([{ message: 'great villa' }]);
  });

  it('a table anon may not read: 401 42501 for anon, rows for a user', async () => {
    const asAnon = await anon.from('secrets').select('*');
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table secrets',
    });
    const asAna = await ana.from('secrets').select('id');
    expect(asAna.error).toBeNull();
    expect(asAna.data).toEqual([{ id: 1 }]);
  });
});
