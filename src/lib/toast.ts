// The one toast system (sonner): at most 3 visible, 4000 ms each (docs/areas.md, spec §9). Code calls
// notify.* rather than sonner directly: sonner and its <Toaster> load when the first toast is
// raised (a screen that shows none never loads them), and a toast waits for the toaster to be
// mounted instead of being lost.

export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;

/**
 * A chunk loaded now, or once the signal is back if it cannot come now: the first toast of a phone
 * that lost its signal before the service worker had kept the app. Until then no toast shows,
 * rather than the app falling to its error screen over a toast.
 */
export async function whenLoaded<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    }
  }
}

let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the mounted toaster. */
export function toasterMounted() {
  markReady();
}

let wanted = false;
const listeners = new Set<() => void>();

/** For the toaster's mount point: true once a toast has been raised. */
export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toasterWanted = () => wanted;

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, message: string) {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  void Promise.all([toasterReady, whenLoaded(() => import('sonner'))]).then(([, { toast }]) => {
    if (kind === 'info') toast(message);
    else toast[kind](message);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
