// What housekeeping adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): a villa's cleans on its page (lazy, its own chunk) and the words for its
// guest-ready reasons.
//
// Its words are read when shown (getters), so they follow the language of the moment
// (docs/i18n.md).
import { createElement } from 'react';
import { lazyPart, type AreaContribution } from '@/lib/areas';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';

function LoadingCleans() {
  const t = useT(messages);
  return createElement('p', { className: 'text-muted-foreground text-sm' }, t('villa.loading'));
}

const CleansSection = lazyPart(
  async () => (await import('./components/property-cleans-section')).PropertyCleansSection,
  createElement(LoadingCleans),
);

export const housekeepingArea: AreaContribution = {
  area: 'housekeeping',
  propertySections: [
    {
      key: 'cleans',
      order: 10,
      get title() {
        return messages.t('area.section');
      },
      Component: CleansSection,
    },
  ],
  readinessReasons: {
    get turnover_pending() {
      return messages.t('reason.turnover_pending');
    },
    get inspection_pending() {
      return messages.t('reason.inspection_pending');
    },
  },
};
