// What the offline soaks share (bench/offline-checklist.ts, bench/offline-inventory.ts): the
// backend with the service key, a page signed in through /auth with the service worker in control,
// a queued call as the app's sync engine takes it, and the page's queue read back.
import type { Page } from '@playwright/test';
import { WELL_KNOWN } from '../server/gateway/config.ts';

const SERVICE = WELL_KNOWN.serviceRoleKey;
export const PUBLISHABLE = WELL_KNOWN.publishableKey;
export const DEMO_PASSWORD = 'arivia-demo';

export interface ServiceApi {
  svc<T>(method: string, query: string, body?: unknown): Promise<T>;
  /** Rows whose column is in a list, in slices small enough for the API's 1,000-row cap. */
  svcIn<T>(
    table: string,
    select: string,
    column: string,
    ids: string[],
    per?: number,
  ): Promise<T[]>;
}

export function serviceApi(origin: string): ServiceApi {
  async function svc<T>(method: string, query: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin}/rest/v1/${query}`, {
      method,
      headers: {
        apikey: SERVICE,
        Authorization: `Bearer ${SERVICE}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${query}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  async function svcIn<T>(table: string, select: string, column: string, ids: string[], per = 60) {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += per) {
      const slice = ids.slice(i, i + per);
      if (slice.length)
        out.push(
          ...(await svc<T[]>(
            'GET',
            `${table}?select=${select}&${column}=in.(${slice.join(',')})&limit=100000`,
          )),
        );
    }
    return out;
  }
  return { svc, svcIn };
}

/** A demo user's access token and id, signed in with the password. */
export async function signIn(
  origin: string,
  email: string,
): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: PUBLISHABLE, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** Signs the page in through /auth and waits until the service worker controls it. */
export async function signInPage(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
  });
}

/** A call of a database function as the sync engine queues it (src/offline/write.ts `Write`). */
export function rpcWrite(
  fn: string,
  body: Record<string, unknown>,
  label: string,
  rowId: string,
  mutationId?: string,
) {
  return {
    target: { kind: 'rpc' as const, name: fn, rowId },
    label,
    method: 'POST' as const,
    path: `/rest/v1/rpc/${fn}`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    values: body,
    ...(mutationId ? { mutationId } : {}),
  };
}

export interface PageEntry {
  id?: number;
  mutationId: string;
  label: string;
  status: string;
  lastError: { code?: string; message?: string } | null;
}

/** The page's sync queue as it stands. */
export function entries(page: Page): Promise<PageEntry[]> {
  return page.evaluate(async () =>
    (await window.__ariviaBench!.listEntries()).map((e) => ({
      id: e.id,
      mutationId: e.mutationId,
      label: e.label,
      status: e.status,
      lastError: e.lastError ? { code: e.lastError.code, message: e.lastError.message } : null,
    })),
  );
}

/** Waits until nothing in the page's queue is pending; false when `timeoutMs` passed first. */
export function waitDrained(page: Page, timeoutMs: number): Promise<boolean> {
  return page.evaluate(async (timeoutMs) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const all = await window.__ariviaBench!.listEntries();
      if (all.every((e) => e.status !== 'pending')) return true;
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, timeoutMs);
}
