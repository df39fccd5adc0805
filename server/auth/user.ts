// The signed-in user's own endpoints: GET/PUT /user and POST /logout (GoTrue
// internal/api/user.go, logout.go).
import type { Hono } from 'hono';
import { AuthError } from './errors.ts';
import { requireUser } from './guards.ts';
import { sendLink } from './links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createFlowState, pkceFrom } from './pkce.ts';
import { referrer } from './redirects.ts';
import { readParams } from './request.ts';
import type { AuthService } from './service.ts';
import { logout } from './sessions.ts';
import {
  audit,
  actorOf,
  authTx,
  findUserByEmail,
  findUserById,
  loadUserJson,
  updateUserMetadata,
} from './store.ts';
import { checkPasswordStrength, validateEmail } from './validation.ts';

export function userRoutes(app: Hono, svc: AuthService) {
  const { config, db } = svc.deps;

  app.get('/user', async (c) => {
    const { user } = await requireUser(svc.deps, c);
    return c.json(await authTx(db, (tx) => loadUserJson(tx, user.id)));
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(svc.deps, c);
    const params = await readParams(c);
    const client = svc.client(c);
    const rawEmail = params.string('email');
    const password = params.optionalString('password');
    const data = params.object('data');
    const pkce = pkceFrom(params);
    if (params.string('phone') !== '') {
      throw AuthError.unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    }
    if (params.has('app_metadata')) {
      throw AuthError.forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    const email = rawEmail === '' ? '' : validateEmail(rawEmail);
    if (password !== undefined) checkPasswordStrength(password, config.auth.minimumPasswordLength);

    const current = caller.user;
    const changingEmail = email !== '' && email !== (current.email ?? '').toLowerCase();
    if (changingEmail) {
      const other = await authTx(db, (tx) => findUserByEmail(tx, email));
      if (other && other.id !== current.id) {
        throw AuthError.unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      svc.limitEmailAddress(email);
    }
    let passwordHash: string | undefined;
    if (password !== undefined) {
      if (await verifyPassword(password, current.encrypted_password)) {
        throw AuthError.unprocessable(
          'same_password',
          'New password should be different from the old password.',
        );
      }
      passwordHash = await hashPassword(password);
    }
    const redirectTo = referrer(c, config);

    const updated = await authTx(db, async (tx) => {
      const user = await findUserById(tx, current.id);
      if (!user) throw AuthError.notFound('user_not_found', 'User not found');
      if (passwordHash !== undefined) {
        // A new password ends every other session (GoTrue's UpdatePassword): whoever knew the
        // old one must sign in again.
        await tx.query(
          `update auth.users set encrypted_password = $2, updated_at = now(), email_change = '',
                  email_change_token_new = '', email_change_token_current = '',
                  email_change_confirm_status = 0, reauthentication_token = ''
            where id = $1`,
          [user.id, passwordHash],
        );
        await logout(tx, user.id, caller.sessionId ? 'others' : 'global', caller.sessionId);
        await audit(tx, actorOf(user), 'user_updated_password', client.ip);
      }
      if (data) await updateUserMetadata(tx, user, 'raw_user_meta_data', data);
      if (changingEmail) {
        await sendLink(svc, tx, user, 'email_change', redirectTo, {
          newEmail: email,
          pkce: pkce !== null,
        });
        if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
      }
      await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      await audit(tx, actorOf(user), 'user_modified', client.ip);
      return loadUserJson(tx, user.id);
    });
    return c.json(updated);
  });

  app.post('/logout', async (c) => {
    const caller = await requireUser(svc.deps, c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== '' && scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw AuthError.badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const client = svc.client(c);
    await authTx(db, async (tx) => {
      await audit(tx, actorOf(caller.user), 'logout', client.ip);
      await logout(tx, caller.user.id, scope === '' ? 'global' : scope, caller.sessionId);
    });
    return c.body(null, 204);
  });
}
