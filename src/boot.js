// Runs before first paint, in index.html's <head>: the build puts it there, bundled and minified
// with the start-up contract's constants inlined (vite.config.ts inlineBoot), and the
// Content-Security-Policy allows it by its hash like every inline script of the build
// (server/app.ts inlineScriptHashes). Plain ES2019; it imports only src/lib/startup-contract.ts.
import {
  APP_LANGUAGES,
  BACKEND_META,
  DEMO_CLASS,
  FIRST_PAINT_ID,
  FIRST_PAINT_TEXTS_KEY,
  FIRST_PAINT_TEXTS_VERSION,
  KEPT_CLASS,
  KEPT_ID,
  KEPT_SCREEN_KEY,
  KEPT_SCREEN_VERSION,
  LANGUAGE_KEY,
  SIDEBAR_COOKIE,
  SIDEBAR_PRESSES_ATTR,
  SIDEBAR_PRESSES_LIVE,
  SIDEBAR_SHORTCUT,
  SIGN_IN_CLASS,
  SPINNER_ID,
  THEME_KEY,
  WIDE_QUERY,
  sessionKey,
} from './lib/startup-contract';

// Apply the stored theme (localStorage `theme`: light | dark | system) before first paint.
(function () {
  var t = 'system';
  try {
    t = localStorage.getItem(THEME_KEY) || 'system';
  } catch {
    // Storage may be unavailable (private mode): the system theme applies.
  }
  var dark =
    t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
// The language (docs/i18n.md; src/lib/i18n/languages.ts chooseLanguage): the one this device used
// last, else the browser's first the app speaks, else English. <html lang> says it from the first
// paint; the build's painted screens (the static sign-in, the first paint of a page) are English,
// so in another language only a kept screen drawn in it is painted, else the spinner.
var LANGUAGE = (function () {
  var tags = [];
  try {
    tags.push(localStorage.getItem(LANGUAGE_KEY) || '');
  } catch {
    // No storage: the browser's language.
  }
  tags = tags.concat(navigator.languages || [navigator.language || '']);
  for (var i = 0; i < tags.length; i++) {
    var primary = String(tags[i] || '')
      .toLowerCase()
      .split(/[-_]/)[0];
    if (APP_LANGUAGES.indexOf(primary) >= 0) return primary;
  }
  return 'en';
})();
document.documentElement.lang = LANGUAGE;

// The first screen painted with the HTML (index.html): the sign-in screen for a signed-out visitor
// of /auth (html.boot-signin; its demo accounts with html.boot-demo), for a signed-in start the
// screen this device kept for the page or the build's first paint of it (html.boot-kept), the
// spinner for anything else. Painted before any script has loaded, it is the page's first and
// largest paint (docs/architecture.md "Loading: the first paint", "Loading: the kept screen" and
// "Loading: the first paint of a signed-in start").
(function () {
  var classes = document.documentElement.classList;
  // The build's project and backend (index.html's meta, filled in by Vite from the environment).
  var meta = document.querySelector('meta[name="' + BACKEND_META + '"]');
  var backend = ((meta && meta.getAttribute('content')) || '').split(' ');
  var session;
  try {
    session = localStorage.getItem(sessionKey(backend[0]));
  } catch {
    session = 'unknown';
  }
  if (!/^\/auth\/?$/.test(location.pathname)) {
    if (session && session !== 'unknown') {
      firstScreen(session);
      earlySidebarPresses();
    }
    return;
  }
  // Sign-up mode, or an answer from an auth e-mail link (lib/auth-redirect.ts): not the sign-in form.
  var query = location.search;
  var answer = location.hash + '&' + query;
  if (/[?&]mode=signup(&|$)/.test(query) || /(^|[#?&])(type|error|code)=/.test(answer)) return;
  // A stored session goes on from /auth to the app (lib/supabase-client.ts mayHaveSession).
  if (session !== null || LANGUAGE !== 'en') return;
  classes.add(SIGN_IN_CLASS);
  // The demo accounts are offered when the backend is on this machine (lib/env.ts isLoopbackUrl).
  var host = '';
  try {
    host = new URL(backend[1] || '').hostname.replace(/^\[|\]$/g, '');
  } catch {
    // Not a URL (no backend configured): no demo accounts, as in the app.
  }
  if (host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host))
    classes.add(DEMO_CLASS);

  // A signed-in start: the copy src/lib/kept-screen.ts made of this page for the signed-in
  // user, at this width (phone or desktop layout), or else the page's first paint made by the
  // build (src/app/layouts/first-paint.tsx: the frame and the page's heading, in the
  // <template id="boot-first-paint"> above). It goes before #root, inert and hidden from
  // assistive tech; #root is hidden meanwhile (index.html). The app's own screen takes its place
  // as soon as it shows its rows (a kept screen) or a page's heading (the frame), or after 10 s,
  // whatever it shows.
  function firstScreen(stored) {
    var user = null;
    try {
      user = JSON.parse(stored).user.id;
    } catch {
      // Not a session this build reads: the build's words only.
    }
    var shot = keptScreen(user);
    var frame = shot ? null : builtFirstPaint(user);
    if (!shot && !frame) return;
    classes.add(KEPT_CLASS);
    document.addEventListener('readystatechange', function show() {
      var root = document.getElementById('root');
      if (!root) return;
      document.removeEventListener('readystatechange', show);
      // Drawn with another build's stylesheet (the app was updated since): the build's own.
      var css = document.querySelector('link[rel="stylesheet"]');
      if (shot && (!css || css.href !== shot.css)) shot = null;
      frame = frame || (!shot && builtFirstPaint(stored));
      if (!shot && !frame) return classes.remove(KEPT_CLASS);
      var box = document.createElement('div');
      box.id = KEPT_ID;
      box.inert = true;
      box.setAttribute('aria-hidden', 'true');
      if (shot) box.innerHTML = shot.html;
      else box.append(frame);
      root.before(box);
      // A kept screen gives way to the app's rows (not to its skeleton); the frame, once the app
      // has drawn a page's heading (its data may still be coming: it shows that itself).
      var waiting = shot
        ? '#' + SPINNER_ID + ', [data-slot="skeleton"], [data-loading]'
        : '#' + SPINNER_ID;
      var observer = new MutationObserver(function () {
        if (root.querySelector(waiting)) return;
        if (shot ? root.firstElementChild : root.querySelector('h1')) release();
      });
      var timer = setTimeout(release, 10000);
      function release() {
        observer.disconnect();
        clearTimeout(timer);
        box.remove();
        classes.remove(KEPT_CLASS);
      }
      observer.observe(root, { childList: true, subtree: true });
    });
  }

  // A signed-in start: the sidebar's shortcut (Ctrl/Cmd+B) pressed before the app's frame listens
  // for it is not lost. Counted on <html> (the frame applies an odd count once as it mounts:
  // src/app/layouts/early-sidebar-presses.tsx), and shown at once on the painted frame's sidebar.
  function earlySidebarPresses() {
    var html = document.documentElement;
    window.addEventListener('keydown', function (e) {
      var count = html.getAttribute(SIDEBAR_PRESSES_ATTR);
      if (count === SIDEBAR_PRESSES_LIVE) return;
      if (e.key !== SIDEBAR_SHORTCUT || !(e.metaKey || e.ctrlKey)) return;
      e.preventDefault();
      html.setAttribute(SIDEBAR_PRESSES_ATTR, String((Number(count) || 0) + 1));
      var painted = document.querySelector('#' + KEPT_ID + ' [data-slot="sidebar"][data-state]');
      if (!painted || !matchMedia(WIDE_QUERY).matches) return;
      var collapse = painted.getAttribute('data-state') !== 'collapsed';
      painted.setAttribute('data-state', collapse ? 'collapsed' : 'expanded');
      painted.setAttribute('data-collapsible', collapse ? 'icon' : '');
    });
  }

  function keptScreen(user) {
    try {
      var kept = JSON.parse(localStorage.getItem(KEPT_SCREEN_KEY));
      var shot =
        kept.v === KEPT_SCREEN_VERSION &&
        user &&
        kept.user === user &&
        kept.screens[location.pathname + location.search];
      return shot &&
        shot.wide === matchMedia(WIDE_QUERY).matches &&
        (shot.lang || 'en') === LANGUAGE
        ? shot
        : null;
    } catch {
      return null;
    }
  }

  // The frame with this page's heading: in the words the app kept for this user on this device
  // (src/lib/first-paint-texts.ts: their language, as their access shows the page), else in the
  // build's English ones when the page looks the same to everyone.
  function builtFirstPaint(user) {
    var template = document.getElementById(FIRST_PAINT_ID);
    var path = location.pathname.replace(/(.)\/$/, '$1');
    var page;
    try {
      var kept = JSON.parse(localStorage.getItem(FIRST_PAINT_TEXTS_KEY));
      if (
        kept.v === FIRST_PAINT_TEXTS_VERSION &&
        user &&
        kept.user === user &&
        kept.lang === LANGUAGE
      )
        page = kept.pages[path];
    } catch {
      // None kept: the build's words.
    }
    try {
      page = page || (LANGUAGE === 'en' && JSON.parse(template.getAttribute('data-pages'))[path]);
    } catch {
      return null;
    }
    if (!page) return null;
    var frame = template.content.cloneNode(true);
    frame.querySelector('h1').textContent = page[0];
    frame.querySelector('h1 + p').textContent = page[1];
    // The sidebar as the user left it (the cookie components/ui/sidebar.tsx writes).
    if (
      (';' + document.cookie.replace(/;\s*/g, ';') + ';').includes(';' + SIDEBAR_COOKIE + '=false;')
    ) {
      var sidebar = frame.querySelector('[data-collapsible]');
      sidebar.setAttribute('data-state', 'collapsed');
      sidebar.setAttribute('data-collapsible', 'icon');
    }
    return frame;
  }
})();
// If the app cannot start (e.g. 'Missing required environment variables'), say so on the page.
window.addEventListener('error', function (e) {
  var root = document.getElementById('root');
  var message = (e.error && e.error.message) || e.message || '';
  // #boot is the static placeholder (with #boot-signin): gone once React has rendered anything.
  if (!root || !document.getElementById(SPINNER_ID) || !/environment variable/i.test(message))
    return;
  var box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:40rem;margin:10vh auto;padding:1.5rem;font-family:system-ui,sans-serif;line-height:1.5';
  var h = document.createElement('h1');
  h.textContent = 'Arivia Ops cannot start';
  var p = document.createElement('p');
  p.textContent = message;
  box.append(h, p);
  root.replaceChildren(box);
});
