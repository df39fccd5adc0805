// docs/areas.md, spec §2 offline banner: offline, it says changes will sync and offers the queue; back
// online while the queue panel is open, it says so and Close closes the panel and the banner.
// In the page's flow under the sticky header, so it never covers the header's controls.
import { useState } from 'react';
import { CloudOff, Wifi } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOnlineStatus } from '@/offline/network-status';
import { useT } from '@/lib/i18n/catalog';
import { closeSyncPanel, openSyncPanel, useSyncPanelOpen } from '@/offline/sync-panel-store';
import { messages } from './messages';

export function OfflineBanner() {
  const t = useT(messages);
  const online = useOnlineStatus();
  const panelOpen = useSyncPanelOpen();
  // "Back online" is about coming back: remembered from the moment the network went away until
  // the panel closes (opening the panel while online says nothing about the network).
  const [wentOffline, setWentOffline] = useState(!online);
  if (!online && !wentOffline) setWentOffline(true);
  if (online && !panelOpen && wentOffline) setWentOffline(false);

  const backOnline = online && panelOpen && wentOffline;
  return (
    // The live region stays mounted so screen readers hear the text when it appears.
    // The connection now, not part of the screen kept for the next start (lib/kept-screen.ts).
    <div role="status" aria-live="polite" className="sticky top-14 z-10" data-not-kept="">
      {!online && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          <p className="min-w-0 flex-1">{t('banner.offline')}</p>
          <Button size="sm" variant="outline" className="text-foreground" onClick={openSyncPanel}>
            {t('banner.viewQueue')}
          </Button>
        </div>
      )}
      {backOnline && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-emerald-300 bg-emerald-50 px-4 py-2 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50">
          <Wifi aria-hidden="true" className="size-4 shrink-0" />
          <p className="min-w-0 flex-1">{t('banner.backOnline')}</p>
          <Button size="sm" variant="outline" className="text-foreground" onClick={closeSyncPanel}>
            {t('banner.close')}
          </Button>
        </div>
      )}
    </div>
  );
}
