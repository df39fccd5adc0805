// One-time e-mail links on a user row: which column holds the token and when it was sent, as
// GoTrue's sendConfirmation / sendPasswordRecovery / sendMagicLink / sendEmailChange set them.
import type { Queryable } from '../db/types.ts';
import {
  generateOtp,
  storeOneTimeToken,
  tokenHash,
  verifyLink,
  writeOutbox,
  type EmailKind,
} from './mail.ts';
import type { AuthService } from './service.ts';
import type { UserRow } from './store.ts';

export interface IssuedLink {
  kind: EmailKind;
  otp: string;
  /** sha224(email + otp), the token of the link (GoTrue's hashed_token). */
  hash: string;
  link: string;
  recipient: string;
  redirectTo: string;
}

export const PKCE_PREFIX = 'pkce_';

export async function issueLink(
  svc: AuthService,
  tx: Queryable,
  user: UserRow,
  kind: EmailKind,
  redirectTo: string,
  opts: { newEmail?: string; pkce?: boolean } = {},
): Promise<IssuedLink> {
  const recipient = kind === 'email_change' ? (opts.newEmail ?? '') : (user.email ?? '');
  const otp = generateOtp(svc.settings.otpLength);
  const hash = tokenHash(recipient, otp);
  const stored = opts.pkce ? PKCE_PREFIX + hash : hash;
  switch (kind) {
    case 'signup':
    case 'invite':
      await tx.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
                invited_at = case when $3 then now() else invited_at end
          where id = $1`,
        [user.id, stored, kind === 'invite'],
      );
      break;
    case 'recovery':
    case 'magiclink':
      await tx.query(
        'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1',
        [user.id, stored],
      );
      break;
    case 'email_change':
      await tx.query(
        `update auth.users set email_change = $2, email_change_token_new = $3,
                email_change_sent_at = now(), email_change_confirm_status = 0
          where id = $1`,
        [user.id, recipient, stored],
      );
      break;
  }
  await storeOneTimeToken(tx, user.id, kind, stored, recipient);
  return {
    kind,
    otp,
    hash,
    link: verifyLink(svc.deps.config, stored, kind, redirectTo),
    recipient,
    redirectTo,
  };
}

/** Issues the link and writes the e-mail that carries it. */
export async function sendLink(
  svc: AuthService,
  tx: Queryable,
  user: UserRow,
  kind: EmailKind,
  redirectTo: string,
  opts: { newEmail?: string; pkce?: boolean } = {},
): Promise<IssuedLink> {
  svc.takeEmailBudget();
  const issued = await issueLink(svc, tx, user, kind, redirectTo, opts);
  await writeOutbox(tx, { recipient: issued.recipient, kind, link: issued.link, otp: issued.otp });
  return issued;
}
