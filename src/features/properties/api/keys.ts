// Query keys of the properties area: one factory, so invalidation matches what the reads cache.
import type { PropertyListParams } from '../list-params';

export const propertyKeys = {
  all: ['properties'] as const,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (params: PropertyListParams) => [...propertyKeys.lists(), params] as const,
  areas: () => [...propertyKeys.all, 'areas'] as const,
  details: () => [...propertyKeys.all, 'detail'] as const,
  detail: (id: string) => [...propertyKeys.details(), id] as const,
  photos: (id: string) => [...propertyKeys.detail(id), 'photos'] as const,
  history: (id: string) => [...propertyKeys.detail(id), 'history'] as const,
  /** The dashboard's card: villas not guest-ready, arrivals and departures left today. */
  today: () => [...propertyKeys.all, 'today'] as const,
};

export const reservationKeys = {
  all: ['reservations'] as const,
  property: (propertyId: string) => [...reservationKeys.all, 'property', propertyId] as const,
  upcoming: (propertyId: string) => [...reservationKeys.property(propertyId), 'upcoming'] as const,
  past: (propertyId: string) => [...reservationKeys.property(propertyId), 'past'] as const,
  month: (propertyId: string, month: string) =>
    [...reservationKeys.property(propertyId), 'month', month] as const,
  /** Stays of several villas in a window (the calendar across properties). */
  range: (propertyIds: readonly string[], from: string, to: string) =>
    [...reservationKeys.all, 'range', { propertyIds, from, to }] as const,
};
