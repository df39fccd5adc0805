import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
