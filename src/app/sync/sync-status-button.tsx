// The header's way into the Sync Queue panel, online or not: a cloud with the number of changes
// still on this device.
import { Cloud, CloudOff, CloudUpload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOnlineStatus } from '@/offline/network-status';
import { closeSyncPanel, openSyncPanel, useSyncPanelOpen } from '@/offline/sync-panel-store';
import { useSyncQueue } from '@/offline/use-sync-queue';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';

export function SyncStatusButton() {
  const t = useT(messages);
  const online = useOnlineStatus();
  const open = useSyncPanelOpen();
  const { size } = useSyncQueue();
  const Icon = !online ? CloudOff : size > 0 ? CloudUpload : Cloud;
  return (
    <Button
      variant="ghost"
      size={size > 0 ? 'sm' : 'icon'}
      className="h-9"
      aria-expanded={open}
      title={size > 0 ? t('button.waiting', { count: size }) : t('button.queue')}
      onClick={open ? closeSyncPanel : openSyncPanel}
    >
      <Icon aria-hidden="true" />
      {/* The name holds the visible count (WCAG 2.5.3): "Sync queue 2". */}
      <span className="sr-only">{t('button.queue')}</span>
      {size > 0 && (
        <>
          {' '}
          <span className="tabular-nums">{size}</span>
        </>
      )}
    </Button>
  );
}
