// Shared pieces of the auth suites: supabase-js clients against a real backend over HTTP, raw
// requests for checking wire formats, the dev outbox, and extra backends started from the
// fixture projects under tests/fixtures/auth-project (their config.toml sets what the main
// project cannot: a 1-second reuse interval, e-mail confirmations, tight rate limits).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import path from 'node:path';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../server/app.ts';
import { REPO_ROOT, WELL_KNOWN } from '../../server/gateway/config.ts';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';

export const ANON_KEY: string = WELL_KNOWN.anonKey;
export const SERVICE_KEY: string = WELL_KNOWN.serviceRoleKey;
export const JWT_SECRET: string = WELL_KNOWN.jwtSecret;

export const mainUrl = () => inject('apiUrl');

/** supabase-js as an app uses it, minus storage and timers; ws stands in for Node 20's missing WebSocket. */
export function client(
  url = mainUrl(),
  key = ANON_KEY,
  auth: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...auth },
    realtime: { transport: WebSocket as never },
    global: { headers },
  });
}

/**
 * A client that stands for another address: the fixture backends (startFixture) trust
 * X-Forwarded-For from loopback and 10.0.0.0/8 (TRUSTED_PROXIES), as if behind a local proxy.
 */
export const clientFrom = (ip: string, url = mainUrl()) =>
  client(url, ANON_KEY, {}, { 'x-forwarded-for': ip });

export const adminClient = (url = mainUrl()) => client(url, SERVICE_KEY);

export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@auth.test`;
}

export const PASSWORD = 'correct-horse-1';

/** A confirmed user created with the admin API, plus a signed-in client. */
export async function newUser(label: string, url = mainUrl(), data: Record<string, unknown> = {}) {
  const email = uniqueEmail(label);
  const { data: created, error } = await adminClient(url).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: data,
  });
  if (error || !created.user) throw new Error(`createUser failed: ${error?.message}`);
  return { id: created.user.id, email };
}

export async function signIn(email: string, password = PASSWORD, url = mainUrl()) {
  const sb = client(url);
  const { data, error } = await sb.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return { sb, session: data.session };
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/**
 * A request as supabase-js sends it (anon key, X-Supabase-Api-Version 2024-01-01, so errors are
 * `{code, message}`) unless told otherwise; `apiVersion: null` gets GoTrue's legacy shape.
 */
export async function raw(
  pathAndQuery: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    bearer?: string;
    apikey?: string | null;
    apiVersion?: string | null;
    url?: string;
  } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.apiVersion !== null) headers['x-supabase-api-version'] = init.apiVersion ?? '2024-01-01';
  Object.assign(headers, init.headers);
  if (init.apikey !== null) headers.apikey = init.apikey ?? ANON_KEY;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${init.url ?? mainUrl()}/auth/v1${pathAndQuery}`, {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  return { status: res.status, headers: res.headers, body, text };
}

export interface OutboxMessage {
  id: number;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
}

export async function outbox(email: string, url = mainUrl()): Promise<OutboxMessage[]> {
  const res = await fetch(`${url}/_dev/outbox?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`outbox: ${res.status}`);
  return (await res.json()) as OutboxMessage[];
}

export async function lastMail(email: string, url = mainUrl()): Promise<OutboxMessage> {
  const all = await outbox(email, url);
  const last = all.at(-1);
  if (!last) throw new Error(`no mail for ${email}`);
  return last;
}

/** Follows an e-mail link the way a browser would, stopping at the redirect. */
export async function openLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`expected 303 from ${link}, got ${res.status}`);
  return new URL(res.headers.get('location')!);
}

export const fragment = (u: URL) => new URLSearchParams(u.hash.slice(1));

export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function decodeJwtHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

export interface FixtureServer {
  url: string;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * A backend for a fixture project: in-memory PGlite, or a fresh database on the PostgreSQL server
 * of TEST_DATABASE_URL so the fixture suites also run on PostgreSQL 15.
 */
export async function startFixture(
  name: string,
  env: NodeJS.ProcessEnv = {},
): Promise<FixtureServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const fresh = adminUrl ? await freshDatabase(adminUrl, `arivia_auth_${name}`) : undefined;
  const server = await startServer({
    workdir: path.join(REPO_ROOT, 'tests', 'fixtures', 'auth-project', name),
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: fresh?.url,
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1, 10.0.0.0/8', ...env },
  });
  return {
    url: server.url,
    server,
    async close() {
      await server.close();
      await fresh?.drop();
    },
  };
}
