// The one toast system (sonner): at most 3 visible, 4000 ms each (docs/areas.md, spec §9). Code calls
// notify.* rather than sonner directly: sonner and its <Toaster> load after the first paint, and a
// toast raised before the toaster is mounted waits for it instead of being lost.

export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;

let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the mounted toaster. */
export function toasterMounted() {
  markReady();
}

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, message: string) {
  void Promise.all([toasterReady, import('sonner')]).then(([, { toast }]) => {
    if (kind === 'info') toast(message);
    else toast[kind](message);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
