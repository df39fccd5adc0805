// Lazy access to the supabase-js client for the app shell (auth state, sign-in, sign-up, reset,
// sign-out): the sign-in screen renders without waiting for supabase-js (~60 KB gzip), which
// loads in parallel and is then shared by every caller.
import type { AppSupabaseClient } from './supabase';

let client: Promise<AppSupabaseClient> | null = null;

export function getSupabase(): Promise<AppSupabaseClient> {
  client ??= import('./supabase').then((m) => m.supabase);
  return client;
}
