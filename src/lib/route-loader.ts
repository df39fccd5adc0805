// Route loaders prefetch a screen's data as the route loads (docs/adding-an-area.md): the read
// starts with the screen's chunk instead of after its first render. The loader never waits for it
// and never fails the navigation: the screen's own query shows loading, errors and the device
// copy exactly as before, and shares the request (same query key).
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { mayHaveSession } from './supabase-client';

export function prefetchOnLoad<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): null {
  // A visitor with no session is sent to /auth by the guard: nothing of theirs to read.
  if (mayHaveSession()) void queryClient.ensureQueryData(options).catch(() => undefined);
  return null;
}
