// The items with their stock per location, and the locations (src/domain/inventory/reads.ts: kept
// on this device for field staff, with queued receives and transfers on top).
import { useQuery } from '@tanstack/react-query';
import { itemsQueryOptions, locationsQueryOptions } from '@/domain/inventory/reads';

export const useItems = () => useQuery(itemsQueryOptions());
export const useLocations = () => useQuery(locationsQueryOptions());
