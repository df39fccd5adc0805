// A count (docs/inventory.md "Count mode"): what is on the shelf at one location, as counted on the
// device. One inventory_count call per counted item through the sync queue (X-Mutation-Id), with
// `occurred_at` the moment it was counted: the server makes the difference from the stock as of
// that moment the movement, so the count is the truth then even when other movements land before
// it does. Its `apply` (the optimistic patch and the overlay while it waits) shows the counted
// quantity at the location.
import { queryOptions } from '@tanstack/react-query';
import { callWrite } from '@/offline/calls';
import { readList } from '@/offline/resource';
import { inventoryKeys } from './keys';
import { itemList, locationList, placeStock } from './reads';
import { countCall, type CountArgs } from './transitions';
import { messages } from './messages';
import type { PlaceStockRow } from './types';

/** The queued count of one item (its label in the sync queue names the item and the quantity). */
export const count = (item: { name: string }, args: CountArgs) =>
  callWrite(
    countCall,
    args,
    messages.t('queue.count', { quantity: args.counted_quantity, item: item.name }),
  );

/** What an item holds at a place, from the place's stock rows (0 where it has no row there). */
export const onHandAt = (place: readonly PlaceStockRow[], itemId: string): number =>
  place.find((s) => s.item_id === itemId)?.on_hand ?? 0;

/** Whether the item is stocked at the place (a row there: par level, threshold or stock). */
export const stockedAt = (place: readonly PlaceStockRow[], itemId: string): boolean =>
  place.some((s) => s.item_id === itemId);

// ---- Where one may count, kept on this device ----------------------------------------------------

const KIND_ORDER = { van: 0, property: 1, warehouse: 2 } as const;

export const countLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [...inventoryKeys.locations(), 'count'] as const,
    // The one kept list of locations (./reads.ts), in count mode's order: vans first.
    queryFn: async () =>
      [...(await readList(locationList, 'active')).rows].sort(
        (a, b) =>
          KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
          a.name.localeCompare(b.name) ||
          a.id.localeCompare(b.id),
      ),
  });

// ---- The places of a day, kept for counting offline ----------------------------------------------

/**
 * Reads onto this device what count mode needs for the day's villas and the user's own van (the
 * items, the places, and each of those places' stock), so a villa of the day is counted offline
 * even if its count was never opened with signal. Part of making the day available offline (My
 * route's "Ready for offline"); online only, and only for users who count (`inventory.adjust`).
 */
export async function keepDayPlacesForCount(
  userId: string,
  propertyIds: readonly string[],
): Promise<void> {
  const [locations] = await Promise.all([
    readList(locationList, 'active').then((r) => r.rows),
    readList(itemList, 'active'),
  ]);
  const villas = new Set(propertyIds);
  const places = locations.filter(
    (l) =>
      (l.kind === 'property' && l.property_id !== null && villas.has(l.property_id)) ||
      (l.kind === 'van' && l.holder_id === userId),
  );
  await Promise.all(places.map((l) => readList(placeStock, l.id)));
}
