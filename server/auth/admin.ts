// The admin API for the service role (GoTrue internal/api/admin.go, invite.go, mail.go
// adminGenerateLink): list, create, read, update and delete users, invite, and generate e-mail
// links without sending them.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { issueLink, sendLink } from './links.ts';
import type { EmailKind } from './mail.ts';
import { hashPassword } from './passwords.ts';
import { referrer } from './redirects.ts';
import { readOptionalParams, readParams, type Params } from './request.ts';
import type { AuthService } from './service.ts';
import { logout } from './sessions.ts';
import { insertUser } from './signup.ts';
import {
  adminActor,
  audit,
  authTx,
  confirmUser,
  createEmailIdentity,
  findUserByEmail,
  findUserById,
  isConfirmed,
  loadUserJson,
  updateUserMetadata,
  userJson,
  type IdentityRow,
  type UserRow,
} from './store.ts';
import {
  checkPasswordStrength,
  isUuid,
  MAX_PASSWORD_BYTES,
  parseGoDuration,
  validateEmail,
} from './validation.ts';

const emailExists = () =>
  AuthError.unprocessable(
    'email_exists',
    'A user with this email address has already been registered',
  );

/** ban_duration: a Go duration or "none"; undefined when not asked for. */
function banUntil(params: Params): Date | null | undefined {
  const raw = params.string('ban_duration');
  if (raw === '') return undefined;
  if (raw === 'none') return null;
  const ms = parseGoDuration(raw);
  if (ms === null) {
    throw AuthError.badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${raw}"`,
    );
  }
  return ms === 0 ? null : new Date(Date.now() + ms);
}

async function loadUser(tx: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw AuthError.notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(tx, id);
  if (!user) throw AuthError.notFound('user_not_found', 'User not found');
  return user;
}

/** A random password for accounts created without one (GoTrue does the same). */
const randomPassword = () => randomBytes(48).toString('base64url').slice(0, 64);

function passwordOf(params: Params): string | undefined {
  const password = params.optionalString('password');
  if (password !== undefined && Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw AuthError.badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
  }
  return password;
}

/** role and aud are varchar(255) columns. */
function shortString(params: Params, name: string): string {
  const v = params.string(name);
  if (v.length > 255) throw AuthError.badRequest('validation_failed', `${name} is too long`);
  return v;
}

async function createUser(svc: AuthService, c: Context, actorRole: string) {
  const params = await readParams(c);
  const rawEmail = params.string('email');
  if (rawEmail === '' && params.string('phone') === '') {
    throw AuthError.badRequest(
      'validation_failed',
      'Cannot create a user without either an email or phone',
    );
  }
  if (params.string('phone') !== '') {
    throw AuthError.unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  const email = validateEmail(rawEmail);
  const password = passwordOf(params);
  const suppliedHash = params.string('password_hash');
  if (password !== undefined && suppliedHash !== '') {
    throw AuthError.badRequest(
      'validation_failed',
      'Only a password or a password hash should be provided',
    );
  }
  if (suppliedHash !== '' && !/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(suppliedHash)) {
    throw AuthError.badRequest('validation_failed', 'Invalid password hash format');
  }
  const id = params.string('id');
  if (id !== '' && !isUuid(id)) {
    throw AuthError.badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  }
  const ban = banUntil(params);
  const role = shortString(params, 'role');
  const aud = shortString(params, 'aud');
  const userMetadata = params.object('user_metadata') ?? {};
  const appMetadata = params.object('app_metadata');
  const emailConfirm = params.boolean('email_confirm');
  const passwordHash =
    suppliedHash !== '' ? suppliedHash : await hashPassword(password || randomPassword());
  const ip = svc.client(c).ip;

  const created = await authTx(svc.deps.db, async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    const user = await insertUser(tx, {
      id: id || undefined,
      email,
      passwordHash,
      userMetadata,
      role: role || 'authenticated',
      aud: aud || 'authenticated',
    });
    await createEmailIdentity(tx, user.id, email);
    await audit(tx, adminActor(actorRole), 'user_signedup', ip, {
      user_id: user.id,
      user_email: email,
      user_phone: '',
    });
    if (appMetadata) await updateUserMetadata(tx, user, 'raw_app_meta_data', appMetadata);
    if (emailConfirm) await confirmUser(tx, user);
    if (ban !== undefined) {
      await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, ban]);
    }
    return loadUserJson(tx, user.id);
  });
  return c.json(created);
}

