import { lazy, Suspense, useEffect } from 'react';
import { useAfterFirstScreen } from '@/hooks/use-after-first-screen';
import { TOAST_DURATION_MS, TOAST_VISIBLE, toasterMounted } from '@/lib/toast';

const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

function Ready() {
  // Runs after the toaster (an earlier sibling) has subscribed to the toast store.
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The app's single toaster: 3 visible, 4000 ms. Mounted once the first screen is up. */
export function AppToaster() {
  const mounted = useAfterFirstScreen();
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Top centre: the Sync Queue panel holds the bottom-right corner, the update and install
          cards the bottom-left. */}
      <Toaster
        position="top-center"
        visibleToasts={TOAST_VISIBLE}
        duration={TOAST_DURATION_MS}
        closeButton
      />
      <Ready />
    </Suspense>
  );
}
