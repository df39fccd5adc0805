// GET reservations of several villas overlapping [from, to): the calendar across properties.
// Confirmed stays only; one request for the page of villas shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Reservation } from './get-reservations';
import { reservationKeys } from './keys';

const COLUMNS =
  'id,property_id,guest_name,guests,check_in,check_out,source,status,notes,external_uid';

export async function getReservationsInRange(
  propertyIds: readonly string[],
  from: string,
  to: string,
): Promise<Reservation[]> {
  if (propertyIds.length === 0) return [];
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(COLUMNS)
      .in('property_id', [...propertyIds])
      .eq('status', 'confirmed')
      .lt('check_in', to)
      .gt('check_out', from)
      .order('check_in'),
  );
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