async function updateUser(svc: AuthService, c: Context, role: string) {
  const id = c.req.param('id') ?? '';
  const params = await readParams(c);
  const email = params.string('email') === '' ? '' : validateEmail(params.string('email'));
  if (params.string('phone') !== '') {
    throw AuthError.unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  const password = passwordOf(params);
  if (password !== undefined) {
    checkPasswordStrength(password, svc.deps.config.auth.minimumPasswordLength);
  }
  const ban = banUntil(params);
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
  const ip = svc.client(c).ip;

  const updated = await authTx(svc.deps.db, async (tx) => {
    const user = await loadUser(tx, id);
    const newRole = shortString(params, 'role');
    if (newRole !== '') {
      await tx.query('update auth.users set role = $2 where id = $1', [user.id, newRole]);
    }
    if (params.boolean('email_confirm')) await confirmUser(tx, user);
    if (passwordHash !== undefined) {
      await tx.query('update auth.users set encrypted_password = $2 where id = $1', [
        user.id,
        passwordHash,
      ]);
      await logout(tx, user.id, 'global', null);
    }
    if (email !== '' && email !== (user.email ?? '').toLowerCase()) {
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== user.id) throw emailExists();
      await tx.query('update auth.users set email = $2 where id = $1', [user.id, email]);
      const verified = params.boolean('email_confirm');
      const identity = await tx.query<IdentityRow>(
        "select * from auth.identities where user_id = $1 and provider = 'email'",
        [user.id],
      );
      if (identity.rows.length === 0) await createEmailIdentity(tx, user.id, email);
      await tx.query(
        `update auth.identities
            set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
                updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [user.id, email, verified],
      );
    }
    const appMetadata = params.object('app_metadata');
    if (appMetadata) await updateUserMetadata(tx, user, 'raw_app_meta_data', appMetadata);
    const userMetadata = params.object('user_metadata');
    if (userMetadata) await updateUserMetadata(tx, user, 'raw_user_meta_data', userMetadata);
    if (ban !== undefined) {
      await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, ban]);
    }
    await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
    await audit(tx, adminActor(role), 'user_modified', ip, {
      user_id: user.id,
      user_email: user.email ?? '',
      user_phone: user.phone ?? '',
    });
    return loadUserJson(tx, user.id);
  });
  return c.json(updated);
}

async function deleteUser(svc: AuthService, c: Context, role: string) {
  const id = c.req.param('id') ?? '';
  const params = await readOptionalParams(c);
  const soft = params.boolean('should_soft_delete');
  const ip = svc.client(c).ip;
  await authTx(svc.deps.db, async (tx) => {
    const user = await loadUser(tx, id);
    await audit(tx, adminActor(role), 'user_deleted', ip, {
      user_id: user.id,
      user_email: user.email ?? '',
      user_phone: user.phone ?? '',
    });
    if (!soft) {
      await tx.query('delete from auth.users where id = $1', [user.id]);
      return;
    }
    if (user.deleted_at) return;
    // SoftDeleteUser: the row stays (for foreign keys and audit) but can never sign in again,
    // and its address and identities are freed for a new account.
    await tx.query(
      `update auth.users
          set email = case when email is null then null
                           else encode(sha256(convert_to(id::text || email, 'UTF8')), 'hex') end,
              phone = null, email_change = '', encrypted_password = '', confirmation_token = '',
              recovery_token = '', email_change_token_new = '', email_change_token_current = '',
              raw_user_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
        where id = $1`,
      [user.id],
    );
    await tx.query(
      `update auth.identities
          set provider_id = encode(sha256(convert_to(user_id::text || provider_id, 'UTF8')), 'hex'),
              identity_data = '{}'::jsonb, updated_at = now()
        where user_id = $1`,
      [user.id],
    );
    await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
    await logout(tx, user.id, 'global', null);
  });
  return c.json({});
}

async function listUsers(svc: AuthService, c: Context) {
  const num = (name: string, fallback: number) => {
    const raw = c.req.query(name) ?? '';
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw)) {
      throw AuthError.badRequest(
        'validation_failed',
        `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
      );
    }
    return Number(raw);
  };
  const page = Math.max(1, num('page', 1));
  const perPage = Math.min(1000, Math.max(1, num('per_page', 50)));
  const { users, total } = await authTx(svc.deps.db, async (tx) => {
    const count = await tx.query<{ n: number | string }>('select count(*) as n from auth.users');
    const rows = await tx.query<UserRow>(
      'select * from auth.users order by created_at desc nulls last, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    const ids = rows.rows.map((u) => u.id);
    const identities = ids.length
      ? (
          await tx.query<IdentityRow>(
            'select * from auth.identities where user_id = any($1::uuid[]) order by created_at nulls first, id',
            [ids],
          )
        ).rows
      : [];
    return {
      total: Number(count.rows[0]!.n),
      users: rows.rows.map((u) =>
        userJson(
          u,
          identities.filter((i) => i.user_id === u.id),
        ),
      ),
    };
  });
  // addPaginationHeaders: auth-js reads the page numbers out of these links.
  const totalPages = Math.ceil(total / perPage);
  const link = (p: number) => {
    const q = new URLSearchParams({ page: String(p), per_page: String(perPage) });
    return `<${c.req.path}?${q.toString()}>`;
  };
  let header = '';
  if (totalPages > page) header += `${link(page + 1)}; rel="next", `;
  header += `${link(totalPages)}; rel="last"`;
  c.header('Link', header);
  c.header('X-Total-Count', String(total));
  return c.json({ users, aud: 'authenticated' });
}

const LINK_KINDS: Record<string, EmailKind> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
};

async function generateLink(svc: AuthService, c: Context, role: string) {
  const params = await readParams(c);
  const type = params.string('type');
  const kind = LINK_KINDS[type];
  if (!kind) {
    throw AuthError.badRequest(
      'validation_failed',
      `Invalid email action link type requested: ${type}`,
    );
  }
  const email = validateEmail(params.string('email'));
  const password = passwordOf(params);
  const data = params.object('data') ?? {};
  const bodyRedirect = params.string('redirect_to');
  const redirectTo = referrer(c, svc.deps.config, bodyRedirect || undefined);
  if (kind === 'signup') {
    if (!password) {
      throw AuthError.unprocessable('validation_failed', 'Signup requires a valid password');
    }
    checkPasswordStrength(password, svc.deps.config.auth.minimumPasswordLength);
  }
  const passwordHash = kind === 'signup' && password ? await hashPassword(password) : '';
  const ip = svc.client(c).ip;

  const out = await authTx(svc.deps.db, async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (kind === 'signup' || kind === 'invite') {
      if (user && isConfirmed(user)) throw emailExists();
      if (!user) {
        user = await insertUser(tx, { email, passwordHash, userMetadata: data });
        await createEmailIdentity(tx, user.id, email, data);
        await audit(
          tx,
          adminActor(role),
          kind === 'invite' ? 'user_invited' : 'user_signedup',
          ip,
          { user_id: user.id, user_email: email },
        );
      }
    } else if (!user) {
      throw AuthError.notFound('user_not_found', 'User with this email not found');
    }
    const issued = await issueLink(svc, tx, user, kind, redirectTo);
    return { user: await loadUserJson(tx, user.id), issued };
  });
  return c.json({
    ...out.user,
    action_link: out.issued.link,
    email_otp: out.issued.otp,
    hashed_token: out.issued.hash,
    verification_type: kind,
    redirect_to: out.issued.redirectTo,
  });
}

