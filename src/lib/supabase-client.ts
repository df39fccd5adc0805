// Lazy access to the supabase-js client for the app shell (auth state, sign-in, sign-up, reset,
// sign-out): the sign-in screen renders without waiting for supabase-js (~56 KB gzip), which
// loads in parallel - or, for a visitor with no session, once the first screen is up - and is
// then shared by every caller.
import { AUTH_STORAGE_KEY } from './app-env';
import { initialAuthRedirect } from './initial-auth-redirect';
import type { AppSupabaseClient } from './supabase';

let client: Promise<AppSupabaseClient> | null = null;

export function getSupabase(): Promise<AppSupabaseClient> {
  client ??= import('./supabase').then((m) => m.supabase);
  return client;
}

/**
 * Could the page have a session? Only if one is stored, or the URL carries an auth answer (an
 * e-mail link). Without either, supabase-js would report "no session" - the app can say so at
 * once instead of waiting for it to load.
 */
export function mayHaveSession(): boolean {
  const r = initialAuthRedirect;
  if (r.type || r.error || new URLSearchParams(window.location.search).has('code')) return true;
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}
