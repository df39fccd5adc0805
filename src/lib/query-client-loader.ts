// The QueryClient (and TanStack Query with it) loads when the first signed-in screen or the
// signed-in user's access needs it, not with the entry: /auth never reads through it. Every lazy
// route but the sign-in screen awaits it before rendering (app/router.tsx), so a screen's
// useQuery always finds it; the root provider hands it down once loaded (app/providers.tsx).
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ queryClient }) => {
    // What QueryClientProvider does on mount: refetch on focus and reconnect.
    queryClient.mount();
    client = queryClient;
    for (const l of listeners) l();
    return queryClient;
  });
  return loading;
}

/** The client if it has loaded (for work that has nothing to do without it: clearing it). */
export function loadedQueryClient(): QueryClient | null {
  return client;
}

export function subscribeQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
