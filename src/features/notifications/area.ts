// What notifications add to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): the header's bell (docs/notifications.md). Everything of it - the check that
// the user has a role, the read, the live subscription - is one lazy chunk, so the signed-in
// frame carries only this line.
import { lazyPart, type AreaContribution } from '@/lib/areas';

export const notificationsArea: AreaContribution = {
  area: 'notifications',
  headerActions: [
    {
      key: 'notifications',
      order: 20,
      Component: lazyPart(async () => (await import('./components/notification-bell')).HeaderBell),
    },
  ],
};
