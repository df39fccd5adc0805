// The unread messages beside Team Chat in the app's menu (contributed by ../area.ts, lazy): live.
import { SidebarMenuBadge } from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { useUnread } from '../api/get-unread';
import { unreadLabel } from './conversation-title';

export function ChatNavBadge() {
  const t = useT(messages);
  const unread = useUnread(useAuth().user?.id ?? '').data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <SidebarMenuBadge
      aria-label={t('dashboard.navUnread', { count: unread })}
      data-testid="chat-unread-badge"
    >
      {unreadLabel(unread)}
    </SidebarMenuBadge>
  );
}
