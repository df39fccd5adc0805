// GET /verify (the link in an e-mail) and POST /verify (verifyOtp), GoTrue's
// internal/api/verify.go. The link answers 303 to the validated redirect_to: in the implicit
// flow the new session rides in the URL fragment, which supabase-js's detectSessionInUrl reads;
// in the PKCE flow an auth code rides in the query. A bad or spent link redirects with
// #error=…&error_code=…&error_description=… instead.
import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { PKCE_PREFIX } from './links.ts';
import { tokenHash, type EmailKind } from './mail.ts';
import { issueAuthCode } from './pkce.ts';
import { referrer } from './redirects.ts';
import { hasNul, readParams } from './request.ts';
import type { AuthService } from './service.ts';
import { issueSession, type AuthMethod, type SessionResponse } from './sessions.ts';
import {
  audit,
  actorOf,
  authTx,
  confirmUser,
  findUserByEmail,
  findUserById,
  isBanned,
  isConfirmed,
  type UserRow,
} from './store.ts';
import { validateEmail } from './validation.ts';

type VerifyType = EmailKind | 'email';
const LINK_TYPES: readonly string[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'];

interface Located {
  user: UserRow;
  /** The concrete link type ('email' resolves to signup or magiclink). */
  type: EmailKind;
  pkce: boolean;
}

const linkInvalid = () =>
  AuthError.forbidden('otp_expired', 'Email link is invalid or has expired');

function columnsOf(
  type: VerifyType,
): { token: keyof UserRow; sentAt: keyof UserRow; as: EmailKind }[] {
  switch (type) {
    case 'signup':
    case 'invite':
      return [{ token: 'confirmation_token', sentAt: 'confirmation_sent_at', as: type }];
    case 'recovery':
    case 'magiclink':
      return [{ token: 'recovery_token', sentAt: 'recovery_sent_at', as: type }];
    case 'email_change':
      return [
        { token: 'email_change_token_new', sentAt: 'email_change_sent_at', as: 'email_change' },
        { token: 'email_change_token_current', sentAt: 'email_change_sent_at', as: 'email_change' },
      ];
    case 'email':
      return [
        { token: 'confirmation_token', sentAt: 'confirmation_sent_at', as: 'signup' },
        { token: 'recovery_token', sentAt: 'recovery_sent_at', as: 'magiclink' },
      ];
  }
}

function isExpired(svc: AuthService, sentAt: unknown): boolean {
  return !(sentAt instanceof Date) || sentAt.getTime() + svc.settings.otpExpiry * 1000 < Date.now();
}

/** verifyTokenHash: the user whose stored link token is `hash` (with or without pkce_). */
async function locateByHash(
  svc: AuthService,
  tx: Queryable,
  type: VerifyType,
  hash: string,
): Promise<Located> {
  if (hasNul(hash)) throw linkInvalid();
  const bare = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash;
  for (const col of columnsOf(type)) {
    const r = await tx.query<UserRow>(
      `select * from auth.users where ${col.token} in ($1, $2) and ${col.token} <> '' for update`,
      [bare, PKCE_PREFIX + bare],
    );
    const user = r.rows[0];
    if (!user) continue;
    if (isBanned(user)) throw AuthError.forbidden('user_banned', 'User is banned');
    if (isExpired(svc, user[col.sentAt])) throw linkInvalid();
    const stored = String(user[col.token] ?? '');
    return { user, type: col.as, pkce: stored.startsWith(PKCE_PREFIX) };
  }
  throw linkInvalid();
}

/** verifyUserAndToken: an e-mailed code checked against the address it was sent to. */
async function locateByCode(
  svc: AuthService,
  tx: Queryable,
  type: VerifyType,
  email: string,
  code: string,
): Promise<Located> {
  const invalid = () => AuthError.forbidden('otp_expired', 'Token has expired or is invalid');
  let user: UserRow | null;
  if (type === 'email_change') {
    const r = await tx.query<UserRow>(
      'select * from auth.users where lower(email_change) = lower($1) and deleted_at is null for update',
      [email],
    );
    user = r.rows[0] ?? null;
  } else {
    user = await findUserByEmail(tx, email);
  }
  if (!user) throw invalid();
  if (isBanned(user)) throw AuthError.forbidden('user_banned', 'User is banned');
  const hash = tokenHash(email, code);
  for (const col of columnsOf(type)) {
    const stored = String(user[col.token] ?? '');
    if (stored === '' || (stored !== hash && stored !== PKCE_PREFIX + hash)) continue;
    if (isExpired(svc, user[col.sentAt])) continue;
    return { user, type: col.as, pkce: stored.startsWith(PKCE_PREFIX) };
  }
  throw invalid();
}

const AUTH_METHODS: Record<EmailKind, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** signupVerify / recoverVerify / emailChangeVerify: spend the link and apply what it proves. */
async function apply(tx: Queryable, found: Located, ip: string): Promise<UserRow> {
  const { user } = found;
  switch (found.type) {
    case 'signup':
    case 'invite':
      await audit(tx, actorOf(user), 'user_signedup', ip, { provider: 'email' });
      await confirmUser(tx, user);
      break;
    case 'recovery':
    case 'magiclink':
      await tx.query("update auth.users set recovery_token = '' where id = $1", [user.id]);
      await tx.query(
        "delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'",
        [user.id],
      );
      if (!isConfirmed(user)) {
        await audit(tx, actorOf(user), 'user_signedup', ip, { provider: 'email' });
        await confirmUser(tx, user);
      } else {
        await audit(tx, actorOf(user), 'login', ip);
      }
      break;
    case 'email_change': {
      const next = user.email_change ?? '';
      try {
        await tx.query(
          `update auth.users set email = $2, email_change = '', email_change_token_new = '',
                  email_change_token_current = '', email_change_confirm_status = 0,
                  email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
            where id = $1`,
          [user.id, next],
        );
      } catch (e) {
        if (isPgError(e) && e.code === '23505') {
          throw AuthError.unprocessable(
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        throw e;
      }
      await tx.query(
        `update auth.identities
            set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
                updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [user.id, next],
      );
      await tx.query(
        "delete from auth.one_time_tokens where user_id = $1 and token_type like 'email_change%'",
        [user.id],
      );
      await audit(tx, actorOf(user), 'user_modified', ip);
      break;
    }
  }
  const reloaded = await findUserById(tx, user.id);
  if (!reloaded) throw AuthError.notFound('user_not_found', 'User not found');
  return reloaded;
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** url.Values.Encode: keys sorted, form-encoded. */
function encodeSorted(values: Record<string, string>): string {
  const p = new URLSearchParams();
  for (const k of Object.keys(values).sort()) p.set(k, values[k]!);
  return p.toString();
}

function errorRedirect(target: string, e: AuthError, pkce: boolean): string {
  const u = new URL(target);
  const values: Record<string, string> = {
    error_code: e.errorCode,
    error_description: e.message,
    sb: '',
  };
  const oauth = OAUTH_ERRORS[e.status];
  if (oauth) values.error = oauth;
  if (pkce) for (const [k, v] of Object.entries(values)) if (k !== 'sb') u.searchParams.set(k, v);
  u.hash = encodeSorted(values);
  return u.toString();
}

function sessionRedirect(target: string, session: SessionResponse, type: string): string {
  const base = target.split('#')[0]!;
  return `${base}#${encodeSorted({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })}`;
}

function codeRedirect(target: string, code: string): string {
  const u = new URL(target);
  u.searchParams.set('code', code);
  return u.toString();
}

async function verifyGet(svc: AuthService, c: Context): Promise<Response> {
  svc.limitClient(c, 'verify');
  const token = c.req.query('token') ?? '';
  const type = c.req.query('type') ?? '';
  if (type === '') {
    throw AuthError.badRequest('validation_failed', 'Verify requires a verification type');
  }
  if (token === '') {
    throw AuthError.badRequest('validation_failed', 'Verify requires a token or a token hash');
  }
  const target = referrer(c, svc.deps.config);
  const client = svc.client(c);
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    const outcome = await authTx(svc.deps.db, async (tx) => {
      if (!LINK_TYPES.includes(type)) {
        throw AuthError.badRequest('validation_failed', 'Unsupported verification type');
      }
      const found = await locateByHash(svc, tx, type as EmailKind, token);
      const user = await apply(tx, found, client.ip);
      if (found.pkce) {
        const code = await issueAuthCode(tx, user.id, AUTH_METHODS[found.type]);
        return { kind: 'code' as const, code };
      }
      const session = await issueSession(svc.deps, tx, user, 'otp', client);
      return { kind: 'session' as const, session };
    });
    const location =
      outcome.kind === 'code'
        ? codeRedirect(target, outcome.code)
        : sessionRedirect(target, outcome.session, type);
    return c.redirect(location, 303);
  } catch (e) {
    if (e instanceof AuthError) return c.redirect(errorRedirect(target, e, pkce), 303);
    throw e;
  }
}

async function verifyPost(svc: AuthService, c: Context): Promise<Response> {
  svc.limitClient(c, 'verify');
  const params = await readParams(c);
  const type = params.string('type');
  const token = params.string('token');
  const hash = params.string('token_hash');
  const rawEmail = params.string('email');
  const phone = params.string('phone');
  if (type === '') {
    throw AuthError.badRequest('validation_failed', 'Verify requires a verification type');
  }
  if ((token === '' && hash === '') || (token !== '' && hash !== '')) {
    throw AuthError.badRequest(
      'validation_failed',
      'Verify requires either a token or a token hash',
    );
  }
  let email = '';
  if (token !== '') {
    if (phone !== '' && rawEmail === '') {
      throw AuthError.badRequest('phone_provider_disabled', 'Unsupported phone provider');
    }
    if (phone !== '' || rawEmail === '') {
      throw AuthError.badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      email = validateEmail(rawEmail);
    } catch {
      throw AuthError.unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (rawEmail !== '' || phone !== '' || params.string('redirect_to') !== '') {
    throw AuthError.badRequest(
      'validation_failed',
      'Only the token_hash and type should be provided',
    );
  }
  if (!LINK_TYPES.includes(type) && type !== 'email') {
    throw AuthError.badRequest('validation_failed', 'Unsupported verification type');
  }
  const client = svc.client(c);
  const session = await authTx(svc.deps.db, async (tx) => {
    const found =
      token !== ''
        ? await locateByCode(svc, tx, type as VerifyType, email, token)
        : await locateByHash(svc, tx, type as VerifyType, hash);
    const user = await apply(tx, found, client.ip);
    return issueSession(svc.deps, tx, user, 'otp', client);
  });
  return c.json(session);
}

export function verifyRoutes(app: Hono, svc: AuthService) {
  app.get('/verify', (c) => verifyGet(svc, c));
  app.post('/verify', (c) => verifyPost(svc, c));
}
