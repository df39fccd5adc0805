// Display names for the enums and reason codes of the properties schema.
import type { Database } from '@/lib/database.types';

export type PropertyType = Database['public']['Enums']['property_type'];
export type PropertyStatus = Database['public']['Enums']['property_status'];
export type ReservationSource = Database['public']['Enums']['reservation_source'];

export const PROPERTY_TYPES = ['villa', 'house', 'apartment', 'suite', 'studio'] as const;
export const PROPERTY_STATUSES = ['active', 'inactive'] as const;
export const RESERVATION_SOURCES = ['direct', 'airbnb', 'booking', 'vrbo', 'other'] as const;

export const TYPE_LABELS: Record<PropertyType, string> = {
  villa: 'Villa',
  house: 'House',
  apartment: 'Apartment',
  suite: 'Suite',
  studio: 'Studio',
};

export const STATUS_LABELS: Record<PropertyStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

export const SOURCE_LABELS: Record<ReservationSource, string> = {
  direct: 'Direct',
  airbnb: 'Airbnb',
  booking: 'Booking.com',
  vrbo: 'VRBO',
  other: 'Other',
};
