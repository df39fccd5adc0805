// The browser's install offer (beforeinstallprompt, Chromium only), kept from the moment this
// module loads - the event often fires before the first screen has rendered - and the install
// card's state of SEED-SPEC §4: shown when the browser offers install or on iOS, unless standalone,
// dismissed (localStorage install-prompt-dismissed = 'true') or installed.
import { useSyncExternalStore } from 'react';
import { isIos, isStandalone } from './platform';

export const DISMISSED_KEY = 'install-prompt-dismissed';

/** Not in TypeScript's DOM lib. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The saved offer: the Install App button calls its prompt(). */
  offer: BeforeInstallPromptEvent | null;
  installed: boolean;
  dismissed: boolean;
  standalone: boolean;
  ios: boolean;
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();
let state: InstallState = {
  offer: null,
  installed: false,
  dismissed: false,
  standalone: false,
  ios: false,
};

function set(patch: Partial<InstallState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  state = {
    ...state,
    dismissed: readDismissed(),
    standalone: isStandalone(),
    ios: isIos(),
  };
  window.addEventListener('beforeinstallprompt', (e) => {
    // Keep the offer for our own button instead of the browser's mini-infobar.
    e.preventDefault();
    set({ offer: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    console.info('Arivia Ops installed');
    set({ installed: true, offer: null });
  });
  window
    .matchMedia?.('(display-mode: standalone)')
    .addEventListener?.('change', () => set({ standalone: isStandalone() }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Whether the install card shows (SEED-SPEC §4 Install prompt). */
export function installCardVisible(s: InstallState): boolean {
  if (s.standalone || s.installed || s.dismissed) return false;
  return s.offer !== null || s.ios;
}

export function dismissInstallCard(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, 'true');
  } catch {
    // Private mode without storage: hidden for this page only.
  }
  set({ dismissed: true });
}

/** Shows the browser's install dialog; an accepted install hides the card. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = state.offer;
  if (!offer) return 'unavailable';
  await offer.prompt();
  const choice = await offer.userChoice;
  // An offer can be used once.
  set(choice.outcome === 'accepted' ? { offer: null, installed: true } : { offer: null });
  return choice.outcome;
}
