/** Resolves when the main thread is next idle, at the latest after `timeoutMs`. */
function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}

/** What #root shows while a screen or its data loads (PageSpinner, the skeletons). */
const LOADING = '[data-loading], [data-slot="skeleton"]';

/**
 * Resolves once the first screen is drawn with its data: after the page's load event, when
 * #root shows something and no spinner or skeleton, then an idle period; at the latest
 * `timeoutMs` after the load (a screen left loading, offline with nothing kept). For work that
 * would compete with drawing the first screen's data, on the phone's CPU and its connection: the
 * service worker's install (it downloads every chunk of the app) and the realtime connection.
 * Begun while that data was arriving, the install's work stretched the first screen's tasks
 * (bench/README.md "Issue 17: the start in smaller tasks").
 */
export function afterFirstScreenDrawn(timeoutMs = 10_000): Promise<void> {
  return afterLoad()
    .then(
      () =>
        new Promise<void>((resolve) => {
          const root = document.getElementById('root');
          const drawn = () => !root || (!!root.firstElementChild && !root.querySelector(LOADING));
          if (drawn()) return resolve();
          const observer = new MutationObserver(() => {
            if (drawn()) settle();
          });
          const timer = setTimeout(settle, timeoutMs);
          function settle() {
            observer.disconnect();
            clearTimeout(timer);
            resolve();
          }
          observer.observe(root!, { childList: true, subtree: true });
        }),
    )
    .then(() => whenIdle());
}

/** Resolves after the page's load event (at once if it has passed). */
export function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

/**
 * Resolves in a later task, so the work before and after it are separate tasks: no long task
 * holds the main thread while the app starts (main.tsx).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
