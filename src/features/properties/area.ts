// What the properties area adds to other screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): the dashboard's "Properties today" card (lazy, its own chunk, and its read
// asked for by the dashboard's loader) and the words for its guest-ready reasons.
import { lazyPart, prefetchLazily, type AreaContribution } from '@/lib/areas';
import { hasPermission } from '@/lib/permissions';
import { messages } from './messages';

const PropertiesTodayCard = lazyPart(
  async () => (await import('./components/properties-today-card')).PropertiesTodayCard,
);

export const propertiesArea: AreaContribution = {
  area: 'properties',
  dashboardCards: [
    {
      key: 'properties-today',
      order: 10,
      visible: ({ permissions }) => hasPermission(permissions, 'properties.view'),
      Component: PropertiesTodayCard,
      preload: PropertiesTodayCard.preload,
      prefetch: (queryClient) =>
        prefetchLazily(queryClient, async () =>
          (await import('./api/get-properties-today')).getPropertiesTodayQueryOptions(),
        ),
    },
  ],
  // Getters: read as a reason is shown, in the language of the moment (docs/i18n.md).
  readinessReasons: {
    get archived() {
      return messages.t('reason.archived');
    },
    get inactive() {
      return messages.t('reason.inactive');
    },
    get reservation_conflict() {
      return messages.t('reason.reservation_conflict');
    },
  },
};
