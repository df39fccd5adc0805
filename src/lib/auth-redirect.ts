// What an auth e-mail link brought back in the URL (GoTrue's implicit-flow fragment or query):
// `#access_token=…&type=recovery`, or `#error=access_denied&error_code=otp_expired&…` when the
// link is expired or already used. Read once at start-up, before supabase-js consumes the
// fragment, so the reset-password screen can tell what happened.

export interface AuthRedirect {
  type: string | null;
  error: string | null;
  errorCode: string | null;
  errorDescription: string | null;
}

export function parseAuthRedirect(hash: string, search = ''): AuthRedirect {
  const fromHash = new URLSearchParams(hash.replace(/^#/, ''));
  const fromQuery = new URLSearchParams(search.replace(/^\?/, ''));
  const get = (k: string) => fromHash.get(k) ?? fromQuery.get(k);
  return {
    type: get('type'),
    error: get('error'),
    errorCode: get('error_code'),
    errorDescription: get('error_description'),
  };
}

/** Did the link fail because it expired or was already used? */
export function isExpiredLink(r: AuthRedirect): boolean {
  return r.errorCode === 'otp_expired' || (r.error === 'access_denied' && r.errorCode !== null);
}
