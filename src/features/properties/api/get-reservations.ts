// GET reservations of a villa: upcoming (not yet checked out) and the recent past, and the stays
// touching one calendar month. Needs reservations.view (RLS returns nothing otherwise).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { overlayRows } from '@/offline/overlay';
import { madeOnDevice, queuedChanges, readWithFallback } from '@/offline/read';
import { copyOf, keepCopies } from './offline-copy';
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
  | 'updated_at'
> & {
  /** Changed on this device and not yet on the server. */
  pendingSync?: boolean;
};

export const RESERVATION_COLUMNS =
  'id,property_id,guest_name,guests,check_in,check_out,source,status,notes,external_uid,updated_at';
const PAST_LIMIT = 20;
const UPCOMING_LIMIT = 100;

async function fetchUpcoming(propertyId: string): Promise<Reservation[]> {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(RESERVATION_COLUMNS)
      .eq('property_id', propertyId)
      .gte('check_out', new Date().toISOString())
      .order('check_in')
      .limit(UPCOMING_LIMIT),
  );
}

async function fetchPast(propertyId: string): Promise<Reservation[]> {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(RESERVATION_COLUMNS)
      .eq('property_id', propertyId)
      .lt('check_out', new Date().toISOString())
      .order('check_in', { ascending: false })
      .limit(PAST_LIMIT),
  );
}

function reservationFromValues(v: Record<string, unknown>): Reservation {
  return {
    id: String(v.id),
    property_id: String(v.property_id),
    guest_name: typeof v.guest_name === 'string' ? v.guest_name : '',
    guests: typeof v.guests === 'number' ? v.guests : null,
    check_in: String(v.check_in),
    check_out: String(v.check_out),
    source: (v.source ?? 'direct') as Reservation['source'],
    status: (v.status ?? 'confirmed') as Reservation['status'],
    notes: typeof v.notes === 'string' ? v.notes : '',
    external_uid: null,
    updated_at: typeof v.updated_at === 'string' ? v.updated_at : '',
  };
}

/** Lays the user's queued stays of this villa over what was read, keeping those `keep` accepts. */
async function withQueued(
  propertyId: string,
  rows: Reservation[],
  keep: (r: Reservation) => boolean,
  order: (a: Reservation, b: Reservation) => number,
): Promise<Reservation[]> {
  const changes = (await queuedChanges('reservations')).filter(
    (c) => c.target.op !== 'insert' || c.values?.property_id === propertyId,
  );
  if (changes.length === 0) return rows;
  return overlayRows(rows, changes, { fromValues: reservationFromValues }).filter(keep).sort(order);
}

const byCheckIn = (a: Reservation, b: Reservation) => (a.check_in < b.check_in ? -1 : 1);

/** Confirmed stays of several villas overlapping [from, to), from this device's copies. */
export async function copiedStaysBetween(
  propertyIds: readonly string[],
  from: string,
  to: string,
): Promise<Reservation[] | undefined> {
  const lists = await Promise.all(propertyIds.map((id) => copiedStays(id)));
  if (lists.every((l) => l === undefined)) return undefined;
  return lists
    .flatMap((l) => l ?? [])
    .filter(
      (r) =>
        r.status === 'confirmed' &&
        new Date(r.check_in) < new Date(to) &&
        new Date(r.check_out) > new Date(from),
    )
    .sort(byCheckIn);
}

async function copiedStays(propertyId: string): Promise<Reservation[] | undefined> {
  const copy = await copyOf(propertyId);
  if (!copy?.upcoming && !copy?.past) {
    // A villa made on this device and not yet sent has no stays but the queued ones (laid on
    // top by withQueued). Without an answer the read would wait for the network, and so would
    // every save on its page that refreshes the stays ('Saving...' until back online).
    return (await madeOnDevice('properties', propertyId)) ? [] : undefined;
  }
  const seen = new Map<string, Reservation>();
  for (const r of [...(copy.past ?? []), ...(copy.upcoming ?? [])]) seen.set(r.id, r);
  return [...seen.values()];
}

/**
 * The upcoming (not yet checked out) or past stays of a villa: from the server and kept on the
 * device, or offline from the device; the user's queued stays on top.
 */
async function staysOf(propertyId: string, part: 'upcoming' | 'past'): Promise<Reservation[]> {
  const now = new Date();
  const inPart = (r: Reservation) => new Date(r.check_out) >= now === (part === 'upcoming');
  const { data } = await readWithFallback(
    async () => {
      const rows = await (part === 'upcoming' ? fetchUpcoming : fetchPast)(propertyId);
      void keepCopies([{ id: propertyId, part: { [part]: rows } }]);
      return rows;
    },
    async () => (await copiedStays(propertyId))?.filter(inPart),
  );
  return withQueued(
    propertyId,
    data,
    inPart,
    part === 'upcoming' ? byCheckIn : (a, b) => -byCheckIn(a, b),
  );
}

export function getUpcomingReservations(propertyId: string): Promise<Reservation[]> {
  return staysOf(propertyId, 'upcoming');
}

export function getPastReservations(propertyId: string): Promise<Reservation[]> {
  return staysOf(propertyId, 'past');
}

/** Stays overlapping [from, to) (ISO instants); offline, from the stays this device keeps. */
export async function getReservationsBetween(
  propertyId: string,
  from: string,
  to: string,
): Promise<Reservation[]> {
  const overlaps = (r: Reservation) =>
    new Date(r.check_in) < new Date(to) && new Date(r.check_out) > new Date(from);
  const { data } = await readWithFallback(
    () => fetchBetween(propertyId, from, to),
    async () => (await copiedStays(propertyId))?.filter(overlaps),
  );
  return withQueued(propertyId, data, overlaps, byCheckIn);
}

async function fetchBetween(propertyId: string, from: string, to: string): Promise<Reservation[]> {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .select(RESERVATION_COLUMNS)
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
