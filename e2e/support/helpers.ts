// Shared steps of the e2e specs. Everything goes through the real app and the real local
// backend; the only interception is fault injection on the network (a failing or slow answer).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEMO_PASSWORD = 'arivia-demo';
export const DEMO = {
  admin: 'admin@arivia.local',
  manager: 'manager@arivia.local',
  housekeeper: 'housekeeper@arivia.local',
  technician: 'technician@arivia.local',
} as const;
export type DemoRole = keyof typeof DEMO;

let counter = 0;
/** An address no other test (or earlier run) uses. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** The toast with this text (a string: contained, a RegExp: matched). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page, text).first()).toBeVisible();
}

/**
 * Signs in through the /auth form. A fresh page opens /auth; otherwise the page must be on its
 * way there (a guard's redirect), which keeps the page it was sent from.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (page.url() === 'about:blank') await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the sign-in project (sign-in.setup.ts) keeps a role's signed-in browser state. */
export function stateFile(role: DemoRole): string {
  const { port } = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4173');
  return path.join(ROOT, '.data', `e2e-auth-${port}`, `${role}.json`);
}

/** What a signed-in user's browser keeps: supabase-js's session and the offline copy of access. */
export const SIGNED_IN_KEYS = /^(sb-.*-auth-token|arivia-ops-offline-auth)$/;

interface SavedState {
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/**
 * Opens `to` signed in as a demo role: the session the sign-in project made once through the
 * form is put in this page's localStorage - as a returning user's browser has it - instead of
 * signing in through the form in every test (the auth specs test the form).
 */
export async function signInAs(page: Page, role: DemoRole, to = '/') {
  const saved = JSON.parse(readFileSync(stateFile(role), 'utf8')) as SavedState;
  // A same-origin address that is not the app: storage is written before the app starts.
  await page.goto('/_health');
  const origin = new URL(page.url()).origin;
  const entries = (saved.origins.find((o) => o.origin === origin)?.localStorage ?? []).filter((e) =>
    SIGNED_IN_KEYS.test(e.name),
  );
  expect(entries.length, `no saved session for ${role}`).toBeGreaterThan(0);
  await page.evaluate((list) => {
    for (const { name, value } of list) localStorage.setItem(name, value);
  }, entries);
  await page.goto(to);
  await expect(page).not.toHaveURL(/\/auth(\?.*)?$/);
  await expect(page.getByText('Loading...')).toHaveCount(0);
  // The screen is drawn, not only the frame (which commits first: app-layout.tsx).
  await expect(page.locator('#root [data-loading]')).toHaveCount(0);
  // ...and shown: boot.js's painted frame has given way to it (src/boot.js).
  await expect(page.locator('html')).not.toHaveClass(/boot-kept/);
}

async function authFetch(
  request: APIRequestContext,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await request.post(path, {
    headers: { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json' },
    data: body,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${JSON.stringify(json)}`);
  return json;
}

/** Creates an account through the auth API (no role: it waits for access). */
export async function createAccount(
  request: APIRequestContext,
  opts: { email?: string; password?: string; fullName?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret-pass-1';
  const json = await authFetch(request, '/auth/v1/signup', {
    email,
    password,
    data: { full_name: opts.fullName ?? 'Test Person' },
  });
  const user = (json.user ?? json) as { id: string };
  return { email, password, id: user.id };
}

export async function accessToken(request: APIRequestContext, email: string, password: string) {
  const json = await authFetch(request, '/auth/v1/token?grant_type=password', { email, password });
  return json.access_token as string;
}

/** PostgREST as a signed-in user (admins manage roles and overrides this way). */
export async function rest(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/rest/v1/${path}`, {
    method,
    headers: {
      apikey: PUBLISHABLE_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    data,
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * Holds the app's entry script until `release()`: the page as the HTML and src/boot.js draw
 * it, before React (docs/architecture.md "Loading: the first paint").
 */
export async function holdEntry(page: Page): Promise<() => void> {
  const html = await (await page.request.get('/auth')).text();
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the entry script in the HTML').toBeTruthy();
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** As admin: give `userId` a role, and optionally per-user permission overrides. */
export async function grantAs(
  request: APIRequestContext,
  userId: string,
  role: string,
  overrides: Record<string, boolean> = {},
) {
  const token = await accessToken(request, DEMO.admin, DEMO_PASSWORD);
  const roles = (await rest(request, token, 'GET', `roles?select=id&name=eq.${role}`)) as {
    id: string;
  }[];
  await rest(request, token, 'POST', 'user_roles', { user_id: userId, role_id: roles[0]!.id });
  for (const [permission_key, granted] of Object.entries(overrides)) {
    await rest(request, token, 'POST', 'custom_permissions', {
      user_id: userId,
      permission_key,
      granted,
    });
  }
}

export interface OutboxMail {
  recipient: string;
  kind: string;
  subject: string;
  link: string | null;
}

/** The e-mails the backend would have sent to this address (loopback-only dev route). */
export async function outbox(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const res = await request.get(`/_dev/outbox?email=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as OutboxMail[];
}
