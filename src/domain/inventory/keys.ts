// Inventory query keys: one factory for every area that reads or refreshes stock (the inventory
// screens, the dashboard's low-stock card, a villa's stock section), so a write's invalidation
// matches what the reads cache.
export const inventoryKeys = {
  all: ['inventory'] as const,
  /** Every item with its totals (the items list, the forms' pickers). */
  items: () => [...inventoryKeys.all, 'items'] as const,
  /** One item: its stock per location and its movements. */
  item: (id: string) => [...inventoryKeys.all, 'item', id] as const,
  locations: () => [...inventoryKeys.all, 'locations'] as const,
  /** Stock at or below its reorder threshold, with the suggested order. */
  lowStock: () => [...inventoryKeys.all, 'low-stock'] as const,
  /** One place's stock rows, by item (the count, transfer, par and pick-list forms). */
  place: (locationId: string) => [...inventoryKeys.all, 'place', locationId] as const,
  /** One villa's stock (its page). */
  villa: (propertyId: string) => [...inventoryKeys.all, 'villa', propertyId] as const,
  /** The staff's names (who made a movement). */
  staff: () => [...inventoryKeys.all, 'staff'] as const,
};
