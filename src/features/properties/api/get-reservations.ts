// GET reservations of a villa: upcoming (not yet checked out) and the recent past, and the stays
// touching one calendar month. Needs reservations.view (RLS returns nothing otherwise).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { madeOnDevice } from '@/offline/read';
import { listResource, readList, rowsInRecord } from '@/offline/resource';
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

/** Which stays of a villa a read wants: upcoming (not yet checked out), past, or a window. */
export type StayQuery =
  | { propertyId: string; part: 'upcoming' | 'past' }
  | { propertyId: string; part: 'between'; from: string; to: string };

function fetchStays(q: StayQuery): Promise<Reservation[]> {
  const query = supabase
    .from('reservations')
    .select(RESERVATION_COLUMNS)
    .eq('property_id', q.propertyId);
  const now = new Date().toISOString();
  if (q.part === 'between')
    return fetchOrThrow(query.lt('check_in', q.to).gt('check_out', q.from).order('check_in'));
  if (q.part === 'upcoming')
    return fetchOrThrow(query.gte('check_out', now).order('check_in').limit(UPCOMING_LIMIT));
  return fetchOrThrow(
    query.lt('check_out', now).order('check_in', { ascending: false }).limit(PAST_LIMIT),
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

const byCheckIn = (a: Reservation, b: Reservation) => (a.check_in < b.check_in ? -1 : 1);

/** Does a stay overlap [from, to) (ISO instants)? */
const overlaps = (r: Reservation, from: string, to: string) =>
  new Date(r.check_in) < new Date(to) && new Date(r.check_out) > new Date(from);

/** The stays the device keeps for a villa: its upcoming and past lists, joined. */
export const keptStays = rowsInRecord<Reservation, StayQuery>('properties', {
  record: (q) => q.propertyId,
  // The window of a month is not kept: it is read back from the upcoming and past lists.
  field: (q) => (q.part === 'between' ? null : q.part),
  fields: () => ['past', 'upcoming'],
});

/**
 * A villa's stays as an offline resource (docs/offline.md "Declaring a resource"): kept in the
 * `upcoming` and `past` fields of the villa's record in the `properties` store; offline, the
 * query's part picks them from the kept lists; the user's queued stays of this villa lie on top.
 * A villa made offline has no stays but its queued ones.
 */
export const villaStays = listResource<Reservation, StayQuery>({
  source: 'reservations',
  table: 'reservations',
  fetch: fetchStays,
  copy: keptStays,
  matches: (r, q) =>
    q.part === 'between'
      ? overlaps(r, q.from, q.to)
      : new Date(r.check_out) >= new Date() === (q.part === 'upcoming'),
  compare: (a, b, q) => (q.part === 'past' ? -byCheckIn(a, b) : byCheckIn(a, b)),
  owns: (v, q) => v.property_id === q.propertyId,
  fromQueued: reservationFromValues,
  madeOffline: { table: 'properties', id: (q) => q.propertyId },
});

export async function getUpcomingReservations(propertyId: string): Promise<Reservation[]> {
  return (await readList(villaStays, { propertyId, part: 'upcoming' })).rows;
}

export async function getPastReservations(propertyId: string): Promise<Reservation[]> {
  return (await readList(villaStays, { propertyId, part: 'past' })).rows;
}

/** Stays overlapping [from, to) (ISO instants); offline, from the stays this device keeps. */
export async function getReservationsBetween(
  propertyId: string,
  from: string,
  to: string,
): Promise<Reservation[]> {
  return (await readList(villaStays, { propertyId, part: 'between', from, to })).rows;
}

/** Confirmed stays of several villas in a window: the calendar across villas. */
export interface RangeQuery {
  propertyIds: readonly string[];
  from: string;
  to: string;
}

/**
 * The calendar across villas as an offline resource: nothing of its own is kept (each villa's
 * kept stays answer offline, a villa made offline has none); queued stays do not lie on top.
 */
export const staysInRange = listResource<Reservation, RangeQuery>({
  source: 'reservations',
  fetch: (q) =>
    fetchOrThrow(
      supabase
        .from('reservations')
        .select(RESERVATION_COLUMNS)
        .in('property_id', [...q.propertyIds])
        .eq('status', 'confirmed')
        .lt('check_in', q.to)
        .gt('check_out', q.from)
        .order('check_in'),
    ),
  copy: {
    save: () => undefined,
    load: async (q) => {
      const lists = await Promise.all(
        q.propertyIds.map(async (propertyId) => {
          const kept = await keptStays.load({ propertyId, part: 'upcoming' });
          return kept ?? ((await madeOnDevice('properties', propertyId)) ? [] : undefined);
        }),
      );
      return lists.every((l) => l === undefined) ? undefined : lists.flatMap((l) => l ?? []);
    },
  },
  matches: (r, q) => r.status === 'confirmed' && overlaps(r, q.from, q.to),
  compare: byCheckIn,
});

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
