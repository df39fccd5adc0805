import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import {
  subscribeToasterWanted,
  TOAST_DURATION_MS,
  TOAST_VISIBLE,
  toasterMounted,
  toasterWanted,
  whenLoaded,
} from '@/lib/toast';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '@/lib/messages';

// Asked for again when the signal is back, if it could not come (./lib/toast.ts `whenLoaded`).
const Toaster = lazy(() =>
  whenLoaded(async () => ({ default: (await import('@/components/ui/sonner')).Toaster })),
);

function Ready() {
  // Runs after the toaster (an earlier sibling) has subscribed to the toast store.
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The app's single toaster: 3 visible, 4000 ms. Mounted when the first toast is raised. */
export function AppToaster() {
  const t = useT(messages);
  const mounted = useSyncExternalStore(subscribeToasterWanted, toasterWanted);
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
        containerAriaLabel={t('toaster.region')}
        toastOptions={{ closeButtonAriaLabel: t('toaster.close') }}
      />
      <Ready />
    </Suspense>
  );
}
