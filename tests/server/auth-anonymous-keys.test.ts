// Anonymous sign-in (`[auth] enable_anonymous_sign_ins`), asymmetric signing keys (`[auth]
// signing_keys_path`: ES256 access tokens, a public JWKS, tokens verified by every API), and
// GoTrue's JSON 404 for unknown /auth/v1 routes. The fixture project
// tests/fixtures/auth-project/anonymous turns both options on; the main backend has them off.
import { createLocalJWKSet, jwtVerify, SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  client,
  decodeJwt,
  decodeJwtHeader,
  JWT_SECRET,
  raw,
  startFixture,
  type FixtureServer,
} from './auth-helpers.ts';

describe('a project with anonymous sign-ins and an ES256 signing key', () => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await startFixture('anonymous');
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('signs in anonymously: a session whose user and token say is_anonymous', async () => {
    const sb = client(fx.url);
    const { data, error } = await sb.auth.signInAnonymously({
      options: { data: { nick: 'guest' } },
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      email: '',
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
      user_metadata: { nick: 'guest' },
      identities: [],
    });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id });
    // The token works against the APIs: auth reads the user back, storage knows the caller.
    const me = await sb.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user!.is_anonymous).toBe(true);
    const buckets = await sb.storage.listBuckets();
    expect(buckets.error).toBeNull();
    // The refresh token works too, and the new token is still anonymous.
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(true);
    const settings = await raw('/settings', { url: fx.url });
    expect(settings.body.external).toMatchObject({ anonymous_users: true });
  });

  it('signs access tokens with ES256 and its kid, and publishes the public key', async () => {
    const { data } = await client(fx.url).auth.signInAnonymously();
    const token = data.session!.access_token;
    const header = decodeJwtHeader(token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    // The JWKS is public (no apikey), holds the public half only.
    const res = await fetch(`${fx.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kid: header.kid, alg: 'ES256', kty: 'EC' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    // Anyone can verify the token with it, as on the platform.
    const verified = await jwtVerify(token, createLocalJWKSet(jwks as never));
    expect(verified.payload.sub).toBe(data.user!.id);
  });

  it('still accepts HS256 tokens and keys, and refuses a token from an unknown key', async () => {
    // The well-known service key is an HS256 JWT.
    const list = await adminClient(fx.url).auth.admin.listUsers();
    expect(list.error).toBeNull();
    const { data } = await client(fx.url).auth.signInAnonymously();
    const claims = decodeJwt(data.session!.access_token);
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await client(fx.url).auth.getUser(hs)).error).toBeNull();
    // Same kid, another key: refused by auth and by storage.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({
        alg: 'ES256',
        kid: decodeJwtHeader(data.session!.access_token).kid as string,
      })
      .sign(privateKey);
    const refused = await client(fx.url).auth.getUser(forged);
    expect(refused.error?.status).toBe(403);
    const storage = await fetch(`${fx.url}/storage/v1/bucket`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '403' });
  });
});

describe('the main project (options off)', () => {
  it('refuses anonymous sign-ins and publishes no key', async () => {
    const { error } = await client().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    const jwks = await raw('/.well-known/jwks.json', { apikey: null });
    expect(jwks.status).toBe(200);
    expect(jwks.body).toEqual({ keys: [] });
  });

  it('answers an unknown route with GoTrue’s JSON 404, in both error shapes', async () => {
    const legacy = await raw('/no-such-route', { apiVersion: null });
    expect(legacy.status).toBe(404);
    expect(legacy.headers.get('content-type')).toMatch(/^application\/json/);
    expect(legacy.body).toEqual({ code: 404, error_code: 'not_found', msg: 'Not found' });
    const current = await raw('/admin/no/such/thing', { method: 'DELETE' });
    expect(current.status).toBe(404);
    expect(current.body).toEqual({ code: 'not_found', message: 'Not found' });
  });
});
