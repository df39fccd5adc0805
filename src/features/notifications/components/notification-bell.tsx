// The header's bell (docs/notifications.md): how many notifications are unread, and a list of the
// latest, each opening its record; "Mark all read". While the app is open a new one raises a toast;
// with the page hidden and the browser's permission given (asked for from the list, never on
// load), a system notification through the service worker, whose click opens the record (src/sw.ts).
import { Bell, BellRing } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDateTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { useLiveUpdates } from '@/lib/live-updates';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { notificationKeys } from '../api/keys';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import type { Notification } from '../api/types';
import { messages } from '../messages';
import { detailOf, headlineOf, linkOf, summaryOf } from '../words';

/** At most this many toasts for one batch (the badge counts the rest). */
const TOASTS_AT_ONCE = 3;

type Permission = NotificationPermission | 'unsupported';

const permissionNow = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** A system notification, through the service worker when there is one (the installed app). */
async function showSystemNotification(n: Notification) {
  const title = summaryOf(n);
  const options = { body: detailOf(n), tag: n.id, data: { url: linkOf(n) } };
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    await registration.showNotification(title, options);
    return;
  }
  const shown = new window.Notification(title, options);
  shown.onclick = () => {
    window.focus();
    window.location.assign(options.data.url);
  };
}

/** Toasts (page shown) or system notifications (page hidden) for rows not seen before. */
function useAlerts(rows: Notification[] | undefined) {
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!rows) return;
    if (known.current === null) {
      // What was already there when the app opened is in the list, not announced.
      known.current = new Set(rows.map((n) => n.id));
      return;
    }
    const fresh = rows.filter((n) => !known.current!.has(n.id));
    for (const n of fresh) known.current.add(n.id);
    const unread = fresh.filter((n) => n.read_at === null).reverse();
    if (unread.length === 0) return;
    if (document.visibilityState === 'hidden' && permissionNow() === 'granted') {
      for (const n of unread) void showSystemNotification(n).catch(() => undefined);
      return;
    }
    // The toast says what came; the bell's list opens it.
    for (const n of unread.slice(-TOASTS_AT_ONCE)) notify.info(summaryOf(n));
  }, [rows]);
}

function AlertsOnThisDevice() {
  const t = useT(messages);
  const [permission, setPermission] = useState<Permission>(permissionNow);
  if (permission === 'unsupported' || permission === 'granted') return null;
  if (permission === 'denied') {
    return <p className="text-muted-foreground px-2 py-1.5 text-xs">{t('bell.blocked')}</p>;
  }
  return (
    <DropdownMenuItem
      onSelect={(e) => {
        e.preventDefault();
        void Notification.requestPermission().then(setPermission);
      }}
    >
      <BellRing aria-hidden="true" />
      {t('bell.allow')}
    </DropdownMenuItem>
  );
}

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const t = useT(messages);
  const unread = n.read_at === null;
  return (
    <DropdownMenuItem asChild onSelect={onOpen}>
      <Link to={linkOf(n)} className="flex items-start gap-2 whitespace-normal">
        <span
          aria-hidden="true"
          className={cn(
            'mt-2 size-2 shrink-0 rounded-full',
            unread ? 'bg-primary' : 'bg-transparent',
          )}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm', unread && 'font-semibold')}>
            {unread ? <span className="sr-only">{t('bell.new')}</span> : null}
            {headlineOf(n)}
          </span>
          <span className="block text-sm break-words">{n.title}</span>
          {detailOf(n) ? (
            <span className="text-muted-foreground block text-xs break-words">{detailOf(n)}</span>
          ) : null}
          <span className="text-muted-foreground block text-xs">
            {formatDateTime(n.created_at)}
          </span>
        </span>
      </Link>
    </DropdownMenuItem>
  );
}

export function NotificationBell() {
  const t = useT(messages);
  const userId = useAuth().user?.id ?? '';
  const query = useNotifications(userId);
  const mark = useMarkNotificationsRead();
  useLiveUpdates(
    `notifications:${userId}`,
    [{ table: 'notifications', filter: `recipient_id=eq.${userId}` }],
    [notificationKeys.all],
  );
  useAlerts(query.data);

  const rows = query.data ?? [];
  const unread = rows.filter((n) => n.read_at === null).length;
  // The name holds the badge's text ("9+" past nine: axe's label-content-name-mismatch).
  const shown = unread > 9 ? '9+' : String(unread);
  const label =
    unread === 0
      ? t('bell.label')
      : unread > 9
        ? t('bell.labelManyUnread', { shown, count: unread })
        : t('bell.labelUnread', { shown });

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="bg-destructive absolute top-0 right-0 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs leading-none font-semibold text-white"
            >
              {shown}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        aria-label={t('bell.label')}
        className="w-96 max-w-[calc(100vw-2rem)] p-1"
      >
        <DropdownMenuLabel>
          {unread > 0 ? t('bell.unread', { count: unread }) : t('bell.nothingNew')}
        </DropdownMenuLabel>
        <DropdownMenuItem
          disabled={unread === 0}
          onSelect={(e) => {
            e.preventDefault();
            mark.mutate(null);
          }}
        >
          {t('bell.markAllRead')}
        </DropdownMenuItem>
        <AlertsOnThisDevice />
        {query.isError ? (
          <p className="text-muted-foreground px-2 py-1.5 text-xs">{t('bell.offline')}</p>
        ) : null}
        {rows.length > 0 ? <DropdownMenuSeparator /> : null}
        <div>
          {rows.map((n) => (
            <NotificationItem
              key={n.id}
              n={n}
              onOpen={() => {
                if (n.read_at === null) mark.mutate({ ids: [n.id] });
              }}
            />
          ))}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The header's action: the bell for a signed-in user with a role, nothing (and no read) else. */
export function HeaderBell() {
  const { user, roles } = useAuth();
  // Keyed by the user: what another account had is never announced as new.
  return user && roles.length > 0 ? <NotificationBell key={user.id} /> : null;
}
