// E-mailed links and codes. Hosted Supabase sends them by SMTP; here every message lands in
// auth.outbox, where the tests and a developer (GET /_dev/outbox on loopback) read it.
// Tokens follow GoTrue (internal/api/mail.go, crypto.GenerateTokenHash): a numeric code is
// e-mailed, and the link carries sha224(email + code), which is what the user row stores.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { ServerConfig } from '../gateway/config.ts';

export type EmailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

const TOKEN_TYPES: Record<EmailKind, string> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
  email_change: 'email_change_token_new',
};

const SUBJECTS: Record<EmailKind, string> = {
  signup: 'Confirm Your Signup',
  invite: 'You have been invited',
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link',
  email_change: 'Confirm Email Change',
};

const INTROS: Record<EmailKind, string> = {
  signup: 'Follow this link to confirm your user:',
  invite: 'You have been invited to create a user. Follow this link to accept the invite:',
  recovery: 'Follow this link to reset the password for your user:',
  magiclink: 'Follow this link to login:',
  email_change: 'Follow this link to confirm the update of your email:',
};

export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

export const tokenHash = (emailOrPhone: string, otp: string) =>
  createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');

/** `${publicUrl}/auth/v1/verify?token=…&type=…&redirect_to=…`, GoTrue's getPath order. */
export function verifyLink(
  config: ServerConfig,
  hash: string,
  type: EmailKind,
  redirectTo: string,
): string {
  const q = new URLSearchParams();
  q.set('token', hash);
  q.set('type', type);
  q.set('redirect_to', redirectTo);
  return `${config.publicUrl}/auth/v1/verify?${q.toString()}`;
}

/** Keeps auth.one_time_tokens in step with the user row, as GoTrue does. */
export async function storeOneTimeToken(
  tx: Queryable,
  userId: string,
  kind: EmailKind,
  hash: string,
  relatesTo: string,
): Promise<void> {
  const type = TOKEN_TYPES[kind];
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    userId,
    type,
  ]);
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

export async function writeOutbox(
  tx: Queryable,
  message: { recipient: string; kind: EmailKind; link: string; otp: string },
): Promise<void> {
  const body = `${INTROS[message.kind]}\n${message.link}\n\nAlternatively, enter the code: ${message.otp}\n`;
  await tx.query(
    'insert into auth.outbox (recipient, kind, subject, body, link) values ($1, $2, $3, $4, $5)',
    [message.recipient, message.kind, SUBJECTS[message.kind], body, message.link],
  );
}
