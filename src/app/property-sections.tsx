// The app composes the property detail page's sections from other areas (src/lib/property-sections.ts):
// each is its own lazy chunk, loaded only when a villa's page shows it, so /auth and the properties
// list do not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import {
  PropertySectionsContext,
  type PropertySectionProps,
  type PropertySections,
} from '@/lib/property-sections';

const CleansSection = lazy(async () => ({
  default: (await import('@/features/housekeeping/components/property-cleans-section'))
    .PropertyCleansSection,
}));

function Cleans(props: PropertySectionProps) {
  return (
    <Suspense
      fallback={<p className="text-muted-foreground text-sm">Loading the villa's cleans…</p>}
    >
      <CleansSection {...props} />
    </Suspense>
  );
}

const WorkOrdersSection = lazy(async () => ({
  default: (await import('@/features/maintenance/components/property-work-orders-section'))
    .PropertyWorkOrdersSection,
}));

function WorkOrders(props: PropertySectionProps) {
  return (
    <Suspense
      fallback={<p className="text-muted-foreground text-sm">Loading the villa's work orders…</p>}
    >
      <WorkOrdersSection {...props} />
    </Suspense>
  );
}

const sections: PropertySections = { Cleans, WorkOrders };

/** Gives the property detail screen inside it the sections other areas add. */
export function PropertySectionsProvider({ children }: { children: ReactNode }) {
  return (
    <PropertySectionsContext.Provider value={sections}>{children}</PropertySectionsContext.Provider>
  );
}
