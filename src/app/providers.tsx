import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppToaster } from '@/components/app-toaster';
import { ThemeProvider } from '@/components/theme-provider';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { queryClient } from '@/lib/query-client';
import { SyncEngineStarter } from './sync-engine-starter';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <SyncEngineStarter />
          {children}
        </AuthProvider>
        <AppToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
