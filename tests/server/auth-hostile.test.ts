// Hostile input at every auth endpoint: malformed and oversized bodies, wrong JSON types, and
// forged, unsigned or expired JWTs. Every answer is a 4xx in GoTrue's shape, never a 500, and the
// server keeps serving afterwards.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  client,
  JWT_SECRET,
  mainUrl,
  newUser,
  PASSWORD,
  raw,
  SERVICE_KEY,
  signIn,
} from './auth-helpers.ts';

const BODY_ENDPOINTS: [string, string][] = [
  ['POST', '/signup'],
  ['POST', '/token?grant_type=password'],
  ['POST', '/token?grant_type=refresh_token'],
  ['POST', '/token?grant_type=pkce'],
  ['POST', '/recover'],
  ['POST', '/otp'],
  ['POST', '/resend'],
  ['POST', '/verify'],
];

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function forgedTokens(sub: string, sessionId: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub, role: 'authenticated', aud: 'authenticated', session_id: sessionId };
  const sign = (secret: string, exp: number, extra: Record<string, unknown> = {}) =>
    new SignJWT({ ...claims, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  return {
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 600 })}.`,
    wrongSecret: await sign('not-the-secret-but-at-least-32-characters-long', now + 600),
    expired: await sign(JWT_SECRET, now - 60),
    garbage: 'this.is.garbage',
    serviceRoleForged: await sign('not-the-secret-but-at-least-32-characters-long', now + 600, {
      role: 'service_role',
    }),
  };
}

const isGoTrueError = (body: Record<string, unknown>) =>
  typeof body.code === 'string' && typeof body.message === 'string';

describe('hostile bodies', () => {
  it('answers malformed JSON, non-objects and empty bodies with 400 bad_json', async () => {
    for (const [method, path] of BODY_ENDPOINTS) {
      for (const rawBody of ['{"email": ', 'not json', '[1,2,3]', '"just a string"', '', 'null']) {
        const res = await raw(path, { method, rawBody, apikey: undefined });
        expect(res.status, `${path} ${JSON.stringify(rawBody)}`).toBe(400);
        expect(res.body.code, `${path} ${rawBody}`).toBe('bad_json');
        expect(String(res.body.message)).toMatch(/^Could not parse request body as JSON: /);
      }
    }
  });

  it('answers wrong JSON types with 400 bad_json', async () => {
    const cases: [string, unknown][] = [
      ['/signup', { email: 42, password: PASSWORD }],
      ['/signup', { email: 'a@b.test', password: ['x'] }],
      ['/signup', { email: 'a@b.test', password: PASSWORD, data: 'not an object' }],
      ['/token?grant_type=password', { email: { $ne: null }, password: PASSWORD }],
      ['/token?grant_type=refresh_token', { refresh_token: 12345 }],
      ['/recover', { email: true }],
      ['/verify', { type: 'recovery', token_hash: 7 }],
      ['/otp', { email: 'a@b.test', create_user: 'yes' }],
      // Postgres cannot store U+0000 in text or jsonb; it must not become a 500.
      ['/signup', { email: 'nul@b.test', password: PASSWORD, data: { note: 'a\u0000b' } }],
      ['/signup', { email: 'nul@b.test', password: PASSWORD, data: { 'k\u0000': 1 } }],
    ];
    for (const [path, body] of cases) {
      const res = await raw(path, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.code).toBe('bad_json');
    }
  });

  it('refuses bodies over 64 KiB with 413, whether announced or streamed', async () => {
    const huge = JSON.stringify({
      email: 'huge@auth.test',
      password: PASSWORD,
      data: { blob: 'x'.repeat(2 * 1024 * 1024) },
    });
    const announced = await raw('/signup', { rawBody: huge });
    expect(announced.status).toBe(413);
    expect(isGoTrueError(announced.body)).toBe(true);

    const chunks = new TextEncoder().encode(huge);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < chunks.length; i += 65536)
          controller.enqueue(chunks.slice(i, i + 65536));
        controller.close();
      },
    });
    const streamed = await fetch(`${mainUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: SERVICE_KEY, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('survives absurd strings in every field', async () => {
    const weird = ['\u0000', '😀'.repeat(100), "' or 1=1 --", 'a'.repeat(300) + '@x.test', '%00'];
    for (const value of weird) {
      for (const [path, body] of [
        ['/signup', { email: value, password: value }],
        ['/token?grant_type=password', { email: value, password: value }],
        ['/token?grant_type=refresh_token', { refresh_token: value }],
        ['/recover', { email: value }],
        ['/verify', { type: value, token_hash: value }],
        ['/verify', { type: 'recovery', email: value, token: value }],
      ] as const) {
        const res = await raw(path, { body });
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.status).toBeLessThan(500);
        expect(isGoTrueError(res.body) || typeof res.body.error === 'string').toBe(true);
      }
    }
    const verifyGet = await fetch(
      `${mainUrl()}/auth/v1/verify?type=recovery&token=%00%27&redirect_to=javascript:alert(1)`,
      { redirect: 'manual' },
    );
    expect(verifyGet.status).toBe(303);
    expect(verifyGet.headers.get('location')!.startsWith('http://127.0.0.1:54321')).toBe(true);
  });
});

