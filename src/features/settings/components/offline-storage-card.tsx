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
import { useT } from '@/lib/i18n/catalog';
import { useKeepDeviceData } from '../api/keep-device-data';
import { messages } from '../messages';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function OfflineStorageCard() {
  const t = useT(messages);
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
        ? t('storage.usedOf', {
            used: formatMegabytes(storage.data.usage),
            quota: formatMegabytes(storage.data.quota),
          })
        : formatMegabytes(storage.data.usage)
      : storage.isPending
        ? t('storage.checking')
        : t('storage.notReported');

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('storage.title')}</h2>
        </CardTitle>
        <CardDescription>{t('storage.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="divide-y text-sm">
          <Row term={t('storage.app')}>
            {installed ? t('storage.installed') : t('storage.inBrowser')}
          </Row>
          <Row term={t('storage.network')}>
            {online ? t('storage.online') : t('storage.offline')}
          </Row>
          <Row term={t('storage.used')}>{used}</Row>
          <Row term={t('storage.kept')}>
            {storage.data?.persisted
              ? t('storage.keptPersistent')
              : installed
                ? t('storage.keptInstalled')
                : t('storage.keptNo')}
          </Row>
          <Row term={t('storage.waiting')}>{counts.pending + counts.needsLogin}</Row>
          <Row term={t('storage.refused')}>{counts.rejected}</Row>
        </dl>
        <div className="flex flex-wrap gap-2">
          {storage.data && !storage.data.persisted && storage.data.supported && (
            <Button variant="outline" disabled={persist.isPending} onClick={() => persist.mutate()}>
              <HardDrive aria-hidden="true" />
              {t('storage.keep')}
            </Button>
          )}
          <Button variant="outline" onClick={openSyncPanel}>
            <ListChecks aria-hidden="true" />
            {t('storage.openQueue')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
