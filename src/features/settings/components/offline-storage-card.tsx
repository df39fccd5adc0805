// docs/areas.md Settings: install and offline status, storage used, and what is still waiting to
// sync. The Sync Queue panel belongs to the app frame; it is opened through its store.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HardDrive, ListChecks } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { useOnlineStatus } from '@/offline/network-status';
import { formatMegabytes, isRunningInstalled, storageStatusQueryOptions } from '@/offline/storage';
import { openSyncPanel } from '@/offline/sync-panel-store';
import { countEntries, useSyncQueue } from '@/offline/use-sync-queue';
import { useKeepDeviceData } from '../api/keep-device-data';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function OfflineStorageCard() {
  const { user } = useAuth();
  const online = useOnlineStatus();
  const installed = isRunningInstalled();
  const storage = useQuery(storageStatusQueryOptions());
  const { entries } = useSyncQueue();
  const counts = countEntries(entries, user?.id);
  const persist = useKeepDeviceData();

  const used =
    storage.data?.usage != null
      ? storage.data.quota != null
        ? `${formatMegabytes(storage.data.usage)} of ${formatMegabytes(storage.data.quota)}`
        : formatMegabytes(storage.data.usage)
      : storage.isPending
        ? 'Checking…'
        : 'Not reported by this browser';

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Offline and storage</h2>
        </CardTitle>
        <CardDescription>
          Changes made without a connection wait on this device and are sent when it returns.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="divide-y text-sm">
          <Row term="App">{installed ? 'Installed' : 'Running in the browser'}</Row>
          <Row term="Network">{online ? 'Online' : 'Offline'}</Row>
          <Row term="Storage used">{used}</Row>
          <Row term="Kept on this device">
            {storage.data?.persisted
              ? 'Yes, persistent'
              : installed
                ? 'Yes, installed app'
                : 'No, the browser may clear it when space runs low'}
          </Row>
          <Row term="Waiting to sync">{counts.pending + counts.needsLogin}</Row>
          <Row term="Refused by the server">{counts.rejected}</Row>
        </dl>
        <div className="flex flex-wrap gap-2">
          {storage.data && !storage.data.persisted && storage.data.supported && (
            <Button variant="outline" disabled={persist.isPending} onClick={() => persist.mutate()}>
              <HardDrive aria-hidden="true" />
              Keep data on this device
            </Button>
          )}
          <Button variant="outline" onClick={openSyncPanel}>
            <ListChecks aria-hidden="true" />
            Open Sync Queue
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
