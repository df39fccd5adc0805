// The service worker, served at /sw.js. vite-plugin-pwa bundles it in injectManifest mode and puts
// the build's file list in self.__WB_MANIFEST; src/sw.tsconfig.json type-checks it with the
// WebWorker lib instead of the DOM. It does three things:
// - keeps the app shell (HTML, scripts, styles, icons) precached, so the app starts with no network
//   (docs/offline.md rule 7); navigations get the precached index.html, the client-side router does the
//   rest. The backend shares the origin, so its paths are never answered from here: API requests
//   always reach the network and the page's own offline layer (src/offline) decides what to do;
// - answers the messages of SEED-SPEC §7 (GET_QUEUE_SIZE, GET_QUEUE_REQUESTS, SKIP_WAITING) and
//   keeps the session the page hands it (SET_SESSION);
// - replays the sync queue on the Background Sync `sync` event, with the same replay as the page
//   and under the same Web Lock, or asks an open window to replay when it has no usable token.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { listEntries, queueSize, toQueuedRequest } from './offline/queue';
import { DAY_REFRESH_TAG, SYNC_TAG, whenNoReplay } from './offline/queue-entry';
import { replayQueue } from './offline/replay';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync and Periodic Background Sync are not in TypeScript's WebWorker lib (Chromium only). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

interface WorkerSession {
  userId: string;
  accessToken: string;
  /** ms since epoch */
  expiresAt: number;
}

type IncomingMessage =
  | { type: 'KEEP_CATALOGUE'; language: string }
  | { type: 'GET_QUEUE_SIZE' }
  | { type: 'GET_QUEUE_REQUESTS' }
  | { type: 'SKIP_WAITING' }
  | { type: 'SET_SESSION'; session: WorkerSession | null };

/** Paths of the backend on this origin: never served from the app shell. */
const BACKEND_PATHS = [
  /^\/rest\//,
  /^\/auth\//,
  /^\/storage\//,
  /^\/functions\//,
  /^\/realtime\//,
  /^\/_dev\//,
  /^\/_health/,
  /^\/graphql/,
];
/** A token with less than this left is not used for a replay with no page open. */
const TOKEN_MARGIN_MS = 60_000;
/** Marks, between install and activate, that this worker replaces an earlier one. */
const META_CACHE = 'arivia-ops-sw-meta';
const REPLACED_KEY = '/__arivia-sw-replaced';

const log = (...args: unknown[]) => console.info('[sw]', ...args);

// --- app shell ----------------------------------------------------------------------------------

cleanupOutdatedCaches();

// The texts in Greek and Albanian (docs/i18n.md "Offline"): one chunk per language, downloaded
// only when that language is chosen, so they are not precached. The chosen one is kept from its
// first download (cache-first), and an update of the app downloads the new build's chunk of each
// language this device kept before it waits to be applied: a start with no network after the
// update still speaks it.
const CATALOGUES = /(^|\/)assets\/i18n\//;
const CATALOGUE_CACHE = 'arivia-ops-catalogues';
const languageOf = (url: string) => /catalog-([a-z]{2})-/.exec(url)?.[1] ?? null;
const manifest = self.__WB_MANIFEST;
const catalogueUrls = manifest
  .map((entry) => (typeof entry === 'string' ? entry : entry.url))
  .filter((url) => CATALOGUES.test(url));
precacheAndRoute(
  manifest.filter((entry) => !CATALOGUES.test(typeof entry === 'string' ? entry : entry.url)),
);
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    CATALOGUES.test(url.pathname),
  new CacheFirst({ cacheName: CATALOGUE_CACHE }),
);

/** The new build's catalogue of every language this device kept one of; the old ones go. */
async function keepCatalogues(chosen: string[] = []) {
  const cache = await caches.open(CATALOGUE_CACHE);
  const kept = (await cache.keys()).map((request) => request.url);
  const languages = new Set([...kept.map(languageOf), ...chosen].filter(Boolean));
  const current = catalogueUrls
    .filter((url) => languages.has(languageOf(url)))
    .map((url) => new URL(url, self.location.origin).href);
  await Promise.all(
    current.map((url) => cache.add(url).catch((e: unknown) => log('catalogue not kept', url, e))),
  );
  return current;
}

