// Registers /sw.js (production builds only) with workbox-window, checks for a new version every
// 60 minutes (SEED-SPEC §7, §9) and holds the Update card's state (§4 Update): shown when a new
// worker is waiting or the worker says SW_UPDATED. Lifecycle and failures go to the console only.
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { SYNC_LOCK } from '@/offline/queue-entry';

export const UPDATE_CHECK_MS = 60 * 60 * 1000;
export const UPDATE_RELOAD_FALLBACK_MS = 15_000;

export interface UpdateState {
  /** Show the Update card. */
  available: boolean;
  /** A new worker is installed and waiting for SKIP_WAITING. */
  waiting: boolean;
}

const listeners = new Set<() => void>();
let state: UpdateState = { available: false, waiting: false };
let wb: Workbox | null = null;
let started = false;
let reloading = false;
/** The waiting worker the card was shown for: Later holds until a newer one waits. */
let announced: ServiceWorker | null = null;

function set(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * Reloads once no replay is running in any tab or the worker (OFFLINE.md rule 10), holding the
 * sync lock until the page unloads so that none starts here in between.
 */
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  if (!('locks' in navigator)) {
    window.location.reload();
    return;
  }
  void navigator.locks.request(SYNC_LOCK, () => {
    window.location.reload();
    return new Promise<void>(() => undefined);
  });
}

function showWaiting(sw: ServiceWorker): void {
  if (sw === announced) return;
  announced = sw;
  console.info('Service worker waiting: a new version is ready');
  set({ available: true, waiting: true });
}

/** Idempotent; a no-op in development and where service workers are unavailable. */
export function startServiceWorker(): void {
  if (started) return;
  started = true;
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;

  const workbox = new Workbox('/sw.js', { scope: '/' });
  wb = workbox;
  workbox.addEventListener('installed', (e) =>
    console.info(e.isUpdate ? 'Service worker updated (installed)' : 'Service worker installed'),
  );
  workbox.addEventListener('activated', (e) =>
    console.info(e.isUpdate ? 'Service worker updated (activated)' : 'Service worker activated'),
  );
  workbox.addEventListener('waiting', (e) => {
    if (e.sw) showWaiting(e.sw);
  });
  // Another tab (or this one) activated a new version: this page still runs the old code.
  // Listened to directly: workbox-window only relays messages from workers it saw install.
  navigator.serviceWorker.addEventListener(
    'message',
    (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === 'SW_UPDATED' && !reloading) {
        console.info('Service worker updated');
        set({ available: true });
      }
    },
  );

  // Workbox.register waits for the window's load event, so it never competes with the first screen.
  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      console.info('Service worker registered', registration.scope);
      // A version left waiting by an earlier visit.
      if (registration.waiting && navigator.serviceWorker.controller) {
        showWaiting(registration.waiting);
      }
      // workbox-window stops following updates after the first one it calls external, and a
      // page can stay open for days: watch the registration as well.
      registration.addEventListener('updatefound', () => {
        const next = registration.installing;
        next?.addEventListener('statechange', () => {
          if (next.state === 'installed' && registration.waiting === next) {
            if (navigator.serviceWorker.controller) showWaiting(next);
          }
        });
      });
      setInterval(() => {
        workbox.update().catch((e: unknown) => console.error('Service worker update check', e));
      }, UPDATE_CHECK_MS);
    })
    .catch((e: unknown) => console.error('Service worker registration failed', e));
}

/** Update Now: activate the waiting worker and reload once it controls the page. */
export function applyUpdate(): void {
  void (wb ? navigator.serviceWorker.getRegistration() : Promise.resolve(undefined)).then(
    (registration) => {
      if (!wb || !registration?.waiting) {
        // SW_UPDATED: the new worker already controls the page; only the page is old.
        reloadOnce();
        return;
      }
      wb.addEventListener('controlling', reloadOnce);
      navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
      wb.messageSkipWaiting();
      // The new worker takes over once the old one has finished what it is doing (a replay, a
      // Background Sync event). Should that take long, reload anyway (even with a replay under
      // way: every write is safe to send twice): the new worker still takes over as soon as it
      // can, and the reloaded page shows the card again while it waits.
      setTimeout(() => window.location.reload(), UPDATE_RELOAD_FALLBACK_MS);
    },
  );
}

/** Later: hide the card until the next new version. */
export function dismissUpdate(): void {
  set({ available: false });
}
