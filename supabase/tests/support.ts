// Shared pieces of the RLS suites: supabase-js clients against the test backend, the demo accounts
// of seed.sql, and throwaway users holding one role each (so the suites never edit the demo data).
import {
  createClient,
  type PostgrestError,
  type RealtimeClientOptions,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { WELL_KNOWN } from '../../server/gateway/config.ts';
import type { Database } from '../../src/lib/database.types.ts';

export type Client = SupabaseClient<Database>;
export type RoleName = 'admin' | 'manager' | 'housekeeper' | 'technician';

export const DEMO_PASSWORD = 'arivia-demo';
export const DEMO: Record<RoleName, { id: string; email: string; fullName: string }> = {
  admin: {
    id: 'a11ce000-0000-4000-8000-000000000001',
    email: 'admin@arivia.local',
    fullName: 'Eleni Papadaki',
  },
  manager: {
    id: 'a11ce000-0000-4000-8000-000000000002',
    email: 'manager@arivia.local',
    fullName: 'Nikos Vlachos',
  },
  housekeeper: {
    id: 'a11ce000-0000-4000-8000-000000000003',
    email: 'housekeeper@arivia.local',
    fullName: 'Maria Kritikou',
  },
  technician: {
    id: 'a11ce000-0000-4000-8000-000000000004',
    email: 'technician@arivia.local',
    fullName: 'Giorgos Markakis',
  },
};

// ws stands in for the WebSocket Node 20 lacks (supabase-js builds its realtime client eagerly).
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // ws's constructor type differs from the DOM-shaped one supabase-js declares; it works the same.
  realtime: { transport: WebSocket as unknown as RealtimeClientOptions['transport'] },
};

export function anonClient(): Client {
  return createClient<Database>(inject('apiUrl'), WELL_KNOWN.anonKey, clientOptions);
}

/** Bypasses RLS: fixtures and checks of what really is in the database. */
export function serviceClient(): Client {
  return createClient<Database>(inject('apiUrl'), WELL_KNOWN.serviceRoleKey, clientOptions);
}

export async function signIn(email: string, password: string): Promise<Client> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return client;
}

export interface TestUser {
  id: string;
  email: string;
  fullName: string;
  client: Client;
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@rls.test`;
}

/** A confirmed user made through the auth admin API, holding `roles`, signed in. */
export async function createUser(
  label: string,
  roles: RoleName[] = [],
  fullName = `Test ${label}`,
): Promise<TestUser> {
  const service = serviceClient();
  const email = uniqueEmail(label);
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error || !data.user) throw new Error(`createUser ${label}: ${error?.message}`);
  const id = data.user.id;
  if (roles.length > 0) {
    const { data: found, error: rolesError } = await service
      .from('roles')
      .select('id, name')
      .in('name', roles);
    if (rolesError) throw new Error(rolesError.message);
    const { error: assignError } = await service
      .from('user_roles')
      .insert((found ?? []).map((r) => ({ user_id: id, role_id: r.id })));
    if (assignError) throw new Error(assignError.message);
  }
  return { id, email, fullName, client: await signIn(email, password) };
}

export async function deleteUsers(users: (TestUser | undefined)[]) {
  const service = serviceClient();
  for (const u of users) if (u) await service.auth.admin.deleteUser(u.id);
}

export async function roleId(name: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('roles')
    .select('id')
    .eq('name', name)
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

/**
 * How the API answered a request: `ok` (rows came back), `none` (no error, no rows: RLS filtered
 * them) or `denied` (42501: no privilege, or a row RLS or a guard refused).
 */
export type Outcome = 'ok' | 'none' | 'denied';

export function outcome(res: { error: PostgrestError | null; data: unknown[] | null }): Outcome {
  if (res.error) {
    if (res.error.code === '42501') return 'denied';
    throw new Error(`unexpected error ${res.error.code}: ${res.error.message}`);
  }
  return res.data && res.data.length > 0 ? 'ok' : 'none';
}

/** A refusal is an error with 42501 or nothing touched. */
export const refused = (o: Outcome) => o === 'denied' || o === 'none';

export function unique(label: string) {
  return `${label}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
