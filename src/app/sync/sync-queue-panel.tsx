// docs/areas.md, spec §2 Sync Queue panel: fixed bottom-right, the worker's size and requests (method,
// time, url), refreshed every 3 s and whenever the queue changes. Beyond the spec (docs/offline.md
// rule 4) each row says what the change is and, when the server refused it or the account must
// sign in again, why - with what the user can do about it. Nothing leaves the queue silently.
import { useEffect, useState } from 'react';
import { LogIn, RefreshCw, RotateCcw, Trash2, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { notify } from '@/lib/toast';
import { formatTimeSeconds } from '@/lib/company-time';
import { cn } from '@/lib/utils';
import { discardEntry, retryEntry } from '@/offline/queue';
import type { QueueEntry } from '@/offline/queue-entry';
import { closeSyncPanel, useSyncPanelOpen } from '@/offline/sync-panel-store';
import { requestReplay } from '@/offline/sync-engine';
import { useSyncQueue, type SyncQueueRow } from '@/offline/use-sync-queue';
import { useT } from '@/lib/i18n/catalog';
import { queueErrorText } from '@/offline/queue-error';
import { ConfirmDialog } from './confirm-dialog';
import { messages } from './messages';

// The app's one clock: the company's zone (src/lib/company-time.ts).
const timeOf = (ms: number) => formatTimeSeconds(ms);

type Localize = (message: string) => string;

/**
 * A server's refusal in the user's language (docs/i18n.md "Server messages"): the matcher loads
 * when the panel opens, not with the frame; until then the text shows as it came.
 */
function useServerMessages(): Localize {
  const [localize, setLocalize] = useState<Localize>(() => (message: string) => message);
  useEffect(() => {
    let live = true;
    void import('@/lib/server-messages/localize')
      .then((m) => {
        if (live) setLocalize(() => m.localizeServerMessage);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return localize;
}

export function SyncQueuePanel() {
  const open = useSyncPanelOpen();
  if (!open) return null;
  return <OpenPanel />;
}

function OpenPanel() {
  const t = useT(messages);
  const localize = useServerMessages();
  const { size, rows, isFetching, refresh } = useSyncQueue({ poll: true });
  const [discarding, setDiscarding] = useState<QueueEntry | null>(null);
  return (
    <section
      // The queue now, not part of the screen kept for the next start (lib/kept-screen.ts).
      data-not-kept=""
      aria-labelledby="sync-queue-title"
      className="bg-card text-card-foreground fixed right-4 bottom-4 z-40 flex max-h-[min(32rem,calc(100dvh-6rem))] w-96 max-w-[calc(100vw-2rem)] flex-col rounded-lg border shadow-lg"
    >
      <header className="flex items-center gap-2 border-b px-4 py-2">
        <h2 id="sync-queue-title" className="text-sm font-semibold">
          {t('panel.title')}
        </h2>
        <Badge
          variant={size > 0 ? 'default' : 'secondary'}
          className={cn(size === 0 && 'text-muted-foreground')}
          data-state={size > 0 ? 'active' : 'idle'}
        >
          {t('panel.pending', { count: size })}
        </Badge>
        <div className="ml-auto flex items-center">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('panel.refresh')}
            title={t('panel.refresh')}
            onClick={() => void refresh()}
          >
            <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('panel.close')}
            title={t('panel.close')}
            onClick={closeSyncPanel}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      </header>
      {rows.length === 0 ? (
        <p className="text-muted-foreground px-4 py-6 text-center text-sm">{t('panel.empty')}</p>
      ) : (
        <ul className="divide-y overflow-y-auto" aria-label={t('panel.list')}>
          {rows.map((row, i) => (
            <QueueRow
              key={row.entry?.mutationId ?? `${row.timestamp}-${row.url}-${i}`}
              row={row}
              onDiscard={setDiscarding}
              localize={localize}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(o) => {
          if (!o) setDiscarding(null);
        }}
        title={t('discard.title')}
        description={
          <p>
            {discarding?.label
              ? t('discard.bodyNamed', { label: discarding.label })
              : t('discard.body')}
          </p>
        }
        cancelLabel={t('discard.keep')}
        confirmLabel={t('discard.confirm')}
        destructive
        onConfirm={() => {
          const id = discarding?.id;
          setDiscarding(null);
          if (id !== undefined)
            discardEntry(id).catch(() => notify.error(messages.t('discard.failed')));
        }}
      />
    </section>
  );
}

function QueueRow({
  row,
  onDiscard,
  localize,
}: {
  row: SyncQueueRow;
  onDiscard: (entry: QueueEntry) => void;
  localize: Localize;
}) {
  const { entry } = row;
  return (
    <li className="space-y-1 px-4 py-2 text-sm" data-status={entry?.status ?? 'pending'}>
      <div className="flex items-center gap-2">
        <span className="font-mono text-xs font-semibold">{row.method}</span>
        <time
          className="text-muted-foreground text-xs"
          dateTime={new Date(row.timestamp).toISOString()}
        >
          {timeOf(row.timestamp)}
        </time>
      </div>
      <p className="text-muted-foreground font-mono text-xs break-all">{row.url}</p>
      {entry && <EntryDetails entry={entry} onDiscard={onDiscard} localize={localize} />}
    </li>
  );
}

function EntryDetails({
  entry,
  onDiscard,
  localize,
}: {
  entry: QueueEntry;
  onDiscard: (entry: QueueEntry) => void;
  localize: Localize;
}) {
  const t = useT(messages);
  const error = entry.lastError ? localize(queueErrorText(entry.lastError)) : null;
  const signOut = useSignOut();
  if (entry.status === 'rejected') {
    return (
      <div className="space-y-2">
        {entry.label && <p className="font-medium">{entry.label}</p>}
        <p className="text-destructive text-xs">
          {t('entry.refused', {
            reason: error ?? t('entry.noReason'),
          })}
        </p>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              if (entry.id === undefined) return;
              void retryEntry(entry.id)
                .then(() => requestReplay())
                .catch(() => notify.error(messages.t('entry.retryFailed')));
            }}
          >
            <RotateCcw aria-hidden="true" />
            {t('entry.retry')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDiscard(entry)}>
            <Trash2 aria-hidden="true" />
            {t('entry.discard')}
          </Button>
        </div>
      </div>
    );
  }
  if (entry.status === 'needs-login') {
    return (
      <div className="space-y-2">
        {entry.label && <p className="font-medium">{entry.label}</p>}
        <p className="text-xs">{t('entry.needsLogin')}</p>
        <Button
          size="sm"
          variant="outline"
          disabled={signOut.isPending}
          // Signing out keeps the queue; the change is sent once this account signs in again.
          onClick={signOut.signOutNow}
        >
          <LogIn aria-hidden="true" />
          {t('entry.signInAgain')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {entry.label && <p>{entry.label}</p>}
      {entry.attempts > 0 && (
        <p className="text-muted-foreground text-xs">
          {t('entry.attempt', { count: entry.attempts })}
          {entry.nextAttemptAt > 0 && t('entry.nextTry', { time: timeOf(entry.nextAttemptAt) })}
          {error !== null && ` (${error})`}
        </p>
      )}
    </>
  );
}
