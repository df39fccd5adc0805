// Fixtures of the properties and reservations suites: villas and stays written with the service
// client (so a suite never depends on the demo seed), cleaned up afterwards, and the actors of the
// RLS matrices as throwaway users holding one role each.
import { expect } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { createUser, deleteUsers, serviceClient, type TestUser } from './support.ts';

export type Property = Database['public']['Tables']['properties']['Row'];
export type PropertyInsert = Database['public']['Tables']['properties']['Insert'];
export type Reservation = Database['public']['Tables']['reservations']['Row'];
export type ReservationInsert = Database['public']['Tables']['reservations']['Insert'];

export type Actor = 'anon' | 'norole' | 'housekeeper' | 'technician' | 'manager' | 'admin';
export const ACTORS: Actor[] = ['anon', 'norole', 'housekeeper', 'technician', 'manager', 'admin'];
export type SignedIn = Exclude<Actor, 'anon'>;

export async function createActors(): Promise<Record<SignedIn, TestUser>> {
  const [norole, housekeeper, technician, manager, admin] = await Promise.all([
    createUser('norole'),
    createUser('housekeeper', ['housekeeper']),
    createUser('technician', ['technician']),
    createUser('manager', ['manager']),
    createUser('admin', ['admin']),
  ]);
  return { norole, housekeeper, technician, manager, admin } as Record<SignedIn, TestUser>;
}

/** A code no other test run uses: T-<random>. */
export function uniqueCode(prefix = 'T'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`.toUpperCase();
}

/** Everything a suite made, removed in afterAll (stays first: a villa with history cannot go). */
export class Fixtures {
  private properties: string[] = [];
  private users: TestUser[] = [];

  async property(extra: Partial<PropertyInsert> = {}): Promise<Property> {
    const { data, error } = await serviceClient()
      .from('properties')
      .insert({ code: uniqueCode(), name: 'Test Villa', area: 'Oia, Santorini', ...extra })
      .select()
      .single();
    if (error) throw new Error(`property fixture: ${error.message}`);
    this.properties.push(data.id);
    return data;
  }

  /** Remember a villa made through the API so it is removed too. */
  track(propertyId: string) {
    this.properties.push(propertyId);
  }

  trackUsers(...users: TestUser[]) {
    this.users.push(...users);
  }

  async reservation(
    propertyId: string,
    checkIn: string,
    checkOut: string,
    extra: Partial<ReservationInsert> = {},
  ): Promise<Reservation> {
    const { data, error } = await serviceClient()
      .from('reservations')
      .insert({
        property_id: propertyId,
        guest_name: 'Fixture Guest',
        check_in: checkIn,
        check_out: checkOut,
        ...extra,
      })
      .select()
      .single();
    if (error) throw new Error(`reservation fixture: ${error.message}`);
    return data;
  }

  async cleanup() {
    const service = serviceClient();
    if (this.properties.length > 0) {
      const ids = this.properties;
      const { error: e1 } = await service
        .from('reservation_import_conflicts')
        .delete()
        .in('property_id', ids);
      const { error: e2 } = await service.from('reservations').delete().in('property_id', ids);
      const { error: e3 } = await service.from('properties').delete().in('id', ids);
      expect([e1, e2, e3]).toEqual([null, null, null]);
    }
    await deleteUsers(this.users);
  }
}

/** An instant `days` from now at hh:00 UTC, ISO (stays in the future, far from other tests). */
export function daysFromNow(days: number, hour = 12): string {
  const d = new Date();
  d.setUTCHours(hour, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString();
}

/** The same instant, whatever the offset it was written with. */
export function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return a == b;
  return new Date(a).getTime() === new Date(b).getTime();
}
