// Steps of the offline matrix (e2e/offline.spec.ts, docs/offline.md "How it is proven"): a PWA profile
// of its own with the service worker in control, a fresh manager per test, the app's sync-queue
// as IndexedDB holds it, what was delivered on the wire, and the server's own count of rows and
// mutation ids read with the service role.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { fillDateTime } from './date-field';
import { DEMO_PASSWORD, expectToast, signIn, uniqueEmail } from './helpers';
import { waitForController } from './pwa';

/** The Supabase CLI's well-known local service_role key (server/gateway/config.ts WELL_KNOWN). */
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const QUEUED = 'Saved on this phone — will sync.';
export const OFFLINE_TEXT = "You're offline. Changes will sync when connection is restored.";
export const STORAGE_KEY = 'sb-arivia-ops-auth-token';

/** The config's baseURL (not applied to persistent contexts). */
export function baseURLOf(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('No baseURL in the Playwright project');
  return url;
}

let tags = 0;
/**
 * A villa-code prefix no other test or run uses, e.g. `ZOF-K3J9Z1-1`. The villas are named after
 * it, so 'Z' sorts them after the seeded villas: other specs expect those on the list's first page.
 */
export function uniqueCode(): string {
  tags += 1;
  return `ZOF-${Date.now().toString(36).toUpperCase()}${process.pid.toString(36).toUpperCase()}-${tags}`;
}

const SERVICE_TIMEOUT_MS = 15_000;

