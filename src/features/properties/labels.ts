// Display names for the enums and reason codes of the properties schema, in the language of the
// moment (docs/i18n.md): called as the text is shown.
import type { Database } from '@/lib/database.types';
import { messages } from './messages';

export type PropertyType = Database['public']['Enums']['property_type'];
export type PropertyStatus = Database['public']['Enums']['property_status'];
export type ReservationSource = Database['public']['Enums']['reservation_source'];

export const PROPERTY_TYPES = ['villa', 'house', 'apartment', 'suite', 'studio'] as const;
export const PROPERTY_STATUSES = ['active', 'inactive'] as const;
export const RESERVATION_SOURCES = ['direct', 'airbnb', 'booking', 'vrbo', 'other'] as const;

const isOneOf = <T extends string>(value: string, options: readonly T[]): value is T =>
  (options as readonly string[]).includes(value);

/** A property type in words; an unknown one as it is. */
export function typeLabel(type: string): string {
  return isOneOf(type, PROPERTY_TYPES) ? messages.t(`type.${type}`) : type;
}

/** A property status in words; an unknown one as it is. */
export function statusLabel(status: string): string {
  return isOneOf(status, PROPERTY_STATUSES) ? messages.t(`status.${status}`) : status;
}

/** Where a reservation came from, in words. */
export function sourceLabel(source: ReservationSource): string {
  return messages.t(`source.${source}`);
}
