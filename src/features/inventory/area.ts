// What inventory adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): the managers' low-stock card on the dashboard, a villa's stock on its page and
// its "Count stock" action, what a finished clean consumed and the parts used on a work order.
// All but the small count link are lazy (their own chunks; the card's read, asked for by the dashboard's loader, too).
import { createElement } from 'react';
import { lazyPart, prefetchLazily, type AreaContribution } from '@/lib/areas';
import { hasPermission } from '@/lib/permissions';
import { messages } from './messages';
import { CountLink } from './components/count-link';

const LowStockCard = lazyPart(
  async () => (await import('./components/dashboard-card')).LowStockCard,
);
const VillaStockSection = lazyPart(
  async () => (await import('./components/villa-stock-section')).VillaStockSection,
);
const reads = () => import('@/domain/inventory/reads');

// What a finished clean consumed (its own chunk, loaded when a finished clean shows it).
const ConsumeClean = lazyPart(
  async () => (await import('./components/consume-clean')).ConsumeClean,
);

// Parts used on a work order (its own chunk, loaded when a work order's detail shows it).
const WorkOrderParts = lazyPart(
  async () => (await import('./components/work-order-parts')).WorkOrderParts,
);

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
  // Count this villa's stock (count mode, docs/inventory.md), for those who may count.
  propertyActions: [
    {
      key: 'count-stock',
      order: 30,
      Component: ({ propertyId }) => createElement(CountLink, { propertyId }),
    },
  ],
  cleanDoneParts: [
    {
      key: 'consumption',
      order: 10,
      visible: ({ permissions }) => hasPermission(permissions, 'inventory.adjust'),
      Component: ConsumeClean,
    },
  ],
  workOrderParts: [
    {
      key: 'parts',
      order: 10,
      visible: ({ permissions }) => hasPermission(permissions, 'inventory.adjust'),
      Component: WorkOrderParts,
    },
  ],
};
