// supabase-js clients inside a function: one acting as the caller (their JWT, so RLS applies) and
// one with the service role, which bypasses RLS and may call the auth admin API. The service
// client is only ever used after the caller's rights were checked.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function callerClient(req: Request): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), options);
}
