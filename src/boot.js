// Runs before first paint, in index.html's <head>: the build puts it there, minified
// (vite.config.ts inlineBoot), and the Content-Security-Policy allows it by its hash like every
// inline script of the build (server/app.ts inlineScriptHashes). Plain ES2019, no imports.
// Apply the stored theme (localStorage `theme`: light | dark | system) before first paint.
(function () {
  var t = 'system';
  try {
    t = localStorage.getItem('theme') || 'system';
  } catch {
    // Storage may be unavailable (private mode): the system theme applies.
  }
  var dark =
    t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
// The first screen painted with the HTML (index.html): the sign-in screen for a signed-out visitor
// of /auth (html.boot-signin; its demo accounts with html.boot-demo), for a signed-in start the
// screen this device kept for the page (html.boot-kept), the spinner for anything else. Painted
// before any script has loaded, it is the page's first and largest paint (docs/architecture.md
// "Loading: the first paint" and "Loading: the kept screen").
(function () {
  var classes = document.documentElement.classList;
  // The build's project and backend (index.html's meta, filled in by Vite from the environment).
  var meta = document.querySelector('meta[name="arivia-backend"]');
  var backend = ((meta && meta.getAttribute('content')) || '').split(' ');
  var session;
  try {
    session = localStorage.getItem('sb-' + backend[0] + '-auth-token');
  } catch {
    session = 'unknown';
  }
  if (!/^\/auth\/?$/.test(location.pathname)) {
    if (session && session !== 'unknown') keptScreen(session);
    return;
  }
  // Sign-up mode, or an answer from an auth e-mail link (lib/auth-redirect.ts): not the sign-in form.
  var query = location.search;
  var answer = location.hash + '&' + query;
  if (/[?&]mode=signup(&|$)/.test(query) || /(^|[#?&])(type|error|code)=/.test(answer)) return;
  // A stored session goes on from /auth to the app (lib/supabase-client.ts mayHaveSession).
  if (session !== null) return;
  classes.add('boot-signin');
  // The demo accounts are offered when the backend is on this machine (lib/env.ts isLoopbackUrl).
  var host = '';
  try {
    host = new URL(backend[1] || '').hostname.replace(/^\[|\]$/g, '');
  } catch {
    // Not a URL (no backend configured): no demo accounts, as in the app.
  }
  if (host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host))
    classes.add('boot-demo');

  // The copy src/lib/kept-screen.ts made of this page for the signed-in user, at this width
  // (phone or desktop layout), goes before #root, inert and hidden from assistive tech; #root is
  // hidden meanwhile (index.html). The app's own screen takes its place as soon as it shows more
  // than a spinner or a skeleton (or after 10 s, whatever it shows).
  function keptScreen(stored) {
    var shot;
    try {
      var kept = JSON.parse(localStorage.getItem('arivia-ops-kept-screen'));
      shot =
        kept.user === JSON.parse(stored).user.id &&
        kept.screens[location.pathname + location.search];
    } catch {
      return;
    }
    if (!shot || shot.wide !== matchMedia('(min-width: 768px)').matches) return;
    classes.add('boot-kept');
    document.addEventListener('readystatechange', function show() {
      var root = document.getElementById('root');
      if (!root) return;
      document.removeEventListener('readystatechange', show);
      // Drawn with another build's stylesheet (the app was updated since): not shown.
      var css = document.querySelector('link[rel="stylesheet"]');
      if (!css || css.href !== shot.css) return classes.remove('boot-kept');
      var box = document.createElement('div');
      box.id = 'boot-kept';
      box.inert = true;
      box.setAttribute('aria-hidden', 'true');
      box.innerHTML = shot.html;
      root.before(box);
      var observer = new MutationObserver(function () {
        if (root.querySelector('#boot, [data-slot="skeleton"], [data-loading]')) return;
        if (root.firstElementChild) release();
      });
      var timer = setTimeout(release, 10000);
      function release() {
        observer.disconnect();
        clearTimeout(timer);
        box.remove();
        classes.remove('boot-kept');
      }
      observer.observe(root, { childList: true, subtree: true });
    });
  }
})();
// If the app cannot start (e.g. 'Missing required environment variables'), say so on the page.
window.addEventListener('error', function (e) {
  var root = document.getElementById('root');
  var message = (e.error && e.error.message) || e.message || '';
  // #boot is the static placeholder (with #boot-signin): gone once React has rendered anything.
  if (!root || !document.getElementById('boot') || !/environment variable/i.test(message)) return;
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
