// Password recovery and e-mail links: resetPasswordForEmail writes a link to the outbox, the
// link redirects to /reset-password with a recovery session in the fragment (what supabase-js's
// detectSessionInUrl reads), that session can set a new password, and a spent link redirects
// with GoTrue's error fragment. Also verifyOtp (token hash and code) and the PKCE variant.
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  client,
  decodeJwt,
  fragment,
  lastMail,
  mainUrl,
  newUser,
  openLink,
  outbox,
  PASSWORD,
  raw,
  uniqueEmail,
} from './auth-helpers.ts';

describe('resetPasswordForEmail', () => {
  it('e-mails a link that lands on /reset-password with a recovery session', async () => {
    const { email, id } = await newUser('recover');
    const redirectTo = `${mainUrl()}/reset-password`;
    const { data, error } = await client().auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await lastMail(email);
    expect(mail.kind).toBe('recovery');
    expect(mail.subject).toBe('Reset Your Password');
    const link = new URL(mail.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${mainUrl()}/auth/v1/verify`);
    expect([...link.searchParams.keys()]).toEqual(['token', 'type', 'redirect_to']);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
    expect(mail.body).toContain(mail.link);
    expect(mail.body).toMatch(/code: \d{6}/);

    const landing = await openLink(mail.link);
    expect(`${landing.origin}${landing.pathname}`).toBe(redirectTo);
    const f = fragment(landing);
    expect([...f.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(f.get('type')).toBe('recovery');
    expect(f.get('token_type')).toBe('bearer');
    expect(f.get('expires_in')).toBe('3600');
    const claims = decodeJwt(f.get('access_token')!);
    expect(claims.sub).toBe(id);
    expect(claims.exp).toBe(Number(f.get('expires_at')));
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    // What the /reset-password page does with it.
    const sb = client();
    const set = await sb.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect((await sb.auth.updateUser({ password: 'recovered-pass-3' })).error).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email, password: 'recovered-pass-3' })).error,
    ).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email, password: PASSWORD })).error!.code,
    ).toBe('invalid_credentials');
  });

  it('redirects a spent link with the otp_expired error fragment', async () => {
    const { email } = await newUser('spent');
    await client().auth.resetPasswordForEmail(email, {
      redirectTo: `${mainUrl()}/reset-password`,
    });
    const mail = await lastMail(email);
    await openLink(mail.link);
    const res = await fetch(mail.link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `${mainUrl()}/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
    const forged = await fetch(mail.link.replace(/token=[0-9a-f]+/, 'token=deadbeef'), {
      redirect: 'manual',
    });
    expect(fragment(new URL(forged.headers.get('location')!)).get('error_code')).toBe(
      'otp_expired',
    );
  });

  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const { data, error } = await client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await outbox(email)).toEqual([]);
  });

  it('falls back to site_url for a redirect outside the allow list', async () => {
    const { email } = await newUser('evil-redirect');
    await client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const mail = await lastMail(email);
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:54321');
    const landing = await openLink(mail.link);
    expect(landing.origin).toBe('http://127.0.0.1:54321');
    expect(fragment(landing).get('type')).toBe('recovery');
  });

  it('limits mail per address: a second request within max_frequency is 429', async () => {
    for (const email of [(await newUser('freq')).email, uniqueEmail('freq-unknown')]) {
      expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
      const { error } = await client().auth.resetPasswordForEmail(email);
      expect(error!.status).toBe(429);
      expect(error!.code).toBe('over_email_send_rate_limit');
      expect(error!.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
    }
  });

  it('validates the address (400 validation_failed)', async () => {
    const { error } = await client().auth.resetPasswordForEmail('nope');
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('validation_failed');
  });
});

describe('verifyOtp and /verify', () => {
  it('trades a token hash from generateLink for a session', async () => {
    const { email, id } = await newUser('tokenhash');
    const { data: link, error } = await adminClient().auth.admin.generateLink({
      type: 'magiclink',
      email,
    });
    expect(error).toBeNull();
    const sb = client();
    const verified = await sb.auth.verifyOtp({
      token_hash: link.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.id).toBe(id);
    expect(verified.data.session!.refresh_token).toBeTruthy();
    expect((await sb.auth.getUser()).data.user!.id).toBe(id);

    const again = await client().auth.verifyOtp({
      token_hash: link.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(again.error!.status).toBe(403);
    expect(again.error!.code).toBe('otp_expired');
  });

  it('trades an e-mailed code for a session, and refuses a wrong one', async () => {
    const { email } = await newUser('emailcode');
    await client().auth.resetPasswordForEmail(email);
    const code = /code: (\d{6})/.exec((await lastMail(email)).body)![1]!;
    const wrong = await client().auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'recovery',
    });
    expect(wrong.error!.status).toBe(403);
    expect(wrong.error!.code).toBe('otp_expired');
    expect(wrong.error!.message).toBe('Token has expired or is invalid');
    const right = await client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.error).toBeNull();
    expect(right.data.session!.user.email).toBe(email);
  });

  it('signInWithOtp e-mails a magic link to an existing user', async () => {
    const { email, id } = await newUser('magic');
    const { error } = await client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${mainUrl()}/dashboard` },
    });
    expect(error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.kind).toBe('magiclink');
    const landing = await openLink(mail.link);
    expect(landing.pathname).toBe('/dashboard');
    expect(fragment(landing).get('type')).toBe('magiclink');
    expect(decodeJwt(fragment(landing).get('access_token')!).sub).toBe(id);

    const unknown = await client().auth.signInWithOtp({
      email: uniqueEmail('magic-nobody'),
      options: { shouldCreateUser: false },
    });
    expect(unknown.error!.status).toBe(422);
    expect(unknown.error!.code).toBe('otp_disabled');
  });

  it('answers bad GET parameters in JSON and bad types with an error redirect', async () => {
    const noType = await raw('/verify?token=abc', { apikey: null });
    expect(noType.status).toBe(400);
    expect(noType.body.code).toBe('validation_failed');
    const badType = await raw(`/verify?token=abc&type=sms&redirect_to=${mainUrl()}/x`, {
      apikey: null,
    });
    expect(badType.status).toBe(303);
    const f = fragment(new URL(badType.headers.get('location')!));
    expect(f.get('error')).toBe('invalid_request');
    expect(f.get('error_code')).toBe('validation_failed');
  });

  it('supports the PKCE flow: the link carries ?code= and exchangeCodeForSession trades it', async () => {
    const { email, id } = await newUser('pkce');
    const memory = new Map<string, string>();
    const storage = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
      removeItem: (k: string) => void memory.delete(k),
    };
    const sb = client(mainUrl(), undefined, { flowType: 'pkce', storage, persistSession: true });
    const { error } = await sb.auth.resetPasswordForEmail(email, {
      redirectTo: `${mainUrl()}/reset-password`,
    });
    expect(error).toBeNull();
    const mail = await lastMail(email);
    expect(new URL(mail.link).searchParams.get('token')).toMatch(/^pkce_/);
    const landing = await openLink(mail.link);
    expect(landing.pathname).toBe('/reset-password');
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await sb.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user!.id).toBe(id);
    expect((exchanged.data as { redirectType?: string }).redirectType).toBe('recovery');

    const replay = await raw('/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(replay.status).toBe(404);
    expect(replay.body.code).toBe('flow_state_not_found');
  });
});
