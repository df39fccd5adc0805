// The screen kept for the next start: a copy of what the app drew for a page from the server's
// answer, which src/boot.js paints before any script the next time this user opens the same
// page on this device, at the same width, until the app has drawn its own
// (docs/architecture.md "Loading: the kept screen"). It holds what the device's copy of the same
// rows holds, and goes with it when the user signs out.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  KEPT_SCREEN_KEY,
  KEPT_SCREEN_VERSION,
  WIDE_QUERY,
  type KeptScreens,
} from './startup-contract';

/** Read by src/boot.js; its format is the start-up contract's (src/lib/startup-contract.ts). */
export { KEPT_SCREEN_KEY };
/** Screens kept per user: the most recently drawn. */
const KEPT_SCREENS = 3;
/** A larger screen is not kept (localStorage is small, and boot.js reads it on every start). */
const MAX_CHARS = 300_000;
/** Rows of a list kept (`data-kept-rows`): more than a screen holds, to keep the first paint short. */
const KEPT_ROWS = 15;

/** Attributes that name or point at other elements: the copy sits beside the app's own tree. */
const REFERENCES = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'name'];

/**
 * The markup of `root` as drawn, without ids and references between elements (the copy must
 * not take the app's ids), without what is marked `data-not-kept` (a moment's state: the
 * connection banner, the sync queue, the install and update cards) or a toast, and with
 * the first KEPT_ROWS rows of a list marked `data-kept-rows` (cards or table rows).
 */
export function screenCopy(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  // A toast is sonner's own markup.
  for (const el of copy.querySelectorAll('[data-not-kept], [data-sonner-toaster]')) el.remove();
  for (const list of copy.querySelectorAll('[data-kept-rows] ul, [data-kept-rows] tbody')) {
    for (const row of [...list.children].slice(KEPT_ROWS)) row.remove();
  }
  for (const el of copy.querySelectorAll(REFERENCES.map((a) => `[${a}]`).join(','))) {
    for (const a of REFERENCES) el.removeAttribute(a);
  }
  return copy.innerHTML;
}

function read(): KeptScreens | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT_SCREEN_KEY) ?? 'null') as KeptScreens | null;
  } catch {
    return null;
  }
}

/** The build's stylesheet: a copy drawn with another build's classes is not shown. */
function stylesheet(): string {
  return document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href ?? '';
}

/**
 * Keeps what `root` shows now as the screen of `page` (path and query) for `userId`; only one
 * user's screens are kept.
 */
export function keepScreen(
  userId: string,
  page: string,
  root = document.getElementById('root'),
): void {
  if (!root || !userId) return;
  const html = screenCopy(root);
  if (html.length > MAX_CHARS) return;
  const kept = read();
  const screens = {
    ...(kept?.v === KEPT_SCREEN_VERSION && kept.user === userId ? kept.screens : {}),
    [page]: {
      wide: window.matchMedia(WIDE_QUERY).matches,
      lang: document.documentElement.lang,
      css: stylesheet(),
      html,
      at: Date.now(),
    },
  };
  const newest = Object.entries(screens)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, KEPT_SCREENS);
  try {
    localStorage.setItem(
      KEPT_SCREEN_KEY,
      JSON.stringify({
        v: KEPT_SCREEN_VERSION,
        user: userId,
        screens: Object.fromEntries(newest),
      } satisfies KeptScreens),
    );
  } catch {
    // Storage full or blocked: the next start shows the spinner instead.
  }
}

/**
 * Keeps the page's screen once `drawn` (the server's answer, rendered) is committed, and again
 * whenever it changes; when the browser is idle, so the copy never delays a frame.
 */
export function useKeepScreen(userId: string | undefined, drawn: unknown): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!userId || drawn === undefined) return;
    const keep = () => keepScreen(userId, pathname + search);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(keep, 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(keep, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, [userId, drawn, pathname, search]);
}
