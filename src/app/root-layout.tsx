import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useAfterFirstScreen } from '@/hooks/use-after-first-screen';
// Loaded with the entry: it keeps the browser's install offer, which can come before any screen.
import { installCardVisible, useInstallState } from './pwa/install-prompt';

// The service worker's registration (workbox-window) waits for the first screen; the cards' own
// code loads only when one of them has something to show (an install offer, a waiting version).
const PwaCards = lazy(async () => ({ default: (await import('./pwa/pwa-cards')).PwaCards }));

function usePwaCardsWanted(): boolean {
  const afterFirstScreen = useAfterFirstScreen();
  const install = installCardVisible(useInstallState());
  const [update, setUpdate] = useState(false);
  useEffect(() => {
    if (!afterFirstScreen) return;
    let active = true;
    let unsubscribe: (() => void) | undefined;
    void import('./pwa/service-worker').then((sw) => {
      if (!active) return;
      sw.startServiceWorker();
      const read = () => setUpdate(sw.updateState().available);
      unsubscribe = sw.subscribeUpdateState(read);
      read();
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [afterFirstScreen]);
  return afterFirstScreen && (install || update);
}

/**
 * Every screen is lazy: while the next one loads, a centred spinner covers the page. The install
 * and update cards sit above every route.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const cards = usePwaCardsWanted();
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
          <PageSpinner fill />
        </div>
      ) : null}
    </>
  );
}
