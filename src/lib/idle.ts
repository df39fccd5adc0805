/** Resolves once the page has loaded and the main thread is idle (work that must not compete
 * with the first screen: the auth client for a visitor with no session, the toaster). */
export function afterFirstScreen(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window)
        window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      else setTimeout(resolve, 1);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
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
