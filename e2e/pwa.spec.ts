// The installable PWA: Chromium's installability check, the manifest, a cold start with no
// network from the precached shell, the install card (Chromium offer and iOS steps) and the update
// card with a real new service worker.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { signInAs } from './support/helpers';
import {
  startAppServer,
  updateNowAndReload,
  waitForController,
  type AppServer,
} from './support/pwa';

// The service worker is what this spec tests: back on (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('installable: no installability errors, manifest and icons as declared', async ({
  request,
  baseURL,
}) => {
  // Chromium refuses install in incognito profiles, and every default Playwright context is one:
  // check in a persistent profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'arivia-profile-'));
  const persistent = await chromium.launchPersistentContext(profile, {
    baseURL,
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = persistent.pages()[0] ?? (await persistent.newPage());
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForController(page);
    const cdp = await persistent.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );
  } finally {
    await persistent.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Arivia Ops',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(['Arivia Ops', 'Arivia']).toContain(manifest.short_name);
  expect(typeof manifest.description).toBe('string');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icon = (sizes: string, purpose: string) =>
    manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').includes(purpose));
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const found = icon(sizes, purpose);
    expect(found, `${sizes} ${purpose}`).toBeDefined();
    expect(found!.type).toBe('image/png');
    // The PNG really has the declared size (IHDR width and height).
    const png = await (await request.get(found!.src)).body();
    const [w] = sizes.split('x').map(Number);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, w]);
  }

  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('offline cold start: the precached shell opens /, /properties and /install', async ({
  page,
  context,
}) => {
  await signInAs(page, 'housekeeper', '/properties');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForController(page);
  await context.setOffline(true);
  try {
    for (const url of ['/', '/properties', '/install']) {
      const fresh = await context.newPage();
      const res = await fresh.goto(url);
      // Answered by the worker from the precache, not the browser's offline error page.
      expect(res?.fromServiceWorker(), url).toBe(true);
      expect(fresh.url()).not.toContain('chrome-error');
      await expect(fresh.locator('#boot'), url).toHaveCount(0);
      await expect(fresh.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
      if (url === '/install') {
        await expect(fresh.getByRole('heading', { name: 'Install Arivia Ops' })).toBeVisible();
        await expect(fresh.getByRole('heading', { name: 'What works offline' })).toBeVisible();
      }
      await fresh.close();
    }
  } finally {
    await context.setOffline(false);
  }
});

test('offline: a villa seen online opens from the device copy with its photos', async ({
  page,
  context,
}) => {
  await signInAs(page, 'manager', '/properties');
  await waitForController(page);
  // A seeded villa with photos, opened once online: its detail and gallery are kept.
  await page.getByRole('link', { name: /Villa/ }).first().click();
  // The villa's page, not the list still on screen while it loads.
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  const gallery = page.getByRole('img', { name: /photo|view|terrace|pool/i });
  await expect(gallery.first()).toBeVisible();
  const photos = await gallery.count();
  expect(photos).toBeGreaterThan(0);
  await expect
    .poll(() => gallery.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
  const villaUrl = page.url();

  await context.setOffline(true);
  try {
    const fresh = await context.newPage();
    await fresh.goto(villaUrl);
    await expect(fresh.getByRole('heading', { level: 1, name: heading ?? '' })).toBeVisible();
    await expect(
      fresh.getByText("No connection: showing the villa's details as this device last saw them."),
    ).toBeVisible();
    const offlineGallery = fresh.getByRole('img', { name: /photo|view|terrace|pool/i });
    await expect(offlineGallery).toHaveCount(photos);
    // Each photo is drawn from the worker's cache (a failed image has no natural width).
    await expect
      .poll(() =>
        offlineGallery.evaluateAll((imgs) =>
          imgs.every(
            (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    await fresh.close();
  } finally {
    await context.setOffline(false);
  }
});

test('worker messages: GET_QUEUE_SIZE and GET_QUEUE_REQUESTS, on a port or back to the page', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForController(page);
  const answers = await page.evaluate(async () => {
    const sw = navigator.serviceWorker.controller!;
    const onPort = (message: object) =>
      new Promise<unknown>((resolve) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve(e.data);
        sw.postMessage(message, [ch.port2]);
      });
    const toPage = (message: object, type: string) =>
      new Promise<unknown>((resolve) => {
        const listener = (e: MessageEvent<{ type?: string }>) => {
          if (e.data?.type !== type) return;
          navigator.serviceWorker.removeEventListener('message', listener);
          resolve(e.data);
        };
        navigator.serviceWorker.addEventListener('message', listener);
        sw.postMessage(message);
      });
    const emptySize = await onPort({ type: 'GET_QUEUE_SIZE' });
    // A refused write (not replayed by anyone), written straight into the worker's database.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('arivia-ops');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('sync-queue', 'readwrite');
        tx.objectStore('sync-queue').add({
          method: 'PATCH',
          url: '/rest/v1/properties?id=eq.1',
          timestamp: 1_700_000_000_000,
          mutationId: '00000000-0000-4000-8000-000000000001',
          userId: '00000000-0000-4000-8000-000000000002',
          target: { kind: 'table', name: 'properties', rowId: '1', op: 'update' },
          headers: {},
          body: '{}',
          label: 'test',
          attempts: 0,
          nextAttemptAt: 0,
          status: 'rejected',
          lastError: { status: 400, message: 'test' },
        });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    return {
      emptySize,
      size: await onPort({ type: 'GET_QUEUE_SIZE' }),
      requests: await onPort({ type: 'GET_QUEUE_REQUESTS' }),
      sizeToPage: await toPage({ type: 'GET_QUEUE_SIZE' }, 'QUEUE_SIZE'),
      requestsToPage: await toPage({ type: 'GET_QUEUE_REQUESTS' }, 'QUEUE_REQUESTS'),
    };
  });
  const requests = [
    { method: 'PATCH', url: '/rest/v1/properties?id=eq.1', timestamp: 1_700_000_000_000 },
  ];
  expect(answers).toEqual({
    emptySize: { size: 0 },
    size: { size: 1 },
    requests: { requests },
    sizeToPage: { type: 'QUEUE_SIZE', size: 1 },
    requestsToPage: { type: 'QUEUE_REQUESTS', requests },
  });
});

/**
 * What Chromium fires when it offers install, with prompt() and userChoice under test control.
 * Resolves once the app has taken the offer (its listener prevents the browser's own infobar) and
 * the next frame is painted - so a card that must not show has had its chance to.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  const taken = await page.evaluate(async (outcome) => {
    const w = window as unknown as { __prompted: number };
    w.__prompted = 0;
    const e = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(e, {
      prompt: async () => {
        w.__prompted += 1;
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(e);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return e.defaultPrevented;
  }, outcome);
  expect(taken, 'the app took the install offer').toBe(true);
}

test.describe('install card', () => {
  test('shows on the browser offer; Install App prompts; accepted hides it', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Install Arivia Ops' });
    await expect(card).toHaveCount(0);
    await offerInstall(page, 'accepted');
    await expect(card).toBeVisible();
    await expect(card.getByText('Get quick access and work offline')).toBeVisible();
    await expect(card.getByText('Tap Share button')).toHaveCount(0);
    await card.getByRole('button', { name: 'Install App' }).click();
    await expect(card).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted),
    ).toBe(1);
  });

  test('Dismiss is remembered in install-prompt-dismissed', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'dismissed');
    const card = page.getByRole('region', { name: 'Install Arivia Ops' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('install-prompt-dismissed'))).toBe(
      'true',
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'dismissed');
    await expect(card).toHaveCount(0);
  });

  test('not shown when running standalone', async ({ page }) => {
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone')
          ? ({ ...real(q), matches: true, media: q, addEventListener() {} } as MediaQueryList)
          : real(q);
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'accepted');
    await expect(page.getByRole('region', { name: 'Install Arivia Ops' })).toHaveCount(0);
    await page.goto('/install');
    await expect(page.getByText('Arivia Ops is installed')).toBeVisible();
  });

  test('iPhone Safari: the Share steps and a link to /install', async ({ browser }) => {
    const { defaultBrowserType: _, ...iphone } = devices['iPhone 13'];
    const context = await browser.newContext({ ...iphone });
    const page = await context.newPage();
    try {
      await page.goto('/auth');
      const card = page.getByRole('region', { name: 'Install Arivia Ops' });
      await expect(card).toBeVisible();
      await expect(card.getByText('1. Tap Share button')).toBeVisible();
      await expect(card.getByText('2. Select "Add to Home Screen"')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Install App' })).toHaveCount(0);
      await card.getByRole('link').click();
      await expect(page).toHaveURL(/\/install$/);
      const first = page.locator('[data-testid^="install-guide-"]').first();
      await expect(first).toHaveAttribute('data-testid', 'install-guide-ios');
      await expect(first.getByText('Your device')).toBeVisible();
      // The page has it all: no card on top of it.
      await expect(card).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('/install puts desktop Chrome first and offers Install App', async ({ page }) => {
    await page.goto('/install');
    await expect(page.getByRole('heading', { level: 1, name: 'Install Arivia Ops' })).toBeVisible();
    await expect(page.locator('[data-testid^="install-guide-"]').first()).toHaveAttribute(
      'data-testid',
      'install-guide-desktop-chromium',
    );
    await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
    await offerInstall(page, 'accepted');
    await page.getByRole('button', { name: 'Install App' }).click();
    await expect(page.getByText('Arivia Ops is installed')).toBeVisible();
  });
});

test.describe('update card', () => {
  // The update is awaited with the page fetching all the while: more than the default.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let server: AppServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startAppServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a new sw.js: Later hides the card, Update Now activates it and reloads; other tabs hear SW_UPDATED', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/install');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForController(page);
      const other = await context.newPage();
      await other.goto('/install');
      await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

      // A new version of the worker: changed bytes, no stale precompressed copies.
      appendFileSync(path.join(server.dir, 'sw.js'), `\n// new version ${Date.now()}\n`);
      for (const ext of ['.br', '.gz'])
        rmSync(path.join(server.dir, `sw.js${ext}`), { force: true });
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg?.update();
      });

      const card = page.getByRole('dialog', { name: 'Update Available' });
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByText('A new version of Arivia Ops is ready to install')).toBeVisible();
      await card.getByRole('button', { name: 'Later' }).click();
      await expect(card).toHaveCount(0);

      // The other tab saw it too; it says Later and waits.
      const otherCard = other.getByRole('dialog', { name: 'Update Available' });
      await expect(otherCard).toBeVisible();
      await otherCard.getByRole('button', { name: 'Later' }).click();
      await expect(otherCard).toHaveCount(0);

      // Still waiting on the next load: the card is back.
      await page.reload();
      await expect(card).toBeVisible({ timeout: 20_000 });
      await updateNowAndReload(page, card, 20_000);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForController(page);
      expect(
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { waiting: reg?.waiting ?? null, active: reg?.active?.state };
        }),
      ).toEqual({ waiting: null, active: 'activated' });
      await expect(card).toHaveCount(0);

      // The tab that said Later is told the new version took over (SW_UPDATED) and reloads.
      await expect(otherCard).toBeVisible();
      await updateNowAndReload(other, otherCard, 20_000);
      await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(otherCard).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
