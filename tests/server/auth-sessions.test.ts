// Sessions through supabase-js: refresh-token rotation and reuse, sign-out scopes, getUser and
// updateUser (password, metadata, e-mail), against the real backend.
import { AuthSessionMissingError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  client,
  decodeJwt,
  fragment,
  lastMail,
  mainUrl,
  newUser,
  openLink,
  PASSWORD,
  raw,
  signIn,
  uniqueEmail,
} from './auth-helpers.ts';

const refresh = (token: string) =>
  raw('/token?grant_type=refresh_token', { body: { refresh_token: token } });

describe('refresh tokens', () => {
  it('rotate: each refresh revokes the token and issues a child in the same session', async () => {
    const { email } = await newUser('rotate');
    const { session } = await signIn(email);
    const sb = client();
    const { data, error } = await sb.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    const next = data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.expires_in).toBe(3600);
    const before = decodeJwt(session.access_token);
    const after = decodeJwt(next.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.iat as number).toBeGreaterThanOrEqual(before.iat as number);
    // A refresh keeps how the session was authenticated.
    expect(after.amr).toEqual(before.amr);
    expect(data.user!.email).toBe(email);

    const again = await refresh(next.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).not.toBe(next.refresh_token);
  });

  it('answer a reused token within the reuse interval with the current token, not a branch', async () => {
    const { email } = await newUser('reuse');
    const { session } = await signIn(email);
    const t2 = (await refresh(session.refresh_token)).body.refresh_token as string;
    // The client lost the answer: the parent of the active token gets the active token back.
    const lost = await refresh(session.refresh_token);
    expect(lost.status).toBe(200);
    expect(lost.body.refresh_token).toBe(t2);
    const t3 = (await refresh(t2)).body.refresh_token as string;
    expect(t3).not.toBe(t2);
    // A grandparent inside the window converges on the active token as well.
    const stale = await refresh(session.refresh_token);
    expect(stale.status).toBe(200);
    expect(stale.body.refresh_token).toBe(t3);
  });

  it('never mint two children for concurrent refreshes of one token', async () => {
    const { email } = await newUser('concurrent');
    const { session } = await signIn(email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refresh(session.refresh_token)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    const tokens = new Set(answers.map((a) => a.body.refresh_token));
    expect(tokens.size).toBe(1);
    expect(tokens.has(session.refresh_token)).toBe(false);
  });

  it('refuse unknown and missing tokens with GoTrue errors', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'not-a-real-token' });
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('refresh_token_not_found');
    expect(error!.message).toBe('Invalid Refresh Token: Refresh Token Not Found');

    const missing = await raw('/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });
});

