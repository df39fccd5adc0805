// The one supabase-js client, typed with the generated database types. Area screens (lazy chunks)
// import it directly; code on the sign-in screen's critical path goes through getSupabase()
// (supabase-client.ts) so supabase-js loads right after the first paint instead of before it.
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { AUTH_STORAGE_KEY, env } from './app-env';

export const supabase = createClient<Database>(env.supabaseUrl, env.supabasePublishableKey, {
  // postgrest-js would retry a failed read 3 times over 7 s before answering; TanStack Query
  // already retries reads (query-client.ts), and offline the areas answer from this device's copy
  // at once instead of after a long spinner. Writes never retried here: the sync queue does that.
  db: { retry: false },
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storage: window.localStorage,
    storageKey: AUTH_STORAGE_KEY,
  },
});

export type AppSupabaseClient = typeof supabase;
export type Profile = Database['public']['Tables']['profiles']['Row'];
export type ProfileUpdate = Database['public']['Tables']['profiles']['Update'];