async function invite(svc: AuthService, c: Context, role: string) {
  const params = await readParams(c);
  const email = validateEmail(params.string('email'));
  const data = params.object('data') ?? {};
  const redirectTo = referrer(c, svc.deps.config);
  const ip = svc.client(c).ip;
  const user = await authTx(svc.deps.db, async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user && isConfirmed(user)) throw emailExists();
    if (!user) {
      user = await insertUser(tx, {
        id: randomUUID(),
        email,
        passwordHash: '',
        userMetadata: data,
      });
      await createEmailIdentity(tx, user.id, email, data);
    }
    await audit(tx, adminActor(role), 'user_invited', ip, { user_id: user.id, user_email: email });
    await sendLink(svc, tx, user, 'invite', redirectTo);
    return loadUserJson(tx, user.id);
  });
  return c.json(user);
}

export function adminRoutes(app: Hono, svc: AuthService) {
  const admin =
    (handler: (svc: AuthService, c: Context, role: string) => Promise<Response>) =>
    async (c: Context) =>
      handler(svc, c, await requireAdmin(svc.deps, c));

  app.get(
    '/admin/users',
    admin((s, c) => listUsers(s, c)),
  );
  app.post('/admin/users', admin(createUser));
  app.get(
    '/admin/users/:id',
    admin(async (s, c) => {
      const id = c.req.param('id') ?? '';
      return c.json(
        await authTx(s.deps.db, async (tx) => loadUserJson(tx, (await loadUser(tx, id)).id)),
      );
    }),
  );
  app.put('/admin/users/:id', admin(updateUser));
  app.delete('/admin/users/:id', admin(deleteUser));
  app.post('/admin/generate_link', admin(generateLink));
  app.post('/invite', admin(invite));
}