describe('hostile tokens', () => {
  it('refuses unsigned, forged, expired and garbage JWTs at every endpoint that reads one', async () => {
    const { email, id } = await newUser('hostile-jwt');
    const { session } = await signIn(email);
    const sid = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString())
      .session_id as string;
    const tokens = await forgedTokens(id, sid);
    const endpoints: [string, string, unknown][] = [
      ['GET', '/user', undefined],
      ['PUT', '/user', { data: { pwned: true } }],
      ['POST', '/logout', undefined],
      ['POST', '/logout?scope=others', undefined],
      ['GET', '/admin/users', undefined],
      ['POST', '/admin/users', { email: 'forged@auth.test', password: PASSWORD }],
      ['GET', `/admin/users/${id}`, undefined],
      ['PUT', `/admin/users/${id}`, { ban_duration: '1h' }],
      ['DELETE', `/admin/users/${id}`, undefined],
      ['POST', '/admin/generate_link', { type: 'recovery', email }],
      ['POST', '/invite', { email: 'forged@auth.test' }],
    ];
    for (const [name, token] of Object.entries(tokens)) {
      for (const [method, path, body] of endpoints) {
        const res = await raw(path, { method, body, bearer: token });
        expect(res.status, `${name} ${method} ${path}`).toBe(403);
        expect(res.body.code, `${name} ${method} ${path}`).toBe('bad_jwt');
        expect(String(res.body.message)).toMatch(
          /^invalid JWT: unable to parse or verify signature, /,
        );
      }
    }
    // Endpoints that do not read the bearer ignore it, as GoTrue does.
    const signin = await raw('/token?grant_type=password', {
      body: { email, password: PASSWORD },
      bearer: tokens.algNone,
    });
    expect(signin.status).toBe(200);

    // Nothing the forged tokens asked for happened, and the real session still works.
    const me = await client().auth.getUser(session.access_token);
    expect(me.error).toBeNull();
    expect(me.data.user!.user_metadata).not.toHaveProperty('pwned');
    expect(me.data.user!.banned_until).toBeUndefined();
  });

  it('answers a JWT with a non-UUID or missing sub like GoTrue', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(JWT_SECRET));
    const notUuid = await raw('/user', {
      bearer: await sign({ sub: 'admin', role: 'authenticated' }),
    });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.code).toBe('bad_jwt');
    const noSub = await raw('/user', { bearer: await sign({ role: 'authenticated' }) });
    expect(noSub.status).toBe(403);
    expect(noSub.body.message).toBe('invalid claim: missing sub claim');
    const ghost = await raw('/user', {
      bearer: await sign({ sub: '00000000-0000-4000-8000-00000000dead', role: 'authenticated' }),
    });
    expect(ghost.status).toBe(403);
    expect(ghost.body.code).toBe('user_not_found');
  });

  it('keeps serving after all of the above', async () => {
    const settings = await raw('/settings');
    expect(settings.status).toBe(200);
    const { email } = await newUser('still-alive');
    expect(
      (await client().auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });
});
