// GET reservations of several villas overlapping [from, to): the calendar across properties.
// Confirmed stays only; one request for the page of villas shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readList } from '@/offline/resource';
import { staysInRange, type Reservation } from './get-reservations';
import { reservationKeys } from './keys';

export async function getReservationsInRange(
  propertyIds: readonly string[],
  from: string,
  to: string,
): Promise<Reservation[]> {
  if (propertyIds.length === 0) return [];
  return (await readList(staysInRange, { propertyIds, from, to })).rows;
}

export const getReservationsInRangeQueryOptions = (
  propertyIds: readonly string[],
  from: string,
  to: string,
) =>
  queryOptions({
    queryKey: reservationKeys.range(propertyIds, from, to),
    queryFn: () => getReservationsInRange(propertyIds, from, to),
  });

export function useReservationsInRange(propertyIds: readonly string[], from: string, to: string) {
  return useQuery(getReservationsInRangeQueryOptions(propertyIds, from, to));
}
