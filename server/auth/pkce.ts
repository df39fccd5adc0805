// The PKCE flow for e-mail links (supabase-js with flowType 'pkce'): the request that sends a
// link also stores a code challenge (auth.flow_state); /verify then redirects with ?code=…,
// which POST /token?grant_type=pkce trades for a session when the code verifier matches.
// Follows GoTrue's models/flow_state.go and api/pkce.go.
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import type { Params } from './request.ts';
import type { AuthService } from './service.ts';
import { audit, actorOf, authTx, findUserById } from './store.ts';
import { issueSession, type AuthMethod, type SessionResponse } from './sessions.ts';

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** Flow states older than this cannot be exchanged (GoTrue's FlowStateExpiryDuration). */
const FLOW_STATE_TTL_MS = 300_000;

/** validatePKCEParams: both or neither; returns null for the implicit flow. */
export function pkceFrom(params: Params): PkceChallenge | null {
  const challenge = params.string('code_challenge');
  const method = params.string('code_challenge_method');
  if (challenge === '' && method === '') return null;
  if (challenge === '' || method === '') {
    throw AuthError.badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw AuthError.badRequest(
      'validation_failed',
      'code challenge has to be between 43 and 128 characters',
    );
  }
  if (!/^[a-zA-Z0-9\-._~]+$/.test(challenge)) {
    throw AuthError.badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') {
    throw AuthError.badRequest(
      'validation_failed',
      "unsupported code_challenge_method, supported methods are 'plain' or 's256'",
    );
  }
  return { challenge, method: m };
}

export async function createFlowState(
  tx: Queryable,
  userId: string,
  pkce: PkceChallenge,
  method: AuthMethod,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
                                  provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

/** The auth code a verified PKCE link hands to the browser (issueAuthCode). */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
): Promise<string> {
  const r = await tx.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state
      where user_id = $1 and authentication_method = $2
      order by created_at desc limit 1`,
    [userId, method],
  );
  const flow = r.rows[0];
  if (!flow) {
    throw AuthError.badRequest('flow_state_not_found', 'No associated flow state found.');
  }
  await tx.query(
    'update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1',
    [flow.id],
  );
  return flow.auth_code;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  created_at: Date;
}

export async function pkceGrant(
  svc: AuthService,
  params: Params,
  client: { ip: string; userAgent: string },
): Promise<SessionResponse> {
  const authCode = params.string('auth_code');
  const verifier = params.string('code_verifier');
  if (authCode === '' || verifier === '') {
    throw AuthError.badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  return authTx(svc.deps.db, async (tx) => {
    const flow = (
      await tx.query<FlowStateRow>(
        `select id, user_id, code_challenge_method, code_challenge, authentication_method, created_at
           from auth.flow_state where auth_code = $1 for update`,
        [authCode],
      )
    ).rows[0];
    if (!flow || !flow.user_id) {
      throw AuthError.notFound(
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      );
    }
    if (flow.created_at.getTime() + FLOW_STATE_TTL_MS < Date.now()) {
      throw AuthError.unprocessable(
        'flow_state_expired',
        'invalid flow state, flow state has expired',
      );
    }
    const computed =
      flow.code_challenge_method === 's256'
        ? createHash('sha256').update(verifier).digest('base64url')
        : verifier;
    if (computed !== flow.code_challenge) {
      throw AuthError.badRequest(
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw AuthError.notFound('user_not_found', 'User not found');
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    await audit(tx, actorOf(user), 'login', client.ip, { provider_type: 'email' });
    return issueSession(svc.deps, tx, user, flow.authentication_method as AuthMethod, client);
  });
}
