// What maintenance adds to other areas' screens (the registry: src/lib/areas.ts, composed in
// src/app/areas.ts): the dashboard's work-order cards, a villa's work orders, "Report a problem" in
// the header and beside a villa's guest-ready state, and the words for its guest-ready reason.
// The cards and the section are lazy (their own chunks; the cards' reads, asked for by the
// dashboard's loader, too); the link is small and comes with the frame.
import { createElement } from 'react';
import { lazyPart, prefetchLazily, type AreaContribution } from '@/lib/areas';
import { hasAnyPermission, hasPermission } from '@/lib/permissions';
import { ReportProblemLink } from './components/report-problem-link';
import { messages } from './messages';

const UrgentWorkOrdersCard = lazyPart(
  async () => (await import('./components/dashboard-cards')).UrgentWorkOrdersCard,
);
const MyWorkOrdersCard = lazyPart(
  async () => (await import('./components/dashboard-cards')).MyWorkOrdersCard,
);
/** The cards' reads, in their own module (loaded as the dashboard's loader asks for them). */
const cardReads = () => import('./api/get-work-orders-today');

const WorkOrdersSection = lazyPart(
  async () => (await import('./components/property-work-orders-section')).PropertyWorkOrdersSection,
  // A component, so the note is in the language of the moment.
  createElement(function SectionLoading() {
    return createElement(
      'p',
      { className: 'text-muted-foreground text-sm' },
      messages.t('area.sectionLoading'),
    );
  }),
);

export const maintenanceArea: AreaContribution = {
  area: 'maintenance',
  dashboardCards: [
    {
      key: 'urgent-work-orders',
      order: 20,
      visible: ({ permissions }) => hasPermission(permissions, 'maintenance.manage'),
      Component: UrgentWorkOrdersCard,
      preload: UrgentWorkOrdersCard.preload,
      prefetch: (queryClient) =>
        prefetchLazily(queryClient, async () => (await cardReads()).urgentWorkOrdersQueryOptions()),
    },
    {
      key: 'my-work-orders',
      order: 30,
      visible: ({ permissions }) => hasPermission(permissions, 'maintenance.work'),
      Component: MyWorkOrdersCard,
      preload: MyWorkOrdersCard.preload,
      prefetch: (queryClient, { userId }) =>
        prefetchLazily(queryClient, async () =>
          (await cardReads()).myWorkOrdersQueryOptions(userId),
        ),
    },
  ],
  propertySections: [
    {
      key: 'work-orders',
      order: 20,
      // Read as the villa's page draws: in the language of the moment.
      get title() {
        return messages.t('area.sectionTitle');
      },
      visible: ({ permissions }) =>
        hasAnyPermission(permissions, ['maintenance.view', 'maintenance.manage']),
      Component: WorkOrdersSection,
    },
  ],
  headerActions: [
    {
      key: 'report-problem',
      order: 10,
      // On a villa's page the report is about that villa; the words hide on phones.
      Component: ({ propertyId }) =>
        createElement(ReportProblemLink, { propertyId, iconOnlyOnPhones: true }),
    },
  ],
  propertyActions: [
    {
      key: 'report-problem',
      order: 10,
      Component: ({ propertyId }) => createElement(ReportProblemLink, { propertyId }),
    },
  ],
  readinessReasons: {
    // Read as a villa's state is shown: in the language of the moment.
    get work_order_blocking() {
      return messages.t('area.reasonBlocking');
    },
  },
};
