// What inventory adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): the managers' low-stock card on the dashboard and a villa's stock on its page.
// Both are lazy (their own chunks; the card's read, asked for by the dashboard's loader, too).
import { lazyPart, prefetchLazily, type AreaContribution } from '@/lib/areas';
import { hasPermission } from '@/lib/permissions';
import { messages } from './messages';

const LowStockCard = lazyPart(
  async () => (await import('./components/dashboard-card')).LowStockCard,
);
const VillaStockSection = lazyPart(
  async () => (await import('./components/villa-stock-section')).VillaStockSection,
);
const reads = () => import('@/domain/inventory/reads');

export const inventoryArea: AreaContribution = {
  area: 'inventory',
  dashboardCards: [
    {
      key: 'low-stock',
      order: 40,
      visible: ({ permissions }) => hasPermission(permissions, 'inventory.manage'),
      Component: LowStockCard,
      preload: LowStockCard.preload,
      prefetch: (queryClient) =>
        prefetchLazily(queryClient, async () => (await reads()).lowStockQueryOptions()),
    },
  ],
  propertySections: [
    {
      key: 'stock',
      order: 30,
      // Read as the villa's page draws, in the language of the moment.
      get title() {
        return messages.t('stock.title');
      },
      visible: ({ permissions }) => hasPermission(permissions, 'inventory.view'),
      Component: VillaStockSection,
    },
  ],
};
