// POST /signup (GoTrue internal/api/signup.go). With e-mail confirmations off (the local
// default, GoTrue's mailer autoconfirm) the new user is confirmed and signed in at once; with
// them on, the user gets a confirmation e-mail and no session.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { sendLink } from './links.ts';
import { hashPassword } from './passwords.ts';
import { createFlowState, pkceFrom } from './pkce.ts';
import { referrer } from './redirects.ts';
import { readParams, type JsonObject } from './request.ts';
import type { AuthService } from './service.ts';
import { issueSession, type ClientInfo } from './sessions.ts';
import {
  audit,
  actorOf,
  authTx,
  confirmUser,
  createEmailIdentity,
  findUserByEmail,
  findUserById,
  isConfirmed,
  loadIdentities,
  loadUserJson,
  NIL_UUID,
  updateUserMetadata,
  userJson,
  type UserRow,
} from './store.ts';
import { checkPasswordStrength, validateEmail } from './validation.ts';

/** Inserts a user the way GoTrue's NewUser + signupNewUser do, then re-reads what triggers did. */
export async function insertUser(
  tx: Queryable,
  fields: {
    id?: string;
    /** null for an anonymous user. */
    email: string | null;
    isAnonymous?: boolean;
    passwordHash: string;
    userMetadata: JsonObject;
    appMetadata?: JsonObject;
    role?: string;
    aud?: string;
  },
): Promise<UserRow> {
  const id = fields.id ?? randomUUID();
  try {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                               confirmation_token, recovery_token, email_change_token_new,
                               email_change, is_sso_user, is_anonymous)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, now(), now(), '', '', '', '', false, $9)`,
      [
        NIL_UUID,
        id,
        fields.aud ?? 'authenticated',
        fields.role ?? 'authenticated',
        fields.email,
        fields.passwordHash,
        JSON.stringify(fields.appMetadata ?? { provider: 'email', providers: ['email'] }),
        JSON.stringify(fields.userMetadata),
        fields.isAnonymous ?? false,
      ],
    );
  } catch (e) {
    if (isPgError(e) && e.code === '23505') {
      throw AuthError.unprocessable(
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    if (isPgError(e)) {
      // A trigger on auth.users failed: GoTrue answers 500 and logs the database's reason.
      console.error('[auth] inserting into auth.users failed:', e.message);
      throw AuthError.internal('Database error saving new user');
    }
    throw e;
  }
  const user = await findUserById(tx, id);
  if (!user) throw AuthError.internal('Database error loading user after sign-up');
  return user;
}

/** sanitizeUser: what a repeated sign-up sees, so it cannot learn whether the address is taken. */
function obfuscatedUser(email: string, data: JsonObject) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * GoTrue's signupAnonymously: a user with no e-mail, phone or identity, `is_anonymous` true (in
 * the row, the user JSON and the access token's claims), signed in at once. Policies tell such
 * users apart by the JWT's `is_anonymous` claim. Turned on by `[auth] enable_anonymous_sign_ins`.
 */
async function signUpAnonymously(svc: AuthService, client: ClientInfo, data: JsonObject) {
  return authTx(svc.deps.db, async (tx) => {
    let user = await insertUser(tx, {
      email: null,
      passwordHash: '',
      userMetadata: data,
      appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
      isAnonymous: true,
    });
    await audit(tx, actorOf(user), 'user_signedup', client.ip, { provider: 'anonymous' });
    await audit(tx, actorOf(user), 'login', client.ip, { provider: 'anonymous' });
    user = (await findUserById(tx, user.id))!;
    return issueSession(svc.deps, tx, user, 'anonymous', client);
  });
}

export function signupRoutes(app: Hono, svc: AuthService) {
  const { config } = svc.deps;

  app.post('/signup', async (c) => {
    svc.limitClient(c, 'sign_in');
    if (!config.auth.enableSignup) {
      throw AuthError.unprocessable('signup_disabled', 'Signups not allowed for this instance');
    }
    const params = await readParams(c);
    const rawEmail = params.string('email');
    const phone = params.string('phone');
    const password = params.string('password');
    const data = params.object('data') ?? {};
    if (rawEmail === '' && phone === '') {
      // supabase-js's signInAnonymously posts /signup with neither (GoTrue's anonymous provider).
      if (!svc.settings.anonymousSignIns) {
        throw AuthError.unprocessable(
          'anonymous_provider_disabled',
          'Anonymous sign-ins are disabled',
        );
      }
      return c.json(await signUpAnonymously(svc, svc.client(c), data));
    }
    if (password === '') {
      throw AuthError.badRequest('validation_failed', 'Signup requires a valid password');
    }
    checkPasswordStrength(password, config.auth.minimumPasswordLength);
    if (rawEmail !== '' && phone !== '') {
      throw AuthError.badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    const pkce = pkceFrom(params);
    if (rawEmail === '') {
      throw AuthError.badRequest('phone_provider_disabled', 'Phone signups are disabled');
    }
    const email = validateEmail(rawEmail);
    const autoconfirm = !config.auth.emailConfirmations;
    const client = svc.client(c);
    const redirectTo = referrer(c, config);
    if (!autoconfirm) svc.limitEmailAddress(email);
    const passwordHash = await hashPassword(password);

    const result = await authTx(svc.deps.db, async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        await audit(tx, actorOf(existing), 'user_repeated_signup', client.ip, {
          provider: 'email',
        });
        // GoTrue would confirm and sign in an unconfirmed account here without checking its
        // password; an existing address is refused instead whenever sign-ups confirm at once.
        if (autoconfirm) return { kind: 'exists' as const };
        if (isConfirmed(existing)) return { kind: 'obfuscated' as const };
        await sendLink(svc, tx, existing, 'signup', redirectTo, { pkce: pkce !== null });
        if (pkce) await createFlowState(tx, existing.id, pkce, 'email/signup');
        return { kind: 'user' as const, user: await loadUserJson(tx, existing.id) };
      }
      let user = await insertUser(tx, { email, passwordHash, userMetadata: data });
      await createEmailIdentity(tx, user.id, email, data);
      await updateUserMetadata(tx, user, 'raw_user_meta_data', {
        sub: user.id,
        email,
        email_verified: false,
        phone_verified: false,
      });
      if (!autoconfirm) {
        await audit(tx, actorOf(user), 'user_confirmation_requested', client.ip, {
          provider: 'email',
        });
        await sendLink(svc, tx, user, 'signup', redirectTo, { pkce: pkce !== null });
        if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
        user = (await findUserById(tx, user.id))!;
        return { kind: 'user' as const, user: userJson(user, await loadIdentities(tx, user.id)) };
      }
      await audit(tx, actorOf(user), 'user_signedup', client.ip, { provider: 'email' });
      await confirmUser(tx, user);
      await audit(tx, actorOf(user), 'login', client.ip, { provider: 'email' });
      user = (await findUserById(tx, user.id))!;
      return {
        kind: 'session' as const,
        session: await issueSession(svc.deps, tx, user, 'password', client),
      };
    });

    switch (result.kind) {
      case 'exists':
        throw AuthError.unprocessable('user_already_exists', 'User already registered');
      case 'obfuscated':
        return c.json(obfuscatedUser(email, data));
      case 'user':
        return c.json(result.user);
      case 'session':
        return c.json(result.session);
    }
  });
}