/** Drops the catalogues of older builds (once this build is the one serving). */
async function dropOldCatalogues() {
  const cache = await caches.open(CATALOGUE_CACHE);
  const current = new Set(catalogueUrls.map((url) => new URL(url, self.location.origin).href));
  for (const request of await cache.keys())
    if (!current.has(request.url)) await cache.delete(request);
}
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: BACKEND_PATHS }),
);

// The barcode reader's WebAssembly (count mode where the browser has no BarcodeDetector,
// src/features/inventory/barcode.ts): 1 MB, so not precached for everyone; kept from its first use
// (count mode fetches it when opened with signal), so a scan works offline after. A build's file
// name carries its hash: an update fetches the new one on its first use.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    /^\/assets\/.*\.wasm$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'arivia-ops-wasm',
    plugins: [new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })],
  }),
);

// Gallery thumbnails of private buckets: signed renditions (/render/image/sign/...), whose token
// changes with every signing and carries the transform (size, fit, quality) the server applies.
// Cached by object path plus that transform, not by the token, and served cache-first: offline,
// the gallery shows the thumbnails this device has already displayed (docs/local-backend.md
// "Image transformation"). Registered before the public route below, which would key by token.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/storage/v1/render/image/sign/'),
  new CacheFirst({
    cacheName: 'arivia-ops-photo-thumbnails',
    // Renditions vary by Accept (WebP for browsers); an <img> and the page's probe differ in it.
    matchOptions: { ignoreVary: true },
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => renditionKey(new URL(request.url)) },
      new ExpirationPlugin({
        maxEntries: 500,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

/** origin + object path + the token's transform, canonical ("height:360,quality:70,..."). */
function renditionKey(url: URL): string {
  const key = new URL(url.origin + url.pathname);
  key.searchParams.set('transform', transformOf(url.searchParams.get('token')));
  return key.href;
}

function transformOf(token: string | null): string {
  const part = token?.split('.')[1];
  if (!part) return '';
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const payload: unknown = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')));
    const t = (payload as { transformations?: unknown } | null)?.transformations;
    // Hosted Storage signs a string ("width:480,height:360,..."), the local backend an object.
    if (typeof t === 'string') return t;
    if (t && typeof t === 'object') {
      return Object.entries(t)
        .map(([k, v]) => `${k}:${String(v)}`)
        .sort()
        .join(',');
    }
  } catch {
    // Not a JWT: keyed by the path alone.
  }
  return '';
}

// Property photos: public objects and their resized renditions. Stale-while-revalidate rather than
// cache-first because an edited photo is uploaded again to the same path (docs/offline.md rule 8).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (url.pathname.startsWith('/storage/v1/object/public/') ||
      url.pathname.startsWith('/storage/v1/render/')),
  new StaleWhileRevalidate({
    cacheName: 'arivia-ops-photos',
    plugins: [
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Photos of private buckets (property-photos) are shown through signed URLs whose token changes
// with every read. Each photo has its own path (<villa>/<photo id>.<ext>, never overwritten with
// other content), so the cache is keyed by the path without the token and served cache-first:
// offline, the gallery shows the photos this device has already displayed.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/storage/v1/object/sign/'),
  new CacheFirst({
    cacheName: 'arivia-ops-signed-photos',
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const key = new URL(request.url);
          key.search = '';
          return key.href;
        },
      },
      new ExpirationPlugin({
        maxEntries: 500,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// --- lifecycle ----------------------------------------------------------------------------------

self.addEventListener('install', (event) => {
  // No skipWaiting here: the page's Update card asks for it (SKIP_WAITING).
  const replacing = self.registration.active !== null;
  event.waitUntil(
    (async () => {
      if (replacing) {
        const meta = await caches.open(META_CACHE);
        await meta.put(REPLACED_KEY, new Response(String(Date.now())));
      }
      await keepCatalogues();
      log(replacing ? 'installed (update waiting)' : 'installed');
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const meta = await caches.open(META_CACHE);
      const replaced = await meta.delete(REPLACED_KEY);
      await dropOldCatalogues();
      await self.clients.claim();
      if (replaced) {
        log('updated');
        await postToWindows({ type: 'SW_UPDATED' });
      } else log('activated');
    })(),
  );
});

// --- messages -----------------------------------------------------------------------------------

let session: WorkerSession | null = null;

self.addEventListener('message', (event) => {
  const data = event.data as IncomingMessage | null;
  if (!data || typeof data !== 'object') return;
  switch (data.type) {
    case 'GET_QUEUE_SIZE':
      event.waitUntil(
        queueSize().then(
          (size) => reply(event, { size }, { type: 'QUEUE_SIZE', size }),
          (e: unknown) => console.error('[sw] queue size', e),
        ),
      );
      break;
    case 'GET_QUEUE_REQUESTS':
      event.waitUntil(
        listEntries().then(
          (entries) => {
            const requests = entries.map(toQueuedRequest);
            reply(event, { requests }, { type: 'QUEUE_REQUESTS', requests });
          },
          (e: unknown) => console.error('[sw] queue requests', e),
        ),
      );
      break;
    case 'SKIP_WAITING':
      // docs/offline.md rule 10: never activate in the middle of a replay - wait until the lock is
      // free. It is not held across skipWaiting(): Chromium settles that only on activation,
      // which waits for the old worker's events, and replays would be kept waiting meanwhile.
      event.waitUntil(
        (async () => {
          await whenNoReplay();
          log('skip waiting');
          await self.skipWaiting();
        })(),
      );
      break;
    case 'SET_SESSION':
      session = data.session;
      break;
    case 'KEEP_CATALOGUE':
      // The page chose a language (src/lib/i18n/catalog.ts): its catalogue is kept even when
      // it was downloaded before this worker controlled the page.
      event.waitUntil(keepCatalogues([data.language]));
      break;
  }
});

function reply(event: ExtendableMessageEvent, answer: object, fallback: object): void {
  const port = event.ports[0];
  if (port) port.postMessage(answer);
  else event.source?.postMessage(fallback);
}

/**
 * Asking pages to replay makes them touch the queue, which registers another `sync`: at most one
 * REPLAY per interval keeps the page and the worker from driving each other in a loop.
 */
const REPLAY_REQUEST_INTERVAL_MS = 10_000;
let lastReplayRequest = 0;

async function askWindowsToReplay(): Promise<void> {
  if (Date.now() - lastReplayRequest < REPLAY_REQUEST_INTERVAL_MS) return;
  lastReplayRequest = Date.now();
  await postToWindows({ type: 'REPLAY' });
}

async function postToWindows(message: { type: string }): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

// --- background sync ----------------------------------------------------------------------------

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(replayFromWorker());
});

// --- periodic refresh of the field day ----------------------------------------------------------

// Where the browser offers Periodic Background Sync (an installed app, Chromium), the housekeeper's
// route registers DAY_REFRESH_TAG: the worker asks open pages to read the day again, so the cleans,
// checklists and photos on the phone stay current while the app sits in the background. The reads
// need the page's code and session; with no page open there is nothing to do until it opens.
self.addEventListener('periodicsync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== DAY_REFRESH_TAG) return;
  sync.waitUntil(postToWindows({ type: 'REFRESH_DAY' }));
});

async function replayFromWorker(): Promise<void> {
  const current = session;
  if (!current || current.expiresAt - Date.now() <= TOKEN_MARGIN_MS) {
    // The page has supabase-js and a refresh token; the worker has neither.
    await askWindowsToReplay();
    return;
  }
  const creds = { userId: current.userId, accessToken: current.accessToken };
  try {
    const report = await replayQueue({
      session: async () => creds,
      // Only the worker's copy of the token is stale: stop, leaving the entry pending (never
      // needs-login), and let a page refresh the session and replay.
      refresh: async () => {
        throw new Error('token expired in worker');
      },
      apiKey: import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY as string,
      supabaseUrl: import.meta.env.VITE_SUPABASE_URL as string,
    });
    log('replayed', report);
  } catch (e) {
    if (e instanceof Error && e.message === 'token expired in worker') {
      session = null;
      await askWindowsToReplay();
      return;
    }
    throw e;
  }
}

// --- notifications --------------------------------------------------------------------------------

// A system notification the page showed while hidden (src/features/notifications, docs/
// notifications.md) carries the app path of its record: a click focuses an open window of the app
// and opens that path in it, or opens a new window there.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
