// The edge-function runtime through supabase-js's functions client, on the fixture project's
// functions: what a function receives (path, body, the caller's JWT, Deno.env), JWT verification
// and `verify_jwt = false`, and the errors functions-js tells apart — a function's own non-2xx
// (FunctionsHttpError) and the runtime's failures with x-relay-error (FunctionsRelayError).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import {
  ANON_KEY,
  client,
  mintToken,
  removeDir,
  startFixture,
  WELL_KNOWN_PUBLISHABLE_KEY,
  type Fixture,
} from '../fixtures/storage-project/harness.ts';

let fx: Fixture;

beforeAll(async () => {
  fx = await startFixture();
});

afterAll(async () => {
  await fx?.stop();
  if (fx) await removeDir(fx.storageDir);
});

interface Echo {
  method: string;
  path: string;
  search: string;
  body: string | null;
  contentType: string | null;
  role: string | null;
  sub: string | null;
  supabaseUrl: string;
  anonKey: boolean;
  serviceKey: boolean;
}

describe('invoking', () => {
  it('passes the body, the path without /functions/v1 and the anon role', async () => {
    const { data, error } = await client(fx.url).functions.invoke<Echo>('echo', {
      body: { hello: 'villa' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      body: '{"hello":"villa"}',
      contentType: 'application/json',
      role: 'anon',
      sub: null,
      supabaseUrl: fx.url,
      anonKey: true,
      serviceKey: true,
    });
  });

  it("forwards the signed-in caller's JWT, sub-paths, query strings and methods", async () => {
    const sub = crypto.randomUUID();
    const sb = client(fx.url, ANON_KEY, await mintToken(sub));
    const { data } = await sb.functions.invoke<Echo>('echo/rooms/12?view=full', { method: 'GET' });
    expect(data).toMatchObject({
      method: 'GET',
      path: '/echo/rooms/12',
      search: '?view=full',
      role: 'authenticated',
      sub,
      body: null,
    });
    const text = await sb.functions.invoke<Echo>('echo', { body: 'plain', method: 'PUT' });
    expect(text.data).toMatchObject({ method: 'PUT', body: 'plain', contentType: 'text/plain' });
  });

  it('lets a function call back into the API as the caller and as the service role', async () => {
    const alice = crypto.randomUUID();
    const bob = crypto.randomUUID();
    const asAlice = client(fx.url, ANON_KEY, await mintToken(alice));
    expect((await asAlice.storage.from('owner-box').upload(`${alice}.txt`, 'a')).error).toBeNull();
    const mine = await asAlice.functions.invoke<{ mine: string[]; total: number }>('whoami');
    expect(mine.error).toBeNull();
    expect(mine.data!.mine).toEqual([`${alice}.txt`]);
    const asBob = client(fx.url, ANON_KEY, await mintToken(bob));
    const theirs = await asBob.functions.invoke<{ mine: string[]; total: number }>('whoami');
    expect(theirs.data).toEqual({ mine: [], total: mine.data!.total });
  });
});

describe('JWT verification', () => {
  const call = (name: string, headers: Record<string, string>) =>
    fetch(`${fx.url}/functions/v1/${name}`, { method: 'POST', headers });

  it('refuses a missing, forged, expired or non-JWT token with 401 before the function runs', async () => {
    const missing = await call('echo', {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    const forged = await new SignJWT({ sub: 'x', role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
    const expired = await mintToken(crypto.randomUUID(), 'authenticated', '-1m');
    for (const token of [forged, expired, WELL_KNOWN_PUBLISHABLE_KEY, 'not-a-jwt']) {
      const res = await call('echo', { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
    const sb = client(fx.url, ANON_KEY, expired);
    const { error } = await sb.functions.invoke('echo');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(401);
  });

  it('serves a verify_jwt = false function to anyone', async () => {
    const res = await call('open', {});
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('open to all');
  });
});

describe('errors as functions-js expects them', () => {
  it("passes a function's own error status through (FunctionsHttpError)", async () => {
    const { data, error } = await client(fx.url).functions.invoke('teapot');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(418);
    expect(res.headers.get('x-relay-error')).toBeNull();
    expect(await res.json()).toEqual({ error: 'short and stout' });
  });

  it('answers 404 NOT_FOUND for unknown functions, _shared and odd names', async () => {
    for (const name of ['nope', '_shared', '_shared/claims.ts', 'echo%2F..', 'Echo.ts']) {
      const { error } = await client(fx.url).functions.invoke(name);
      expect(error, name).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      });
    }
  });

  it('never resolves .. to a function', async () => {
    // The URL resolves `..` before the request leaves; whatever answers, no function runs.
    const { error } = await client(fx.url).functions.invoke('../functions/v1/echo');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(404);
  });

  it('turns a thrown error into a relay error (500 WORKER_ERROR) and keeps serving', async () => {
    const { error } = await client(fx.url).functions.invoke('boom');
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(500);
    expect(res.headers.get('x-relay-error')).toBe('true');
    expect(await res.json()).toMatchObject({ code: 'WORKER_ERROR' });
    expect((await client(fx.url).functions.invoke('echo')).error).toBeNull();
  });

  it('answers 503 BOOT_ERROR for a module that fails to load or never serves', async () => {
    for (const name of ['boot-fail', 'no-serve']) {
      const { error } = await client(fx.url).functions.invoke(name);
      expect(error, name).toBeInstanceOf(FunctionsRelayError);
      const res = (error as FunctionsRelayError).context as Response;
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'BOOT_ERROR' });
    }
  });

  it('answers a browser preflight with CORS headers', async () => {
    const res = await fetch(`${fx.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  });
});