describe('signOut', () => {
  const sessionGone = async (accessToken: string) => {
    const res = await raw('/user', { bearer: accessToken });
    return res.status === 403 && res.body.code === 'session_not_found';
  };

  it("scope 'others' ends every session but the caller's", async () => {
    const { email } = await newUser('others');
    const a = await signIn(email);
    const b = await signIn(email);
    const c = await signIn(email);
    expect((await b.sb.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await sessionGone(a.session.access_token)).toBe(true);
    expect(await sessionGone(c.session.access_token)).toBe(true);
    expect((await refresh(a.session.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await raw('/user', { bearer: b.session.access_token })).status).toBe(200);
    expect((await refresh(b.session.refresh_token)).status).toBe(200);
  });

  it("scope 'local' ends only the caller's session", async () => {
    const { email } = await newUser('local');
    const a = await signIn(email);
    const b = await signIn(email);
    expect((await b.sb.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await sessionGone(b.session.access_token)).toBe(true);
    expect((await refresh(b.session.refresh_token)).status).toBe(400);
    expect((await raw('/user', { bearer: a.session.access_token })).status).toBe(200);
  });

  it("scope 'global' (the default) ends every session of the user", async () => {
    const { email } = await newUser('global');
    const a = await signIn(email);
    const b = await signIn(email);
    expect((await b.sb.auth.signOut()).error).toBeNull();
    expect(await sessionGone(a.session.access_token)).toBe(true);
    expect(await sessionGone(b.session.access_token)).toBe(true);
    expect((await refresh(a.session.refresh_token)).body.code).toBe('refresh_token_not_found');

    // supabase-js turns the answer into AuthSessionMissingError.
    const { error } = await client().auth.getUser(a.session.access_token);
    expect(error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('answers 204 on the wire and refuses an unknown scope', async () => {
    const { email } = await newUser('logout-wire');
    const a = await signIn(email);
    const bad = await raw('/logout?scope=everything', {
      method: 'POST',
      bearer: a.session.access_token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    const ok = await raw('/logout?scope=local', { method: 'POST', bearer: a.session.access_token });
    expect(ok.status).toBe(204);
    expect(ok.text).toBe('');
    const twice = await raw('/logout', { method: 'POST', bearer: a.session.access_token });
    expect(twice.status).toBe(403);
    expect(twice.body.code).toBe('session_not_found');
  });
});

describe('getUser', () => {
  it('returns the user of a valid access token', async () => {
    const { email, id } = await newUser('getuser', mainUrl(), { full_name: 'Get User' });
    const { sb } = await signIn(email);
    const { data, error } = await sb.auth.getUser();
    expect(error).toBeNull();
    expect(data.user!.id).toBe(id);
    expect(data.user!.user_metadata.full_name).toBe('Get User');
    expect(data.user!.identities![0]!.provider).toBe('email');
  });

  it('requires a bearer token that names a user', async () => {
    const none = await raw('/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    // supabase-js sends the anon key as the bearer when there is no session.
    const anon = await raw('/user', { bearer: ANON_KEY });
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('bad_jwt');
    expect(anon.body.message).toBe('invalid claim: missing sub claim');
  });
});

describe('updateUser', () => {
  it('merges user metadata; a null value removes a key', async () => {
    const { email } = await newUser('meta', mainUrl(), { full_name: 'Before', keep: 1 });
    const { sb } = await signIn(email);
    const { data, error } = await sb.auth.updateUser({
      data: { full_name: 'After', shift: 'morning', keep: null },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ full_name: 'After', shift: 'morning' });
    expect(data.user!.user_metadata).not.toHaveProperty('keep');
    const { data: again } = await sb.auth.getUser();
    expect(again.user!.user_metadata.full_name).toBe('After');
    // A new access token carries the new metadata.
    const { data: refreshed } = await sb.auth.refreshSession();
    expect(decodeJwt(refreshed.session!.access_token).user_metadata).toMatchObject({
      full_name: 'After',
    });
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const { email } = await newUser('password');
    const other = await signIn(email);
    const me = await signIn(email);
    const { error } = await me.sb.auth.updateUser({ password: 'brand-new-pass-2' });
    expect(error).toBeNull();

    expect((await raw('/user', { bearer: other.session.access_token })).body.code).toBe(
      'session_not_found',
    );
    expect((await raw('/user', { bearer: me.session.access_token })).status).toBe(200);
    expect((await me.sb.auth.refreshSession()).error).toBeNull();

    const old = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error!.code).toBe('invalid_credentials');
    const fresh = await client().auth.signInWithPassword({
      email,
      password: 'brand-new-pass-2',
    });
    expect(fresh.error).toBeNull();
  });

  it('refuses the same password, a weak one and app_metadata', async () => {
    const { email } = await newUser('pw-rules');
    const { sb } = await signIn(email);
    const same = await sb.auth.updateUser({ password: PASSWORD });
    expect(same.error!.status).toBe(422);
    expect(same.error!.code).toBe('same_password');
    const weak = await sb.auth.updateUser({ password: 'abc' });
    expect(weak.error!.status).toBe(422);
    expect(weak.error!.code).toBe('weak_password');
    const { data: s } = await sb.auth.getSession();
    const appMeta = await raw('/user', {
      method: 'PUT',
      bearer: s.session!.access_token,
      body: { app_metadata: { roles: ['admin'] } },
    });
    expect(appMeta.status).toBe(403);
    expect(appMeta.body.code).toBe('not_admin');
  });

  it('changes the e-mail after the new address confirms the link', async () => {
    const { email } = await newUser('email-change');
    const { sb } = await signIn(email);
    const next = uniqueEmail('email-changed');
    const { data, error } = await sb.auth.updateUser(
      { email: next },
      { emailRedirectTo: `${mainUrl()}/profile` },
    );
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.new_email).toBe(next);
    expect(data.user!.email_change_sent_at).toBeTruthy();

    const mail = await lastMail(next);
    expect(mail.kind).toBe('email_change');
    const landing = await openLink(mail.link);
    expect(landing.pathname).toBe('/profile');
    const f = fragment(landing);
    expect(f.get('type')).toBe('email_change');
    const { data: me } = await client().auth.getUser(f.get('access_token')!);
    expect(me.user!.email).toBe(next);
    expect(me.user!.new_email).toBeUndefined();
    expect(
      (await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('refuses an address another account holds (422 email_exists)', async () => {
    const first = await newUser('holder');
    const { email } = await newUser('taker');
    const { sb } = await signIn(email);
    const { error } = await sb.auth.updateUser({ email: first.email });
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('email_exists');
  });
});
