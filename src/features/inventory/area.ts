// What inventory adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): until the area is built, a villa's page says where its stock will show.
import { createElement } from 'react';
import { Construction } from 'lucide-react';
import { lazyPart, type AreaContribution } from '@/lib/areas';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { messages } from './messages';
import { CountLink } from './components/count-link';

function StockComingSoon() {
  const t = useT(messages);
  return createElement(
    'p',
    { className: 'text-muted-foreground flex items-center gap-2 text-sm' },
    createElement(Construction, { 'aria-hidden': 'true', className: 'size-4' }),
    t('stock.comingSoon'),
  );
}

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
  propertySections: [
    {
      key: 'stock',
      order: 30,
      // Read as the villa's page draws, in the language of the moment.
      get title() {
        return messages.t('stock.title');
      },
      Component: StockComingSoon,
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
