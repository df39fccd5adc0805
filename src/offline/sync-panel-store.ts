// Whether the Sync Queue panel is open. The panel lives in the app frame; the banner, the header
// button and the settings page (a feature, which must not import the app layer) open it from here.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export function openSyncPanel(): void {
  set(true);
}

export function closeSyncPanel(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSyncPanelOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