/** The backend as the service role (bypasses RLS; no X-Mutation-Id, so never recorded). */
export async function service<T = unknown>(
  baseURL: string,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const send = () =>
    fetch(`${baseURL}${urlPath}`, {
      method,
      headers: {
        apikey: SERVICE_KEY,
        Authorization: `Bearer ${SERVICE_KEY}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
  let res: Response;
  try {
    res = await send();
  } catch (e) {
    // Once, in a full parallel run, a setup request got no answer for 80 s. A request that sets
    // absolute values may simply go again; a POST (a new row) may not.
    if (method === 'POST') throw e;
    console.warn(`service ${method} ${urlPath}: ${String(e)}; sending it again`);
    res = await send();
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface Account {
  id: string;
  email: string;
  password: string;
}

/** A confirmed account with the manager role, made through the admin API: one per test. */
export function createManager(baseURL: string): Promise<Account> {
  return createStaff(baseURL, 'manager', { fullName: 'Offline Tester' });
}

/** A confirmed account with a role (and a language, when given), made through the admin API. */
export async function createStaff(
  baseURL: string,
  roleName: 'manager' | 'housekeeper' | 'technician',
  opts: { fullName: string; language?: string },
): Promise<Account> {
  const email = uniqueEmail('offline');
  const password = DEMO_PASSWORD;
  const user = await service<{ id: string }>(baseURL, 'POST', '/auth/v1/admin/users', {
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: opts.fullName },
  });
  const [role] = await service<{ id: string }[]>(
    baseURL,
    'GET',
    `/rest/v1/roles?select=id&name=eq.${roleName}`,
  );
  await service(baseURL, 'POST', '/rest/v1/user_roles', { user_id: user.id, role_id: role!.id });
  if (opts.language)
    await service(baseURL, 'PATCH', `/rest/v1/profiles?id=eq.${user.id}`, {
      language: opts.language,
    });
  return { id: user.id, email, password };
}

export interface Pwa {
  context: BrowserContext;
  page: Page;
  dir: string;
  baseURL: string;
  close(keepProfile?: boolean): Promise<void>;
}

export const PWA_ARGS = CHROMIUM_ARGS;

/**
 * A persistent profile (service workers, Background Sync and storage as an installed app has
 * them). `offline` sets the context offline before anything is loaded.
 */
export async function launchPwa(
  baseURL: string,
  opts: { dir?: string; offline?: boolean } = {},
): Promise<Pwa> {
  const dir = opts.dir ?? mkdtempSync(path.join(tmpdir(), 'arivia-offline-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: PWA_ARGS,
    baseURL,
    timezoneId: 'UTC',
    // The test runner lends its `use` defaults to this launch too, and the config blocks workers.
    serviceWorkers: 'allow',
  });
  if (opts.offline) await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    dir,
    baseURL,
    async close(keepProfile = false) {
      await context.close().catch(() => undefined);
      if (!keepProfile) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in on /properties and waits for the worker to control the page and the list to load. */
export async function signInPwa(page: Page, account: Account): Promise<void> {
  await page.goto('/properties');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await waitForController(page);
  // The list as read online is mirrored: offline it answers from the device.
  await expectListLoaded(page);
}

/** The list has its first page (other tests' villas may come before the seeded ones). */
export async function expectListLoaded(page: Page): Promise<void> {
  await expect(page.getByText(/^Showing 1–\d+ of \d+ propert/)).toBeVisible();
}

export interface StoredEntry {
  id: number;
  mutationId: string;
  method: string;
  url: string;
  userId: string;
  status: 'pending' | 'rejected' | 'needs-login';
  attempts: number;
  label: string;
  target: { kind: string; name: string; rowId?: string; op?: string };
  lastError: { status?: number; code?: string; message: string } | null;
}

/** The app's sync-queue store as it is now, oldest first (no bodies). */
export function queueEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open('arivia-ops', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('sync-queue').objectStore('sync-queue').getAll();
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            open.result.close();
            resolve(
              (req.result as (StoredEntry & { body?: unknown })[]).map(
                ({ body: _b, ...e }) => e as StoredEntry,
              ),
            );
          };
        };
      }),
  );
}

/** Waits until the queue holds nothing but `rejected` (or other non-pending) entries. */
export async function waitForDrain(page: Page, timeout = 30_000): Promise<StoredEntry[]> {
  await expect
    .poll(async () => (await queueEntries(page)).filter((e) => e.status === 'pending').length, {
      timeout,
      message: 'queued writes still pending',
    })
    .toBe(0);
  return queueEntries(page);
}

/** How many times each mutation id went out on the wire (page and worker requests alike). */
export function watchDeliveries(context: BrowserContext) {
  const deliveries = new Map<string, number>();
  /** Write requests in the order they were sent: method, path and mutation id. */
  const log: { method: string; path: string; mutationId: string; fromWorker: boolean }[] = [];
  context.on('request', (req) => {
    const id = req.headers()['x-mutation-id'];
    if (!id) return;
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    const url = new URL(req.url());
    log.push({
      method: req.method(),
      path: url.pathname + url.search,
      mutationId: id,
      fromWorker: req.serviceWorker() !== null,
    });
  });
  return { deliveries, log };
}

export interface MutationRow {
  mutation_id: string;
  table_name: string;
  row_key: string;
  operation: string;
}

export function serverMutations(baseURL: string, userId: string): Promise<MutationRow[]> {
  return service<MutationRow[]>(
    baseURL,
    'GET',
    `/rest/v1/sync_mutations?select=mutation_id,table_name,row_key,operation&user_id=eq.${userId}&order=applied_at`,
  );
}

const OPERATIONS: Record<string, string[]> = {
  insert: ['INSERT'],
  update: ['UPDATE'],
  // An upsert records its INSERT and, when it met an existing row, its UPDATE.
  upsert: ['INSERT', 'UPDATE'],
  delete: ['DELETE'],
};

/**
 * The server's record against what was queued on the device: every table write in `applied`
 * is recorded under its own (table, row, operation) - once, the primary key sees to that - and
 * nothing else of this user is recorded (no write applied that was refused, discarded or never
 * queued). Storage uploads have no trigger: their object is counted separately.
 */
export async function expectAppliedOnce(
  baseURL: string,
  userId: string,
  applied: StoredEntry[],
): Promise<MutationRow[]> {
  const rows = await serverMutations(baseURL, userId);
  const tableWrites = applied.filter((e) => e.target.kind === 'table');
  for (const e of tableWrites) {
    const mine = rows.filter((r) => r.mutation_id === e.mutationId);
    expect(mine.length, `${e.label} (${e.mutationId}) recorded on the server`).toBeGreaterThan(0);
    const keys = mine.map((r) => `${r.table_name}/${r.row_key}/${r.operation}`);
    expect(new Set(keys).size, `${e.label}: one record per operation`).toBe(keys.length);
    for (const r of mine) {
      expect(r.table_name).toBe(e.target.name);
      expect(OPERATIONS[e.target.op ?? '']).toContain(r.operation);
      if (e.target.rowId) expect(r.row_key).toBe(e.target.rowId);
    }
  }
  const expected = new Set(tableWrites.map((e) => e.mutationId));
  expect(
    [...new Set(rows.map((r) => r.mutation_id))].sort(),
    'mutation ids recorded for this user',
  ).toEqual([...expected].sort());
  return rows;
}

/** Properties whose code starts with `prefix`, as the server has them. */
export function serverProperties(baseURL: string, prefix: string) {
  return service<
    { id: string; code: string; name: string; archived: boolean; updated_at: string }[]
  >(
    baseURL,
    'GET',
    `/rest/v1/properties?select=id,code,name,archived,max_guests,updated_at&code=like.${encodeURIComponent(prefix)}*&order=code`,
  );
}

export function serverReservations(baseURL: string, propertyIds: string[]) {
  return service<{ id: string; property_id: string; guest_name: string; status: string }[]>(
    baseURL,
    'GET',
    `/rest/v1/reservations?select=id,property_id,guest_name,status,updated_at&property_id=in.(${propertyIds.join(',')})&order=guest_name`,
  );
}

// --- the app's screens --------------------------------------------------------------------------

/** Creates a villa through /properties/new (reached by the list's link, no reload). */
export async function createVilla(
  page: Page,
  v: { name: string; code: string; area?: string },
  outcome: 'queued' | 'applied' = 'queued',
): Promise<string> {
  await page.getByRole('link', { name: 'New property' }).click();
  await expect(page.getByRole('heading', { name: 'New property', level: 1 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(v.name);
  await page.getByLabel('Code').fill(v.code);
  await page.getByLabel('Area').fill(v.area ?? 'Offline Bay, Milos');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expectToast(
    page,
    outcome === 'queued' ? `Property created. ${QUEUED}` : 'Property created',
  );
  await expect(page.getByRole('heading', { name: v.name, level: 1 })).toBeVisible();
  const id = /\/properties\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!id) throw new Error(`No villa id in ${page.url()}`);
  return id;
}

/** On a villa's page: Edit, change the maximum guests (and the name), save. */
export async function editVilla(
  page: Page,
  change: { name?: string; maxGuests: number },
  outcome: 'queued' | 'applied' = 'queued',
): Promise<void> {
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit property', level: 1 })).toBeVisible();
  if (change.name) await page.getByLabel('Name', { exact: true }).fill(change.name);
  await page.getByLabel('Maximum guests').fill(String(change.maxGuests));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(
    page,
    outcome === 'queued' ? `Property updated. ${QUEUED}` : 'Property updated',
  );
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `days` from now as YYYY-MM-DD (UTC). */
export function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** On a villa's page: Add reservation with the dialog. */
export async function addStay(
  page: Page,
  s: { guest: string; from: number; to: number },
  outcome: 'queued' | 'applied' = 'queued',
): Promise<void> {
  await page.getByRole('button', { name: 'Add reservation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add reservation' });
  await dialog.getByLabel('Guest name').fill(s.guest);
  await fillDateTime(dialog, 'Check-in', `${day(s.from)}T15:00`);
  await fillDateTime(dialog, 'Check-out', `${day(s.to)}T11:00`);
  await dialog.getByRole('button', { name: 'Save reservation' }).click();
  await expectToast(
    page,
    outcome === 'queued' ? `Reservation added. ${QUEUED}` : 'Reservation added',
  );
  await expect(dialog).toBeHidden();
}

/** Back to the list through the sidebar (no reload: the page keeps running offline). */
export async function openList(page: Page, search?: string): Promise<void> {
  await page.getByRole('link', { name: 'Properties', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  // Other tests' villas share the server: narrow the list to this test's own.
  if (search) await page.getByLabel('Search by name, code or area').fill(search);
}

export function syncPanel(page: Page) {
  return page.getByRole('region', { name: 'Sync Queue' });
}

/** Opens the Sync Queue panel from the header button. */
export async function openSyncPanel(page: Page) {
  const panel = syncPanel(page);
  if (!(await panel.isVisible())) await page.getByRole('button', { name: /^Sync queue/ }).click();
  await expect(panel.getByRole('heading', { name: 'Sync Queue' })).toBeVisible();
  return panel;
}

// --- the service worker over CDP ----------------------------------------------------------------

export interface WorkerControl {
  cdp: CDPSession;
  registrationId(): Promise<string>;
  stopAll(): Promise<void>;
  /** Fires Background Sync's `sync` event in the worker, as the browser does when back online. */
  dispatchSync(tag?: string): Promise<void>;
}

export async function workerControl(context: BrowserContext, page: Page): Promise<WorkerControl> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of (e as { registrations: { registrationId: string; scopeURL: string }[] })
      .registrations)
      registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const registrationId = async () => {
    await expect.poll(() => registrations.get(`${origin}/`) ?? null).not.toBeNull();
    return registrations.get(`${origin}/`)!;
  };
  return {
    cdp,
    registrationId,
    stopAll: async () => {
      await cdp.send('ServiceWorker.stopAllWorkers');
    },
    dispatchSync: async (tag = 'arivia-ops-sync') => {
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: await registrationId(),
        tag,
        lastChance: false,
      });
    },
  };
}
