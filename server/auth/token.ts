// POST /token (GoTrue internal/api/token.go): password, refresh_token and pkce grants.
import type { Hono } from 'hono';
import { AuthError, OAuthError } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { pkceGrant } from './pkce.ts';
import { readParams, type Params } from './request.ts';
import type { AuthService } from './service.ts';
import { issueSession, refreshGrant, type ClientInfo, type SessionResponse } from './sessions.ts';
import { audit, actorOf, authTx, findUserByEmail, isBanned, isConfirmed } from './store.ts';

const invalidCredentials = () =>
  AuthError.badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(
  svc: AuthService,
  params: Params,
  client: ClientInfo,
): Promise<SessionResponse> {
  const email = params.string('email');
  const phone = params.string('phone');
  const password = params.string('password');
  if (email !== '' && phone !== '') {
    throw AuthError.badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (email === '') {
    if (phone !== '') {
      throw AuthError.unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    }
    throw AuthError.badRequest('validation_failed', 'missing email or phone');
  }
  svc.checkFailedSignIns(email);
  const user = await authTx(svc.deps.db, (tx) => findUserByEmail(tx, email));
  // The password is checked even for unknown addresses, so timing does not reveal accounts.
  const valid = await verifyPassword(password, user?.encrypted_password ?? null);
  if (!user || !user.encrypted_password) {
    svc.recordFailedSignIn(email);
    throw invalidCredentials();
  }
  if (isBanned(user)) throw AuthError.badRequest('user_banned', 'User is banned');
  if (!valid) {
    svc.recordFailedSignIn(email);
    throw invalidCredentials();
  }
  if (!isConfirmed(user)) {
    throw AuthError.badRequest('email_not_confirmed', 'Email not confirmed');
  }
  return authTx(svc.deps.db, async (tx) => {
    await audit(tx, actorOf(user), 'login', client.ip, { provider: 'email' });
    return issueSession(svc.deps, tx, user, 'password', client);
  });
}

export function tokenRoutes(app: Hono, svc: AuthService) {
  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type') ?? '';
    const client = svc.client(c);
    switch (grantType) {
      case 'password': {
        svc.limitClient(c, 'sign_in');
        return c.json(await passwordGrant(svc, await readParams(c), client));
      }
      case 'refresh_token': {
        svc.limitClient(c, 'refresh');
        const token = (await readParams(c)).string('refresh_token');
        if (token === '') throw new OAuthError('invalid_request', 'refresh_token required');
        return c.json(await refreshGrant(svc.deps, token, client));
      }
      case 'pkce': {
        svc.limitClient(c, 'sign_in');
        return c.json(await pkceGrant(svc, await readParams(c), client));
      }
      default:
        throw AuthError.badRequest('invalid_credentials', 'unsupported_grant_type');
    }
  });
}
