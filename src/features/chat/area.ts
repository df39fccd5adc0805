// What team chat adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): the unread messages beside Team Chat in the menu and the dashboard's
// "Unread messages" card, both lazy (their own chunks; the card's read asked for by the
// dashboard's loader). The "Discuss" button on a clean and a work order is src/domain/chat.
import { lazyPart, prefetchLazily, type AreaContribution } from '@/lib/areas';
import { hasPermission } from '@/lib/permissions';

const ChatNavBadge = lazyPart(async () => (await import('./components/nav-badge')).ChatNavBadge);
const UnreadMessagesCard = lazyPart(
  async () => (await import('./components/dashboard-card')).UnreadMessagesCard,
);
const reads = () => import('./api/get-unread');

export const chatArea: AreaContribution = {
  area: 'chat',
  dashboardCards: [
    {
      key: 'unread-messages',
      order: 50,
      visible: ({ permissions }) => hasPermission(permissions, 'chat.use'),
      Component: UnreadMessagesCard,
      preload: UnreadMessagesCard.preload,
      prefetch: (queryClient, viewer) =>
        prefetchLazily(queryClient, async () => (await reads()).unreadQueryOptions(viewer.userId)),
    },
  ],
  navBadges: [
    {
      key: 'unread-messages',
      route: 'teamChat',
      visible: ({ permissions }) => hasPermission(permissions, 'chat.use'),
      Component: ChatNavBadge,
    },
  ],
};
