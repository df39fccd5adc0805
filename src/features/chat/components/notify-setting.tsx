// A conversation's notification preference (docs/chat.md "Notifications"): all messages, only
// mentions of me, or none; and, where the browser asks, the permission for system notifications
// (asked only from this button: a browser refuses a prompt that no tap asked for).
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { NOTIFY_LEVELS, useMyNotify, useSetNotify, type NotifyLevel } from '../api/set-notify';
import { messages } from './messages';

export interface NotifySettingProps {
  conversationId: string;
  className?: string;
}

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The permission as it is now; a change made in this tab is told to every subscriber. */
const permissionListeners = new Set<() => void>();
function subscribePermission(listener: () => void) {
  permissionListeners.add(listener);
  return () => permissionListeners.delete(listener);
}

/** Asks for system notifications (from a user gesture). */
async function askNotificationPermission(): Promise<Permission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  const answer = await Notification.requestPermission();
  for (const l of permissionListeners) l();
  return answer;
}

export function NotifySetting({ conversationId, className }: NotifySettingProps) {
  const t = useT(messages);
  const mine = useMyNotify(conversationId);
  const setNotify = useSetNotify(conversationId);
  const permission = useSyncExternalStore(
    subscribePermission,
    currentPermission,
    () => 'unsupported' as Permission,
  );
  const [asking, setAsking] = useState(false);
  const value = mine.data?.notify;
  const name = `notify-${conversationId}`;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <fieldset className="flex flex-col gap-2" disabled={mine.isPending}>
        <legend className="mb-1 text-sm font-medium">{t('notify.legend')}</legend>
        {NOTIFY_LEVELS.map((level: NotifyLevel) => (
          <label key={level} className="flex min-h-10 cursor-pointer items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={level}
              checked={value === level}
              onChange={() => setNotify.mutate(level)}
              className="accent-primary mt-0.5 size-4"
            />
            <span className="flex flex-col">
              <span>{t(`notify.level.${level}`)}</span>
              <span className="text-muted-foreground text-xs">{t(`notify.hint.${level}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {permission === 'default' ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={asking}
          onClick={() => {
            setAsking(true);
            void askNotificationPermission().finally(() => setAsking(false));
          }}
        >
          {t('notify.allowSystem')}
        </Button>
      ) : permission === 'denied' ? (
        <p className="text-muted-foreground text-xs">{t('notify.systemDenied')}</p>
      ) : permission === 'granted' ? (
        <p className="text-muted-foreground text-xs">{t('notify.systemOn')}</p>
      ) : null}
    </div>
  );
}
