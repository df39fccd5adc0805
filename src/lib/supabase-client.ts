// Lazy access to the supabase-js client for the app shell (auth state, sign-in, sign-up, reset,
// sign-out): no screen waits for supabase-js (~48 KB brotli) to render. With a stored session it
// loads at once, in parallel with the first screen; without one (a visitor of /auth) it loads when
// something first needs it - the visitor starting on a form (preloadSupabase), a sign-in in another
// tab - and is then shared by every caller.
import { AUTH_STORAGE_KEY } from './app-env';
import { initialAuthRedirect } from './initial-auth-redirect';
import type { AppSupabaseClient } from './supabase';

let client: Promise<AppSupabaseClient> | null = null;
let markRequested: () => void = () => undefined;
const requested = new Promise<void>((resolve) => {
  markRequested = resolve;
});

export function getSupabase(): Promise<AppSupabaseClient> {
  markRequested();
  client ??= import('./supabase').then((m) => m.supabase);
  return client;
}

/** Starts loading the client ahead of a call that will need it (a form being filled in). */
export function preloadSupabase(): void {
  void getSupabase().catch(() => undefined);
}

/**
 * Resolves once anything has asked for the client (the auth state then subscribes to it), or
 * another tab has changed the stored session: supabase-js is not loaded here to hear that itself.
 */
export function whenSupabaseRequested(): Promise<void> {
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_STORAGE_KEY) preloadSupabase();
  };
  window.addEventListener('storage', onStorage);
  return requested.finally(() => window.removeEventListener('storage', onStorage));
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
