// Runs before first paint (index.html loads it, blocking, in <head>): a file rather than an inline
// script, so the app's Content-Security-Policy can forbid inline scripts (docs/server-hardening.md).
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
// If the app cannot start (e.g. 'Missing required environment variables'), say so on the page.
window.addEventListener('error', function (e) {
  var root = document.getElementById('root');
  var message = (e.error && e.error.message) || e.message || '';
  // #boot is the static placeholder below: gone once React has rendered anything.
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
