// What the start-up's three parties share (docs/architecture.md "Loading: the start-up
// contract"): the build (vite.config.ts), src/boot.js (run from index.html before any other
// script; the build bundles it with these constants inlined) and the app. One place for the
// storage keys, cookie, breakpoint, the kept screen's format and the ids and classes the HTML's
// first screen is found by; nothing here imports the app (the build and boot.js load it alone).

/** localStorage: the theme (light | dark | system), read by boot.js before the first paint. */
export const THEME_KEY = 'theme';

/**
 * localStorage: the language this device used last (src/lib/i18n/catalog.ts writes it; boot.js
 * sets <html lang> from it before the first paint). docs/i18n.md.
 */
export const LANGUAGE_KEY = 'arivia.language';
/** The languages the app has texts in; English is the one the build's first paints are drawn in. */
export const APP_LANGUAGES = ['en', 'el', 'sq'] as const;

/** localStorage: where supabase-js keeps the session of `projectId`. */
export function sessionKey(projectId: string): string {
  return `sb-${projectId}-auth-token`;
}

/** index.html's meta holding `<project id> <backend URL>`, for boot.js (Vite fills it in). */
export const BACKEND_META = 'arivia-backend';

/** The cookie the sidebar keeps expanded (`true`) / collapsed (`false`) in. */
export const SIDEBAR_COOKIE = 'sidebar:state';

/** The sidebar's keyboard shortcut, with Ctrl or Cmd (the shadcn sidebar's). */
export const SIDEBAR_SHORTCUT = 'b';
/**
 * <html> attribute: the sidebar's shortcut pressed while the app starts, before its frame listens
 * for it. boot.js counts the presses there (a signed-in start); the frame, as it mounts, applies
 * an odd count once and sets SIDEBAR_PRESSES_LIVE, after which boot.js counts nothing
 * (src/app/layouts/early-sidebar-presses.tsx).
 */
export const SIDEBAR_PRESSES_ATTR = 'data-sidebar-presses';
/** SIDEBAR_PRESSES_ATTR's value once the app's frame handles the shortcut itself. */
export const SIDEBAR_PRESSES_LIVE = 'live';

/** Below this width (px) the app is in its phone layout; from it on, the desktop one. */
export const MOBILE_BREAKPOINT = 768;
/** The desktop layout's media query. */
export const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT}px)`;

/**
 * localStorage: the screens kept for the next start (src/lib/kept-screen.ts writes them, boot.js
 * paints them): `{ v: KEPT_SCREEN_VERSION, user, screens: { [path + search]: KeptScreen } }`.
 */
export const KEPT_SCREEN_KEY = 'arivia-ops-kept-screen';
/** The kept screens' format: boot.js paints none written in another. */
export const KEPT_SCREEN_VERSION = 1;

export interface KeptScreen {
  /** Drawn in the desktop layout (WIDE_QUERY). */
  wide: boolean;
  /** The language it was drawn in (<html lang>): boot.js paints it only in that language. */
  lang?: string;
  /** The stylesheet it was drawn with. */
  css: string;
  html: string;
  at: number;
}

export interface KeptScreens {
  v: typeof KEPT_SCREEN_VERSION;
  user: string;
  screens: Record<string, KeptScreen>;
}

/**
 * localStorage: the words of the first paint for the signed-in user on this device
 * (src/lib/first-paint-texts.ts writes them once the user's access is known, boot.js paints the
 * build's frame with them): `{ v, user, lang, pages: { [path]: [title, description] } }`. The
 * build's own words (the frame's `data-pages`) are English and only of pages that look the same
 * to everyone; these are in the user's language and as the user's access shows them (/housekeeping:
 * the board or "My route"), for the pages it opens.
 */
export const FIRST_PAINT_TEXTS_KEY = 'arivia-ops-first-paint';
/** The format of those words: boot.js paints none written in another. */
export const FIRST_PAINT_TEXTS_VERSION = 1;

export interface FirstPaintTexts {
  v: typeof FIRST_PAINT_TEXTS_VERSION;
  user: string;
  lang: string;
  pages: Record<string, [title: string, description: string]>;
}

/**
 * localStorage: the format kit (src/lib/format-kit.ts): the company zone's offsets and the
 * language's date patterns, made with Intl once the first screen is drawn, so the next start
 * writes its times without Intl (company-time.ts reads it as the module loads). Not the user's:
 * kept at sign-out.
 */
export const FORMAT_KIT_KEY = 'arivia-ops-format-kit';

// The classes boot.js puts on <html> for the first screen it picks, and the ids in index.html.
// Plain constants, not objects: the bundle of boot.js inlines them.

/** <html> class: the static sign-in screen shows (/auth, signed out). */
export const SIGN_IN_CLASS = 'boot-signin';
/** <html> class: with its demo accounts (a backend on this machine). */
export const DEMO_CLASS = 'boot-demo';
/** <html> class: a kept screen or the build's first paint shows over the hidden #root. */
export const KEPT_CLASS = 'boot-kept';

/** The spinner inside #root, until React renders. */
export const SPINNER_ID = 'boot';
/**
 * The static sign-in screen inside #root, drawn by the build from the React screen
 * (src/features/auth/static-sign-in-copy.tsx). Its fields are found by their order (email,
 * password), its demo accounts as its <section>, its link to sign-up as the button after its form.
 */
export const SIGN_IN_ID = 'boot-signin';
/** The build's first paint of a signed-in start (a <template> with `data-pages`). */
export const FIRST_PAINT_ID = 'boot-first-paint';
/** What boot.js paints before #root for a signed-in start. */
export const KEPT_ID = 'boot-kept';
