import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useAfterFirstScreen } from '@/hooks/use-after-first-screen';
// Loaded with the entry: it keeps the browser's install offer, which can come before any screen.
import './pwa/install-prompt';

// The cards and the service worker's registration (workbox-window) wait for the first screen,
// as the toaster does: nothing of them is needed to show it.
const PwaCards = lazy(async () => ({ default: (await import('./pwa/pwa-cards')).PwaCards }));

/**
 * Every screen is lazy: while the next one loads, a centred spinner covers the page. The install
 * and update cards sit above every route.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const cards = useAfterFirstScreen();
  return (
    <>
      <Outlet />
      {cards ? (
        <Suspense fallback={null}>
          <PwaCards />
        </Suspense>
      ) : null}
      {navigation.state === 'loading' ? (
        <div className="delayed-fade-in bg-background/70 fixed inset-0 z-50 flex">
          <PageSpinner className="min-h-0" />
        </div>
      ) : null}
    </>
  );
}
