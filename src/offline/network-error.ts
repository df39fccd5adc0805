// Tells a fetch that failed for want of a network from an answer the server gave. Its own module:
// the sign-in screen's code uses it without loading the local database.

/** A fetch that failed for want of a network (not an answer the server gave). */
export function isNetworkError(e: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const message =
    e instanceof Error ? e.message : String((e as { message?: unknown })?.message ?? e);
  return /Failed to fetch|NetworkError|Load failed|fetch failed|network|ERR_INTERNET_DISCONNECTED/i.test(
    message,
  );
}
