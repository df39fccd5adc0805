// Starts a backend of our own on any Supabase project folder (in-memory PGlite, or a fresh
// database on the PostgreSQL server named by TEST_DATABASE_URL), for suites that need a schema of
// their own rather than the app's. Also proves the backend serves any project folder.
import path from 'node:path';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from '../../../server/app.ts';
import { freshDatabase } from '../../../scripts/pg-cluster.mjs';
import { REPO_ROOT, WELL_KNOWN } from '../../../server/gateway/config.ts';

export interface FixtureServer {
  url: string;
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * A fixture folder under tests/fixtures (e.g. 'rest-project'), or any absolute path; `env` holds
 * the server settings read from the environment (e.g. PGRST_DB_PLAN_ENABLED), none by default.
 */
export async function startFixtureServer(
  fixture: string,
  env: NodeJS.ProcessEnv = {},
): Promise<FixtureServer> {
  const workdir = path.isAbsolute(fixture)
    ? fixture
    : path.join(REPO_ROOT, 'tests', 'fixtures', fixture);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const fresh = adminUrl ? await freshDatabase(adminUrl, 'arivia_fixture') : undefined;
  try {
    const server = await startServer({
      workdir,
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      databaseUrl: fresh?.url,
      env,
    });
    return {
      url: server.url,
      server,
      async stop() {
        await server.close();
        await fresh?.drop();
      },
    };
  } catch (e) {
    await fresh?.drop();
    throw e;
  }
}

const secret = new TextEncoder().encode(WELL_KNOWN.jwtSecret);

/** A JWT signed with the local secret, as GoTrue would issue it (claims can be overridden). */
export async function mintJwt(
  claims: Record<string, unknown>,
  expiresInSeconds = 3600,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: 'authenticated', role: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secret);
}

// Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
const noSession = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

/** supabase-js with the anon key, optionally carrying a user's JWT. */
export function anonClient(url: string, accessToken?: string): SupabaseClient {
  return createClient(url, WELL_KNOWN.anonKey, {
    ...noSession,
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

/** supabase-js with the service_role key (bypasses RLS). */
export function serviceClient(url: string): SupabaseClient {
  return createClient(url, WELL_KNOWN.serviceRoleKey, noSession);
}

/** The headers supabase-js sends, for raw fetch() calls that probe what it cannot send. */
export function restHeaders(extra: Record<string, string> = {}, key: string = WELL_KNOWN.anonKey) {
  return { apikey: key, Authorization: `Bearer ${key}`, ...extra };
}
