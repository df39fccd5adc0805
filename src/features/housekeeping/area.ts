// What housekeeping adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): a villa's cleans on its page (lazy, its own chunk) and the words for its
// guest-ready reasons.
import { createElement } from 'react';
import { lazyPart, type AreaContribution } from '@/lib/areas';

const CleansSection = lazyPart(
  async () => (await import('./components/property-cleans-section')).PropertyCleansSection,
  createElement('p', { className: 'text-muted-foreground text-sm' }, "Loading the villa's cleans…"),
);

export const housekeepingArea: AreaContribution = {
  area: 'housekeeping',
  propertySections: [{ key: 'cleans', order: 10, title: 'Cleans', Component: CleansSection }],
  readinessReasons: {
    turnover_pending: 'Turnover clean not done',
    inspection_pending: 'Clean done, waiting for inspection',
  },
};
