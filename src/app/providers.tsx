import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { AppToaster } from '@/components/app-toaster';
import { ThemeProvider } from '@/components/theme-provider';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { loadedQueryClient, subscribeQueryClient } from '@/lib/query-client-loader';
import { SyncEngineStarter } from './sync-engine-starter';

/**
 * The QueryClient is handed down once it has loaded (lib/query-client-loader.ts): the sign-in
 * screen renders without TanStack Query, and every other screen's lazy route awaits the client.
 * The context itself (not QueryClientProvider) so that the tree keeps its shape when it arrives.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const queryClient = useSyncExternalStore(subscribeQueryClient, loadedQueryClient);
  return (
    <QueryClientContext.Provider value={queryClient ?? undefined}>
      <ThemeProvider>
        <AuthProvider>
          {queryClient ? <SyncEngineStarter /> : null}
          {children}
        </AuthProvider>
        <AppToaster />
      </ThemeProvider>
    </QueryClientContext.Provider>
  );
}
