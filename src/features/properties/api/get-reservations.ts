// GET reservations of a villa: upcoming (not yet checked out) and the recent past, and the stays
// touching one calendar month. Needs reservations.view (RLS returns nothing otherwise).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { reservationKeys } from './keys';

export type Reservation = Pick<
  Database['public']['Tables']['reservations']['Row'],
  | 'id'
  | 'property_id'
  | 'guest_name'
  | 'guests'
  | 'check_in'
  | 'check_out'
  | 'source'
  | 'status'
  | 'notes'
  | 'external_uid'
>;

const COLUMNS =
  'id,property_id,guest_name,guests,check_in,check_out,source,status,notes,external_uid';
const PAST_LIMIT = 20;
const UPCOMING_LIMIT = 100;

export async function getUpcomingReservations(propertyId: string): Promise<Reservation[]> {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(COLUMNS)
      .eq('property_id', propertyId)
      .gte('check_out', new Date().toISOString())
      .order('check_in')
      .limit(UPCOMING_LIMIT),
  );
}

export async function getPastReservations(propertyId: string): Promise<Reservation[]> {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(COLUMNS)
      .eq('property_id', propertyId)
      .lt('check_out', new Date().toISOString())
      .order('check_in', { ascending: false })
      .limit(PAST_LIMIT),
  );
}

/** Stays overlapping [from, to) (ISO instants). */
export async function getReservationsBetween(
  propertyId: string,
  from: string,
  to: string,
): Promise<Reservation[]> {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(COLUMNS)
      .eq('property_id', propertyId)
      .lt('check_in', to)
      .gt('check_out', from)
      .order('check_in'),
  );
}

export const getUpcomingReservationsQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: reservationKeys.upcoming(propertyId),
    queryFn: () => getUpcomingReservations(propertyId),
  });

export const getPastReservationsQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: reservationKeys.past(propertyId),
    queryFn: () => getPastReservations(propertyId),
  });

export const getMonthReservationsQueryOptions = (
  propertyId: string,
  month: string,
  from: string,
  to: string,
) =>
  queryOptions({
    queryKey: reservationKeys.month(propertyId, month),
    queryFn: () => getReservationsBetween(propertyId, from, to),
  });

export function useUpcomingReservations(propertyId: string) {
  return useQuery(getUpcomingReservationsQueryOptions(propertyId));
}

export function usePastReservations(propertyId: string) {
  return useQuery(getPastReservationsQueryOptions(propertyId));
}

export function useMonthReservations(propertyId: string, month: string, from: string, to: string) {
  return useQuery(getMonthReservationsQueryOptions(propertyId, month, from, to));
}
