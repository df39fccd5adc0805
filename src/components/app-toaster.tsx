import { lazy, Suspense, useEffect } from 'react';
import { TOAST_DURATION_MS, TOAST_VISIBLE, toasterMounted } from '@/lib/toast';

const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

function Ready() {
  // Runs after the toaster (an earlier sibling) has subscribed to the toast store.
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The app's single toaster: 3 visible, 4000 ms. */
export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={TOAST_VISIBLE} duration={TOAST_DURATION_MS} closeButton />
      <Ready />
    </Suspense>
  );
}
