// The area registry, composed (src/lib/areas.ts; docs/adding-an-area.md "Register the area"):
// one line per area that adds to other areas' screens. The signed-in frame (layouts/app-layout.tsx)
// provides it to the dashboard, the property detail page and the header.
import { createElement, type ReactNode } from 'react';
import { AreasContext, composeAreas } from '@/lib/areas';
import { chatArea } from '@/features/chat/area';
import { housekeepingArea } from '@/features/housekeeping/area';
import { inventoryArea } from '@/features/inventory/area';
import { maintenanceArea } from '@/features/maintenance/area';
import { notificationsArea } from '@/features/notifications/area';
import { propertiesArea } from '@/features/properties/area';

export const areas = composeAreas([
  propertiesArea,
  housekeepingArea,
  maintenanceArea,
  inventoryArea,
  notificationsArea,
  chatArea,
]);

/**
 * Starts loading the dashboard's cards (as the dashboard's own chunk loads, not after it). A card
 * that cannot load (offline before it was ever loaded here) does not hold the dashboard back:
 * lazyPart's preload never fails, and the card shows its note in its place.
 */
export function preloadDashboardCards(): Promise<unknown> {
  return Promise.all(areas.dashboardCards.map((c) => c.preload?.()));
}

export function AreasProvider({ children }: { children: ReactNode }) {
  return createElement(AreasContext.Provider, { value: areas }, children);
}
