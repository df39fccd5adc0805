import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/lib/routes';
import { InstallCard } from './install-card';
import { startServiceWorker } from './service-worker';
import { UpdateCard } from './update-card';

/**
 * The update and install cards, on every route. Bottom-left (full width on phones) because the
 * Sync Queue panel owns the bottom-right corner. Also starts the service worker once.
 */
export function PwaCards() {
  useEffect(() => startServiceWorker(), []);
  // The /install page says it all, with its own Install App button.
  const onInstallPage = useLocation().pathname === paths.install.path;
  return (
    // A moment's offer, not part of the screen kept for the next start (lib/kept-screen.ts).
    <div
      data-not-kept=""
      className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex flex-col gap-2 sm:right-auto sm:left-4 sm:w-80 [&>*]:pointer-events-auto"
    >
      <UpdateCard />
      {onInstallPage ? null : <InstallCard />}
    </div>
  );
}
