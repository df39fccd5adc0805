// The admin API through supabase-js's auth.admin with the service role key, and its refusal for
// the anon key, a user's token and no token at all.
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  ANON_KEY,
  client,
  lastMail,
  mainUrl,
  newUser,
  openLink,
  fragment,
  PASSWORD,
  raw,
  SERVICE_KEY,
  signIn,
  uniqueEmail,
} from './auth-helpers.ts';

const admin = () => adminClient().auth.admin;

describe('admin users', () => {
  it('createUser with metadata, confirmation, role and app_metadata', async () => {
    const email = uniqueEmail('Admin-Create');
    const { data, error } = await admin().createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Created By Admin' },
      app_metadata: { tenant: 'arivia' },
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.role).toBe('authenticated');
    expect(user.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      tenant: 'arivia',
    });
    expect(user.user_metadata).toMatchObject({
      full_name: 'Created By Admin',
      email_verified: true,
    });
    expect(user.identities).toHaveLength(1);
    expect(user.last_sign_in_at).toBeUndefined();
    const signedIn = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user!.app_metadata.tenant).toBe('arivia');
  });

  it('createUser refuses a taken address and a missing one', async () => {
    const { email } = await newUser('taken');
    const dup = await admin().createUser({ email, password: PASSWORD });
    expect(dup.error!.status).toBe(422);
    expect(dup.error!.code).toBe('email_exists');
    const none = await admin().createUser({ password: PASSWORD });
    expect(none.error!.status).toBe(400);
    expect(none.error!.code).toBe('validation_failed');
  });

  it('listUsers pages with X-Total-Count and Link as auth-js parses them', async () => {
    await newUser('list-a');
    await newUser('list-b');
    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    const total = (first.data as unknown as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(6);
    expect((first.data as unknown as { nextPage: number }).nextPage).toBe(2);
    expect((first.data as unknown as { lastPage: number }).lastPage).toBe(
      Math.min(9, Math.ceil(total / 2)) === Math.ceil(total / 2)
        ? Math.ceil(total / 2)
        : Number(String(Math.ceil(total / 2))[0]),
    );
    const second = await admin().listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0]!.id);

    const wire = await raw('/admin/users?page=1&per_page=2', { bearer: SERVICE_KEY });
    expect(wire.status).toBe(200);
    expect(wire.body.aud).toBe('authenticated');
    expect(wire.headers.get('x-total-count')).toBe(String(total));
    expect(wire.headers.get('link')).toMatch(
      /^<\/auth\/v1\/admin\/users\?page=2&per_page=2>; rel="next", <\/auth\/v1\/admin\/users\?page=\d+&per_page=2>; rel="last"$/,
    );
    const bad = await raw('/admin/users?page=x', { bearer: SERVICE_KEY });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });

  it('getUserById finds a user; unknown and malformed ids are 404', async () => {
    const { id, email } = await newUser('get');
    const found = await admin().getUserById(id);
    expect(found.error).toBeNull();
    expect(found.data.user!.email).toBe(email);
    const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error!.status).toBe(404);
    expect(missing.error!.code).toBe('user_not_found');
    const malformed = await raw('/admin/users/not-a-uuid', { bearer: SERVICE_KEY });
    expect(malformed.status).toBe(404);
    expect(malformed.body.code).toBe('validation_failed');
  });

  it('updateUserById changes metadata, password, e-mail and role', async () => {
    const { id, email } = await newUser('update', mainUrl(), { full_name: 'Old Name' });
    const { session } = await signIn(email);
    const next = uniqueEmail('updated');
    const { data, error } = await admin().updateUserById(id, {
      user_metadata: { full_name: 'New Name' },
      app_metadata: { plan: 'pro' },
      password: 'admin-set-pass-4',
      email: next,
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(next);
    expect(data.user!.user_metadata.full_name).toBe('New Name');
    expect(data.user!.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });
    expect(data.user!.identities![0]!.identity_data!.email).toBe(next);
    // A password set by an admin ends the user's sessions.
    expect((await raw('/user', { bearer: session.access_token })).body.code).toBe(
      'session_not_found',
    );
    expect(
      (await client().auth.signInWithPassword({ email: next, password: 'admin-set-pass-4' })).error,
    ).toBeNull();

    const weak = await admin().updateUserById(id, { password: '1' });
    expect(weak.error!.code).toBe('weak_password');
    const ban = await raw(`/admin/users/${id}`, {
      method: 'PUT',
      bearer: SERVICE_KEY,
      body: { ban_duration: 'forever' },
    });
    expect(ban.status).toBe(400);
    expect(ban.body.code).toBe('validation_failed');
  });

  it('deleteUser removes the account; a soft delete keeps the row but frees the address', async () => {
    const hard = await newUser('delete-hard');
    const deleted = await admin().deleteUser(hard.id);
    expect(deleted.error).toBeNull();
    expect(deleted.data.user!.id).toBe(hard.id);
    expect((await admin().getUserById(hard.id)).error!.code).toBe('user_not_found');

    const soft = await newUser('delete-soft');
    const { session } = await signIn(soft.email);
    expect((await admin().deleteUser(soft.id, true)).error).toBeNull();
    const row = await admin().getUserById(soft.id);
    expect(row.data.user!.deleted_at).toBeTruthy();
    expect(row.data.user!.email).not.toBe(soft.email);
    expect(
      (await client().auth.signInWithPassword({ email: soft.email, password: PASSWORD })).error!
        .code,
    ).toBe('invalid_credentials');
    expect((await raw('/user', { bearer: session.access_token })).body.code).toBe(
      'session_not_found',
    );
    // The address can be registered again.
    expect(
      (await client().auth.signUp({ email: soft.email, password: PASSWORD })).error,
    ).toBeNull();

    const wire = await raw(`/admin/users/${soft.id}`, { method: 'DELETE', bearer: SERVICE_KEY });
    expect(wire.status).toBe(200);
    expect(wire.body).toEqual({});
  });

  it('generateLink returns a usable action link without sending mail', async () => {
    const { email } = await newUser('genlink');
    const { data, error } = await admin().generateLink({
      type: 'recovery',
      email,
      options: { redirectTo: `${mainUrl()}/reset-password` },
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.properties!.verification_type).toBe('recovery');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect(data.properties!.redirect_to).toBe(`${mainUrl()}/reset-password`);
    expect(data.properties!.action_link).toContain(`token=${data.properties!.hashed_token}`);
    const landing = await openLink(data.properties!.action_link);
    expect(fragment(landing).get('type')).toBe('recovery');

    const unknown = await admin().generateLink({ type: 'magiclink', email: uniqueEmail('x') });
    expect(unknown.error!.status).toBe(404);
    expect(unknown.error!.code).toBe('user_not_found');

    const signup = await admin().generateLink({
      type: 'signup',
      email: uniqueEmail('gen-signup'),
      password: PASSWORD,
    });
    expect(signup.error).toBeNull();
    expect(signup.data.user!.email_confirmed_at).toBeUndefined();
    const confirmed = await openLink(signup.data.properties!.action_link);
    expect(fragment(confirmed).get('type')).toBe('signup');
    const { data: me } = await client().auth.getUser(fragment(confirmed).get('access_token')!);
    expect(me.user!.email_confirmed_at).toBeTruthy();
  });

  it('inviteUserByEmail creates the user and e-mails an invite link', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await admin().inviteUserByEmail(email, {
      data: { full_name: 'Invited' },
      redirectTo: `${mainUrl()}/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user!.invited_at).toBeTruthy();
    const mail = await lastMail(email);
    expect(mail.kind).toBe('invite');
    const landing = await openLink(mail.link);
    expect(landing.pathname).toBe('/welcome');
    const sb = client();
    const f = fragment(landing);
    await sb.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect((await sb.auth.updateUser({ password: 'invited-pass-5' })).error).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email, password: 'invited-pass-5' })).error,
    ).toBeNull();
  });
});

describe('admin refusals', () => {
  it('refuses the anon key, a user token and no token', async () => {
    const asAnon = await client(mainUrl(), ANON_KEY).auth.admin.listUsers();
    expect(asAnon.error!.status).toBe(403);
    expect(asAnon.error!.code).toBe('not_admin');
    expect(asAnon.error!.message).toBe('User not allowed');

    const { email, id } = await newUser('not-admin');
    const { session } = await signIn(email);
    for (const [method, path, body] of [
      ['GET', '/admin/users', undefined],
      ['POST', '/admin/users', { email: uniqueEmail('sneaky'), password: PASSWORD }],
      ['GET', `/admin/users/${id}`, undefined],
      ['PUT', `/admin/users/${id}`, { app_metadata: { role: 'admin' } }],
      ['DELETE', `/admin/users/${id}`, undefined],
      ['POST', '/admin/generate_link', { type: 'recovery', email }],
      ['POST', '/invite', { email: uniqueEmail('sneaky') }],
    ] as const) {
      const asUser = await raw(path, { method, body, bearer: session.access_token });
      expect(asUser.status, `${method} ${path}`).toBe(403);
      expect(asUser.body).toEqual({ code: 'not_admin', message: 'User not allowed' });
      const noBearer = await raw(path, { method, body, apikey: SERVICE_KEY });
      expect(noBearer.status, `${method} ${path}`).toBe(401);
      expect(noBearer.body.code).toBe('no_authorization');
    }
    // Nothing changed.
    const still = await admin().getUserById(id);
    expect(still.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });
});
