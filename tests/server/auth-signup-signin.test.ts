// Sign-up and password sign-in through supabase-js against the real backend: the session and
// user JSON GoTrue sends, the access token's claims, and GoTrue's error codes and statuses.
import { AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  ANON_KEY,
  client,
  decodeJwt,
  decodeJwtHeader,
  mainUrl,
  newUser,
  PASSWORD,
  raw,
  SERVICE_KEY,
  signIn,
  uniqueEmail,
} from './auth-helpers.ts';

describe('signUp', () => {
  it('creates a confirmed user and returns a GoTrue session (e-mail confirmations off)', async () => {
    const email = uniqueEmail('Signup');
    const { data, error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: { full_name: 'Eleni Test' },
        emailRedirectTo: `${mainUrl()}/welcome`,
      },
    });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).not.toBeNull();
    expect(Object.keys(session!).slice(0, 6)).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'expires_at',
      'refresh_token',
      'user',
    ]);
    expect(session!.token_type).toBe('bearer');
    expect(session!.expires_in).toBe(3600);
    expect(session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session!.refresh_token.length).toBeGreaterThanOrEqual(12);

    expect(user!.email).toBe(email.toLowerCase());
    expect(user!.aud).toBe('authenticated');
    expect(user!.role).toBe('authenticated');
    expect(user!.phone).toBe('');
    expect(user!.email_confirmed_at).toBeTruthy();
    expect(user!.confirmed_at).toBeTruthy();
    expect(user!.last_sign_in_at).toBeTruthy();
    expect(user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user!.user_metadata).toMatchObject({
      full_name: 'Eleni Test',
      email: email.toLowerCase(),
      email_verified: true,
      phone_verified: false,
      sub: user!.id,
    });
    expect(user!.is_anonymous).toBe(false);
    expect(user!.identities).toHaveLength(1);
    expect(user!.identities![0]).toMatchObject({
      id: user!.id,
      user_id: user!.id,
      provider: 'email',
      email: email.toLowerCase(),
      identity_data: { sub: user!.id, email: email.toLowerCase(), email_verified: true },
    });
    expect(user!.identities![0]!.identity_id).toMatch(/^[0-9a-f-]{36}$/);

    const claims = decodeJwt(session!.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${mainUrl()}/auth/v1`,
      sub: user!.id,
      aud: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp).toBe(session!.expires_at);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeJwtHeader(session!.access_token)).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('refuses an address that is already registered (422 user_already_exists)', async () => {
    const email = uniqueEmail('dup');
    await client().auth.signUp({ email, password: PASSWORD });
    const { data, error } = await client().auth.signUp({
      email: email.toUpperCase(),
      password: 'another-pass-1',
    });
    expect(data.user).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('user_already_exists');
    expect(error!.message).toContain('already registered');
  });

  it('refuses a short password with AuthWeakPasswordError (422 weak_password, reasons)', async () => {
    const { error } = await client().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('weak_password');
    expect(error!.message).toBe('Password should be at least 6 characters.');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('validates the address and requires a password (400 validation_failed)', async () => {
    const bad = await client().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(bad.error!.status).toBe(400);
    expect(bad.error!.code).toBe('validation_failed');
    expect(bad.error!.message).toBe('Unable to validate email address: invalid format');

    const missing = await client().auth.signUp({ email: uniqueEmail('nopass'), password: '' });
    expect(missing.error!.status).toBe(400);
    expect(missing.error!.code).toBe('validation_failed');
    expect(missing.error!.message).toBe('Signup requires a valid password');

    const tooLong = await raw('/signup', {
      body: { email: uniqueEmail('long'), password: 'x'.repeat(73) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('validation_failed');

    const anonymous = await client().auth.signInAnonymously();
    expect(anonymous.error!.status).toBe(422);
    expect(anonymous.error!.code).toBe('anonymous_provider_disabled');

    const phoneOnly = await client().auth.signUp({ phone: '+302100000000', password: PASSWORD });
    expect(phoneOnly.error!.status).toBe(400);
    expect(phoneOnly.error!.code).toBe('phone_provider_disabled');

    const both = await raw('/signup', {
      body: { email: uniqueEmail('both'), phone: '+302100000000', password: PASSWORD },
    });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('validation_failed');
  });
});

describe('signInWithPassword', () => {
  it('signs in with a fresh session and updates last_sign_in_at', async () => {
    const { email, id } = await newUser('signin');
    const { data, error } = await client().auth.signInWithPassword({
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(id);
    expect(data.session!.user.id).toBe(id);
    const claims = decodeJwt(data.session!.access_token);
    expect(claims.sub).toBe(id);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const second = await signIn(email);
    expect(decodeJwt(second.session.access_token).session_id).not.toBe(claims.session_id);
  });

  it('signs in the seeded demo accounts (bcrypt $2b$ from seed.sql)', async () => {
    const { data, error } = await client().auth.signInWithPassword({
      email: 'manager@arivia.local',
      password: 'arivia-demo',
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe('a11ce000-0000-4000-8000-000000000002');
    expect(data.user!.user_metadata.full_name).toBe('Nikos Vlachos');
  });

  it('accepts $2a$ hashes as GoTrue and pgcrypto write them', async () => {
    const email = uniqueEmail('2a');
    const hash = bcrypt.hashSync('legacy-pass-9', 10).replace(/^\$2b\$/, '$2a$');
    const { error: createError } = await adminClient().auth.admin.createUser({
      email,
      password_hash: hash,
      email_confirm: true,
    } as never);
    expect(createError).toBeNull();
    const { error } = await client().auth.signInWithPassword({ email, password: 'legacy-pass-9' });
    expect(error).toBeNull();
  });

  it('answers a wrong password and an unknown address alike (400 invalid_credentials)', async () => {
    const { email } = await newUser('wrongpw');
    const wrong = await client().auth.signInWithPassword({ email, password: 'nope-nope-1' });
    const unknown = await client().auth.signInWithPassword({
      email: uniqueEmail('ghost'),
      password: PASSWORD,
    });
    for (const { error, data } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error!.status).toBe(400);
      expect(error!.code).toBe('invalid_credentials');
      expect(error!.message).toBe('Invalid login credentials');
    }
  });

  it('refuses an unconfirmed address (400 email_not_confirmed)', async () => {
    const email = uniqueEmail('unconfirmed');
    await adminClient().auth.admin.createUser({ email, password: PASSWORD });
    const { error } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('email_not_confirmed');
    expect(error!.message).toBe('Email not confirmed');
  });

  it('refuses a banned user everywhere and a deleted one at sign-in', async () => {
    const { email, id } = await newUser('banned');
    const { session } = await signIn(email);
    const admin = adminClient().auth.admin;
    expect((await admin.updateUserById(id, { ban_duration: '24h' })).error).toBeNull();

    const signin = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signin.error!.status).toBe(400);
    expect(signin.error!.code).toBe('user_banned');

    const refresh = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error!.code).toBe('user_banned');

    const me = await raw('/user', { bearer: session.access_token });
    expect(me.status).toBe(403);
    expect(me.body.code).toBe('user_banned');

    expect((await admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(gone.error!.code).toBe('invalid_credentials');
    const stale = await raw('/user', { bearer: session.access_token });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('user_not_found');
  });

  it('limits failed sign-ins per address: after 10 even the right password waits', async () => {
    const { email } = await newUser('lockout');
    for (let i = 0; i < 10; i++) {
      const { error } = await client().auth.signInWithPassword({ email, password: `wrong-${i}-x` });
      expect(error!.code).toBe('invalid_credentials');
    }
    const locked = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(locked.error!.status).toBe(429);
    expect(locked.error!.code).toBe('over_request_rate_limit');
    expect(locked.error!.message).toBe('Request rate limit reached');
    // The limit is per address: another account from the same client signs in.
    const other = await newUser('lockout-other');
    expect(
      (await client().auth.signInWithPassword({ email: other.email, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('validates the grant body (missing e-mail, phone, unknown grant)', async () => {
    const missing = await raw('/token?grant_type=password', { body: { password: PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    expect(missing.body.message).toBe('missing email or phone');

    const phone = await raw('/token?grant_type=password', {
      body: { phone: '+302100000000', password: PASSWORD },
    });
    expect(phone.status).toBe(422);
    expect(phone.body.code).toBe('phone_provider_disabled');

    const grant = await raw('/token?grant_type=client_credentials', { body: {} });
    expect(grant.status).toBe(400);
    expect(grant.body.message).toBe('unsupported_grant_type');
  });
});

describe('error shapes, keys and service endpoints', () => {
  it('speaks both GoTrue error shapes, chosen by X-Supabase-Api-Version', async () => {
    const body = { email: uniqueEmail('shape'), password: 'wrong-pass-1' };
    const modern = await raw('/token?grant_type=password', { body });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });

    const legacy = await raw('/token?grant_type=password', { body, apiVersion: null });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const weak = await raw('/signup', {
      body: { email: uniqueEmail('w'), password: '1' },
      apiVersion: null,
    });
    expect(weak.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const weakModern = await raw('/signup', { body: { email: uniqueEmail('w'), password: '1' } });
    expect(weakModern.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });

    const old = await raw('/token?grant_type=password', { body, apiVersion: '2023-05-01' });
    expect(old.body.error_code).toBe('invalid_credentials');
  });

  it("answers a missing or unknown API key with the gateway's 401", async () => {
    const none = await raw('/settings', { apikey: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await raw('/settings', { apikey: 'not-a-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid API key');
    const viaQuery = await fetch(`${mainUrl()}/auth/v1/settings?apikey=${ANON_KEY}`);
    expect(viaQuery.status).toBe(200);
  });

  it('serves /settings and /health', async () => {
    const settings = await raw('/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: false },
    });
    const health = await raw('/health', { apikey: SERVICE_KEY });
    expect(health.status).toBe(200);
    expect(health.body.name).toBe('GoTrue');
  });
});
