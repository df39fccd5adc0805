// Requests that e-mail a link: POST /recover (resetPasswordForEmail), POST /otp
// (signInWithOtp, e-mail only) and POST /resend (GoTrue internal/api/recover.go, otp.go,
// magic_link.go, resend.go). Whether the address has an account is never revealed by /recover.
import type { Hono } from 'hono';
import { AuthError } from './errors.ts';
import { sendLink } from './links.ts';
import { createFlowState, pkceFrom } from './pkce.ts';
import { referrer } from './redirects.ts';
import { readParams } from './request.ts';
import type { AuthService } from './service.ts';
import { insertUser } from './signup.ts';
import {
  audit,
  actorOf,
  authTx,
  createEmailIdentity,
  findUserByEmail,
  isConfirmed,
  updateUserMetadata,
  type UserRow,
} from './store.ts';
import { validateEmail } from './validation.ts';

export function recoverRoutes(app: Hono, svc: AuthService) {
  const { config, db } = svc.deps;

  app.post('/recover', async (c) => {
    svc.limitClient(c, 'sign_in');
    const params = await readParams(c);
    const email = validateEmail(params.string('email'));
    const pkce = pkceFrom(params);
    svc.limitEmailAddress(email);
    const client = svc.client(c);
    const redirectTo = referrer(c, config);
    await authTx(db, async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      await audit(tx, actorOf(user), 'user_recovery_requested', client.ip);
      await sendLink(svc, tx, user, 'recovery', redirectTo, { pkce: pkce !== null });
      if (pkce) await createFlowState(tx, user.id, pkce, 'recovery');
    });
    return c.json({});
  });

  app.post('/otp', async (c) => {
    svc.limitClient(c, 'sign_in');
    const params = await readParams(c);
    if (params.string('phone') !== '') {
      throw AuthError.badRequest('phone_provider_disabled', 'Unsupported phone provider');
    }
    const email = validateEmail(params.string('email'));
    const createUser = params.has('create_user') ? params.boolean('create_user') : true;
    const data = params.object('data') ?? {};
    const pkce = pkceFrom(params);
    const client = svc.client(c);
    const redirectTo = referrer(c, config);
    const existing = await authTx(db, (tx) => findUserByEmail(tx, email));
    if (!existing && (!createUser || !config.auth.enableSignup)) {
      throw AuthError.unprocessable('otp_disabled', 'Signups not allowed for otp');
    }
    svc.limitEmailAddress(email);
    await authTx(db, async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user) {
        user = await insertUser(tx, { email, passwordHash: '', userMetadata: data });
        await createEmailIdentity(tx, user.id, email, data);
        await updateUserMetadata(tx, user, 'raw_user_meta_data', {
          sub: user.id,
          email,
          email_verified: false,
          phone_verified: false,
        });
        await audit(tx, actorOf(user), 'user_confirmation_requested', client.ip, {
          provider: 'email',
        });
      }
      // An unconfirmed account is confirmed by its first link (GoTrue sends a signup e-mail).
      const kind = isConfirmed(user) ? 'magiclink' : 'signup';
      if (kind === 'magiclink')
        await audit(tx, actorOf(user), 'user_recovery_requested', client.ip);
      await sendLink(svc, tx, user, kind, redirectTo, { pkce: pkce !== null });
      if (pkce)
        await createFlowState(
          tx,
          user.id,
          pkce,
          kind === 'magiclink' ? 'magiclink' : 'email/signup',
        );
    });
    return c.json({});
  });

  app.post('/resend', async (c) => {
    svc.limitClient(c, 'sign_in');
    const params = await readParams(c);
    const type = params.string('type');
    if (type !== 'signup' && type !== 'email_change') {
      throw AuthError.badRequest(
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    }
    const email = validateEmail(params.string('email'));
    const pkce = pkceFrom(params);
    svc.limitEmailAddress(email);
    const redirectTo = referrer(c, config);
    await authTx(db, async (tx) => {
      if (type === 'signup') {
        const user = await findUserByEmail(tx, email);
        if (!user || isConfirmed(user)) return;
        await sendLink(svc, tx, user, 'signup', redirectTo, { pkce: pkce !== null });
        if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
        return;
      }
      const pending = await tx.query<UserRow>(
        'select * from auth.users where lower(email_change) = lower($1) and deleted_at is null limit 1',
        [email],
      );
      const user = pending.rows[0];
      if (user) await sendLink(svc, tx, user, 'email_change', redirectTo, { newEmail: email });
    });
    return c.json({});
  });
}
