// GET reservations of several villas overlapping [from, to): the calendar across properties.
// Confirmed stays only; one request for the page of villas shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readWithFallback } from '@/offline/read';
import { copiedStaysBetween, RESERVATION_COLUMNS, type Reservation } from './get-reservations';
import { reservationKeys } from './keys';

export async function getReservationsInRange(
  propertyIds: readonly string[],
  from: string,
  to: string,
): Promise<Reservation[]> {
  if (propertyIds.length === 0) return [];
  const { data } = await readWithFallback(
    () =>
      fetchOrThrow(
        supabase
          .from('reservations')
          .select(RESERVATION_COLUMNS)
          .in('property_id', [...propertyIds])
          .eq('status', 'confirmed')
          .lt('check_in', to)
          .gt('check_out', from)
          .order('check_in'),
      ),
    () => copiedStaysBetween(propertyIds, from, to),
  );
  return data;
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
