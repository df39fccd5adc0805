// Behaviour that needs a project configured differently from the main one, each on its own
// backend (tests/fixtures/auth-project/*): refresh-token reuse after a 1-second window, e-mail
// confirmations, expired links, tight per-client rate limits, and sign-ups switched off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminClient,
  client,
  clientFrom,
  decodeJwt,
  fragment,
  lastMail,
  openLink,
  outbox,
  raw,
  startFixture,
  uniqueEmail,
  type FixtureServer,
} from './auth-helpers.ts';

const PASSWORD = 'strict-password-1';

describe('strict project (reuse interval 1s, confirmations on, tight limits)', () => {
  let fx: FixtureServer;
  let ipCounter = 10;
  // Every test stands for its own client address, so the tight per-client limit only trips
  // where a test means it to.
  const nextIp = () => `198.51.100.${ipCounter++}`;

  beforeAll(async () => {
    fx = await startFixture('strict');
  });
  afterAll(async () => {
    await fx?.close();
  });

  async function confirmedUser(label: string) {
    const email = uniqueEmail(label);
    const { data, error } = await adminClient(fx.url).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (error) throw error;
    const sb = clientFrom(nextIp(), fx.url);
    const signed = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    if (signed.error) throw signed.error;
    return { id: data.user!.id, email, session: signed.data.session! };
  }

  /**
   * Moves a rotated token's rotation time back past the 1-second reuse window, so the test does
   * not wait for the clock (the window is measured from the row's updated_at).
   */
  async function pastReuseWindow(token: string) {
    const moved = await fx.server.db.query(
      "update auth.refresh_tokens set updated_at = updated_at - interval '1 minute' where token = $1 and revoked",
      [token],
    );
    expect(moved.rowCount).toBe(1);
  }

  /**
   * Repeats an e-mail-sending call while the per-address max_frequency (1 s) still refuses it,
   * and returns its first other answer.
   */
  async function afterMailInterval<T extends { error: { code?: string } | null }>(
    send: () => Promise<T>,
  ): Promise<T> {
    return vi.waitFor(
      async () => {
        const r = await send();
        if (r.error?.code === 'over_email_send_rate_limit') throw new Error('still limited');
        return r;
      },
      { timeout: 5000, interval: 250 },
    );
  }

  const refresh = (token: string) =>
    raw('/token?grant_type=refresh_token', {
      url: fx.url,
      body: { refresh_token: token },
      headers: { 'x-forwarded-for': nextIp() },
    });

  it('ends the whole session when a rotated token is reused after the window', async () => {
    const { id, session } = await confirmedUser('reuse-late');
    const t2 = (await refresh(session.refresh_token)).body;
    const t3 = (await refresh(t2.refresh_token as string)).body;
    expect(t3.refresh_token).toBeTruthy();
    await pastReuseWindow(session.refresh_token);

    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // Every token and access token of the session is dead now, including the newest ones.
    expect((await refresh(t3.refresh_token as string)).body.code).toBe('refresh_token_not_found');
    const me = await raw('/user', { url: fx.url, bearer: t3.access_token as string });
    expect(me.status).toBe(403);
    expect(me.body.code).toBe('session_not_found');

    const audit = await fx.server.db.query<{ payload: { action: string; actor_id: string } }>(
      "select payload from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at",
      [id],
    );
    const login = audit.rows.find((r) => r.payload.action === 'login')!.payload;
    expect(login).toMatchObject({
      action: 'login',
      actor_id: id,
      actor_username: expect.stringContaining('@auth.test'),
      log_type: 'account',
      traits: { provider: 'email' },
    });
    const actions = audit.rows.map((r) => r.payload.action);
    expect(actions).toContain('login');
    expect(actions).toContain('token_refreshed');
    expect(actions).toContain('token_revoked');
  });

  it("still answers the active token's parent after the window (the client lost a response)", async () => {
    const { session } = await confirmedUser('reuse-parent');
    const t2 = (await refresh(session.refresh_token)).body.refresh_token;
    await pastReuseWindow(session.refresh_token);
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(t2);
  });

  it('signs up without a session until the e-mailed link is followed', async () => {
    const email = uniqueEmail('confirm');
    const sb = clientFrom(nextIp(), fx.url);
    const { data, error } = await sb.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'To Confirm' }, emailRedirectTo: `${fx.url}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.user_metadata.full_name).toBe('To Confirm');

    const early = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error!.status).toBe(400);
    expect(early.error!.code).toBe('email_not_confirmed');

    const mail = await lastMail(email, fx.url);
    expect(mail.kind).toBe('signup');
    expect(mail.subject).toBe('Confirm Your Signup');
    const link = new URL(mail.link);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${fx.url}/welcome`);

    const landing = await openLink(mail.link);
    expect(landing.pathname).toBe('/welcome');
    const f = fragment(landing);
    expect(f.get('type')).toBe('signup');
    expect(decodeJwt(f.get('access_token')!).email).toBe(email);
    const later = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    expect(later.error).toBeNull();
    expect(later.data.user!.email_confirmed_at).toBeTruthy();

    // Signing up again with a confirmed address reveals nothing: a plausible user, no session.
    // (After max_frequency, which applies to every address alike so it reveals nothing either.)
    const again = await afterMailInterval(() =>
      clientFrom(nextIp(), fx.url).auth.signUp({ email, password: PASSWORD }),
    );
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user!.id).not.toBe(later.data.user!.id);
    expect(again.data.user!.identities).toEqual([]);
  });

  it('resends a confirmation to an unconfirmed address', async () => {
    const email = uniqueEmail('resend');
    const sb = clientFrom(nextIp(), fx.url);
    await sb.auth.signUp({ email, password: PASSWORD });
    const { error } = await afterMailInterval(() => sb.auth.resend({ type: 'signup', email }));
    expect(error).toBeNull();
    const mails = await outbox(email, fx.url);
    expect(mails.map((m) => m.kind)).toEqual(['signup', 'signup']);
    // Only the newest link works.
    const stale = await openLink(mails[0]!.link);
    expect(fragment(stale).get('error_code')).toBe('otp_expired');
    const landing = await openLink(mails[1]!.link);
    expect(fragment(landing).get('type')).toBe('signup');
  });

  it('redirects an expired link with otp_expired and refuses its code', async () => {
    const { email, id } = await confirmedUser('expired');
    await clientFrom(nextIp(), fx.url).auth.resetPasswordForEmail(email, {
      redirectTo: `${fx.url}/reset-password`,
    });
    const mail = await lastMail(email, fx.url);
    await fx.server.db.query(
      "update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1",
      [id],
    );
    const code = /code: (\d{6})/.exec(mail.body)![1]!;
    const byCode = await clientFrom(nextIp(), fx.url).auth.verifyOtp({
      email,
      token: code,
      type: 'recovery',
    });
    expect(byCode.error!.code).toBe('otp_expired');
    const landing = await openLink(mail.link);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.hash).toBe(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });

  it('applies minimum_password_length from config.toml', async () => {
    const { error } = await clientFrom(nextIp(), fx.url).auth.signUp({
      email: uniqueEmail('short'),
      password: '1234567',
    });
    expect(error!.code).toBe('weak_password');
    expect(error!.message).toBe('Password should be at least 8 characters.');
  });

  it('limits sign-ins and sign-ups per client (sign_in_sign_ups), each address on its own', async () => {
    const flooder = '203.0.113.50';
    const attempt = (ip: string) =>
      raw('/token?grant_type=password', {
        url: fx.url,
        body: { email: uniqueEmail('flood'), password: 'whatever-1' },
        headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` },
      });
    for (let i = 0; i < 12; i++) expect((await attempt(flooder)).status).toBe(400);
    const limited = await attempt(flooder);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const signup = await clientFrom(flooder, fx.url).auth.signUp({
      email: uniqueEmail('flood-signup'),
      password: PASSWORD,
    });
    expect(signup.error!.status).toBe(429);
    // Another client is not affected.
    expect((await attempt('203.0.113.51')).status).toBe(400);
  });
});

describe('closed project (enable_signup = false)', () => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await startFixture('closed');
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('refuses sign-ups (422 signup_disabled) but lets the admin create users', async () => {
    const { error } = await client(fx.url).auth.signUp({
      email: uniqueEmail('closed'),
      password: PASSWORD,
    });
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('signup_disabled');
    expect(error!.message).toBe('Signups not allowed for this instance');

    const otp = await client(fx.url).auth.signInWithOtp({ email: uniqueEmail('closed-otp') });
    expect(otp.error!.status).toBe(422);
    expect(otp.error!.code).toBe('otp_disabled');

    expect((await raw('/settings', { url: fx.url })).body.disable_signup).toBe(true);

    const email = uniqueEmail('closed-admin');
    const created = await adminClient(fx.url).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    expect(
      (await client(fx.url).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });
});
