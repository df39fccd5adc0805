// The QueryClient, created once outside render, with the data-fetching defaults of docs/areas.md, spec §9.
import { QueryClient } from '@tanstack/react-query';

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const RETRY_DELAY_CAP_MS = 30_000;

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, RETRY_DELAY_CAP_MS);
}

/**
 * Up to 3 retries for what may pass on a second try (network, timeouts, 5xx). An answer the
 * database gave on purpose - RLS refusal, bad input, no such row - fails at once instead of
 * keeping a spinner up for the whole back-off.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  // Offline a retry would wait, paused, for the network - and with it anything awaiting the read
  // (a save refreshing its screen). Fail now; the screen refetches when the connection returns.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && /^(PGRST|NO_DATA$|22|23|42)/.test(code));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a read runs once even offline, so the areas' reads can answer from this
      // device's copy; its retries wait for the network.
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        networkMode: 'offlineFirst',
      },
      // Writes go into the sync queue, which works offline: never paused (a paused mutation
      // would be lost with the page).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
