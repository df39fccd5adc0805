// GET properties?select=*,property_access(*) (the access row is null without properties.access)
// and the villa's derived state from property_overview, as one detail value.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { readOne, rowInRecord, rowResource } from '@/offline/resource';
import { NOT_SYNCED_REASON } from './get-properties';
import { propertyKeys } from './keys';

type PropertyRow = Database['public']['Tables']['properties']['Row'];
export type PropertyAccess = Database['public']['Tables']['property_access']['Row'];

export interface PropertyDetail extends PropertyRow {
  access: PropertyAccess | null;
  next_check_in: string | null;
  next_check_out: string | null;
  occupied: boolean;
  guest_ready: boolean;
  not_ready_reasons: string[];
  /** Changed on this device and not yet on the server. */
  pendingSync?: boolean;
  /** Answered from this device's copy (no connection). */
  fromDevice?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPropertyId = (id: string) => UUID.test(id);

async function fetchProperty(id: string): Promise<PropertyDetail | null> {
  const [row, overview] = await Promise.all([
    fetchOrThrow(async () => {
      const res = await supabase
        .from('properties')
        .select('*,property_access(*)')
        .eq('id', id)
        .maybeSingle();
      return { data: { row: res.data }, error: res.error };
    }),
    fetchOrThrow(async () => {
      const res = await supabase
        .from('property_overview')
        .select('next_check_in,next_check_out,occupied,guest_ready,not_ready_reasons')
        .eq('id', id)
        .maybeSingle();
      return { data: { row: res.data }, error: res.error };
    }),
  ]);
  if (!row.row) return null;
  const { property_access, ...property } = row.row;
  return {
    ...property,
    access: property_access,
    next_check_in: overview.row?.next_check_in ?? null,
    next_check_out: overview.row?.next_check_out ?? null,
    occupied: overview.row?.occupied ?? false,
    guest_ready: overview.row?.guest_ready ?? false,
    not_ready_reasons: overview.row?.not_ready_reasons ?? [],
  };
}

/**
 * A villa made on this device and not yet sent: what the form wrote (the queued insert's values
 * are a villa's columns, create-property.ts), with neutral derived state.
 */
function detailFromValues(v: Record<string, unknown>): PropertyDetail {
  return {
    ...(v as PropertyRow),
    access: null,
    next_check_in: null,
    next_check_out: null,
    occupied: false,
    guest_ready: false,
    not_ready_reasons: [NOT_SYNCED_REASON],
  };
}

/**
 * A villa's detail as an offline resource (docs/offline.md "Declaring a resource"): kept in the
 * `detail` field of the villa's record in the `properties` store; queued edits of the villa and
 * of its access details (`property_access`, one row per villa keyed by it) lie on top.
 */
export const propertyDetail = rowResource<PropertyDetail>({
  source: 'properties',
  table: 'properties',
  fetch: fetchProperty,
  copy: rowInRecord('properties', 'detail'),
  fromQueued: detailFromValues,
  nested: [{ table: 'property_access', field: 'access' }],
});

/**
 * The villa, or null when there is none with this id (or the caller may not see it). Offline it
 * comes from the device's copy; queued edits (and access details) are laid on top.
 */
export async function getProperty(id: string): Promise<PropertyDetail | null> {
  if (!isPropertyId(id)) return null;
  const { row, fromDevice } = await readOne(propertyDetail, id);
  if (!row) return null;
  return fromDevice ? { ...row, fromDevice: true } : row;
}

export const getPropertyQueryOptions = (id: string) =>
  queryOptions({ queryKey: propertyKeys.detail(id), queryFn: () => getProperty(id) });

export function useProperty(id: string) {
  return useQuery(getPropertyQueryOptions(id));
}
