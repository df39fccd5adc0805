// Registers /sw.js (production builds only) with workbox-window, checks for a new version every
// 60 minutes (SEED-SPEC §7, §9) and holds the Update card's state (§4 Update): shown when a new
// worker is waiting or the worker says SW_UPDATED. Lifecycle and failures go to the console only.
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { SYNC_LOCK, whenNoReplay } from '@/offline/queue-entry';

export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** After Update Now and any running replay, how long the page waits for the new worker. */
export const UPDATE_RELOAD_FALLBACK_MS = 5_000;

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
let reloadAsked = false;
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

/** For a caller that loads this module lazily (the root layout): the state and its changes. */
export const updateState = (): UpdateState => state;
export const subscribeUpdateState = subscribe;

/** How long a reload may take before it is asked again (this document still being here). */
export const RELOAD_RETRY_MS = 5_000;

/**
 * Reloads the page once, whatever asks for it, and asks again while this document is still here
 * after RELOAD_RETRY_MS: in Chromium a reload that starts while the old worker is being replaced
 * can be left waiting forever (its request went to the worker that was stopped); the next one
 * goes to the new worker.
 */
function reloadNow(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
  setInterval(() => {
    console.info('Reload still pending: asking again');
    window.location.reload();
  }, RELOAD_RETRY_MS);
}

/**
 * Reloads once no replay is running in any tab or the worker (docs/offline.md rule 10), holding the
 * sync lock until the page unloads so that none starts here in between.
 */
function reloadWhenIdle(): void {
  if (reloadAsked) return;
  reloadAsked = true;
  if (!('locks' in navigator)) {
    reloadNow();
    return;
  }
  void navigator.locks.request(SYNC_LOCK, () => {
    reloadNow();
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
      if (e.data?.type === 'SW_UPDATED' && !reloading && !reloadAsked) {
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
        reloadWhenIdle();
        return;
      }
      wb.addEventListener('controlling', reloadWhenIdle);
      navigator.serviceWorker.addEventListener('controllerchange', reloadWhenIdle);
      wb.messageSkipWaiting();
      // The new worker asks to take over once no replay runs. Chromium then stops the old worker,
      // and gives up if an event (a fetch of this page, say) starts it again meanwhile; only a
      // navigation tries again. So once no replay runs, the page waits a few seconds for the
      // switch and then reloads anyway: the navigation lets the new worker take over.
      void whenNoReplay().then(() => setTimeout(reloadNow, UPDATE_RELOAD_FALLBACK_MS));
    },
  );
}

/** Later: hide the card until the next new version. */
export function dismissUpdate(): void {
  set({ available: false });
}
