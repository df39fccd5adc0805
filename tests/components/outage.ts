// An outage a component test makes for the app (docs/testing.md): while it lasts, the app's
// requests to the backend fail as with no network and the browser says it is offline, while
// `service` (the office's view, with the service role) still reaches the backend.
import { createClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { reportOffline } from './render-route';

const apiUrl = inject('apiUrl');
const realFetch = globalThis.fetch.bind(globalThis);

export const service = createClient(apiUrl, inject('serviceRoleKey'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: { fetch: (...a: Parameters<typeof fetch>) => realFetch(...a) },
});

let restore: (() => void) | null = null;

/** Puts the app's fetch in front of the backend (once per test file, at its top). */
export function withOutages(): void {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (restore !== null && url.startsWith(apiUrl)) throw new TypeError('Failed to fetch');
    return realFetch(input, init);
  };
}

/** The backend out of reach for the app, and the browser offline. */
export function goOffline(): void {
  restore = reportOffline();
}

/** The outage over: the browser online again (its `online` event fires). */
export function backOnline(): void {
  const r = restore;
  restore = null;
  r?.();
}

/** The app's fetch as it was (after the file's tests). */
export function endOutages(): void {
  backOnline();
  globalThis.fetch = realFetch;
}
