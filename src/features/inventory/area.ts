// What inventory adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): until the area is built, a villa's page says where its stock will show.
import { createElement } from 'react';
import { Construction } from 'lucide-react';
import type { AreaContribution } from '@/lib/areas';

function StockComingSoon() {
  return createElement(
    'p',
    { className: 'text-muted-foreground flex items-center gap-2 text-sm' },
    createElement(Construction, { 'aria-hidden': 'true', className: 'size-4' }),
    'Stock levels for this villa will appear here when that area is built.',
  );
}

export const inventoryArea: AreaContribution = {
  area: 'inventory',
  propertySections: [{ key: 'stock', order: 30, title: 'Stock', Component: StockComingSoon }],
};
