// Work-order reads (docs/maintenance.md): one page of the list (also one board column: a status
// and its first few), filtered, sorted and counted by the server, and one work order with its
// comments, photos and timeline, are declared in src/domain/work-orders/reads.ts (kept on this
// device, the user's queued reports, edits and status moves laid on top; docs/offline.md); the
// technician's queue in ./get-my-queue.ts. Here are their hooks, the people who can be assigned,
// and the villas a report can name.
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import {
  listResource,
  noDeviceCopy,
  readList,
  rowsAsRecords,
  valueInRecord,
  type DeviceCopy,
} from '@/offline/resource';
import { workOrderKeys } from '@/domain/work-orders/keys';
import {
  workOrderPageQueryOptions,
  workOrderQueryOptions,
  type WorkOrderListParams,
} from '@/domain/work-orders/reads';

export {
  getWorkOrder,
  getWorkOrderPage,
  workOrderQueryOptions,
  workOrderPageQueryOptions,
  WORK_ORDER_SELECT,
  type WorkOrderDetail,
  type WorkOrderListParams,
  type WorkOrderPage,
} from '@/domain/work-orders/reads';

/** One page of the list; the page shown stays while the next one loads. */
export function useWorkOrderPage(params: WorkOrderListParams, enabled: boolean) {
  return useQuery({
    ...workOrderPageQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The board's columns: each its first `params.size` and its count, read together. */
export function useBoardColumns(columns: WorkOrderListParams[]) {
  return useQueries({ queries: columns.map((p) => workOrderPageQueryOptions(p)) });
}

export function useWorkOrder(id: string | null) {
  return useQuery({ ...workOrderQueryOptions(id ?? ''), enabled: id !== null });
}

export interface StaffMember {
  id: string;
  full_name: string;
  roles: string[];
}

/**
 * Everyone named on work orders (staff_directory(): names only), and who can be assigned. This
 * device keeps no copy of it (docs/offline.md "Reads that keep no copy"): offline it fails.
 */
export const staffList = listResource<StaffMember, null>({
  source: 'staff_directory',
  fetch: async () => (await fetchOrThrow(() => supabase.rpc('staff_directory'))) ?? [],
  copy: noDeviceCopy,
});

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: workOrderKeys.staff(),
    queryFn: async (): Promise<StaffMember[]> => (await readList(staffList, null)).rows,
    staleTime: 5 * 60_000,
  });

export function useStaff() {
  return useQuery(staffQueryOptions());
}

export const canBeAssigned = (s: StaffMember) =>
  s.roles.includes('technician') || s.roles.includes('manager');

export interface Villa {
  id: string;
  name: string;
  code: string;
}

const VILLAS_RECORD = 'work-orders:villas';

/** The villas a villa record of the `properties` store names (its list row or its detail). */
const villaRecords = rowsAsRecords<Villa & { archived?: boolean }, null>('properties', 'list', {
  fromRecord: (rec) => {
    const v = (rec.list ?? rec.detail) as Partial<Villa & { archived: boolean }> | undefined;
    return v && typeof v.name === 'string'
      ? { id: rec.id, name: v.name, code: String(v.code ?? ''), archived: v.archived === true }
      : undefined;
  },
});

/**
 * Kept whole in one record of the `tasks` store; a device that never read them answers from the
 * villas it keeps for the villas' screens.
 */
const keptVillas = valueInRecord<Villa[]>('tasks', 'villas', () => VILLAS_RECORD);
const villasCopy: DeviceCopy<Villa[], null> = {
  save: (_p, villas) => keptVillas.save(VILLAS_RECORD, villas),
  load: async () =>
    (await keptVillas.load(VILLAS_RECORD)) ??
    (await villaRecords.load(null))?.filter((v) => !v.archived).map(({ archived: _, ...v }) => v),
};

/** The active villas, by name. */
export const villaList = listResource<Villa, null>({
  source: 'properties',
  fetch: async () =>
    (await fetchOrThrow(() =>
      supabase.from('properties').select('id,name,code').eq('archived', false).order('name'),
    )) ?? [],
  copy: villasCopy,
  compare: (a, b) => a.name.localeCompare(b.name),
});

/** The villas a report can name (active ones; from the device's copy offline). */
export function useVillas() {
  return useQuery({
    queryKey: workOrderKeys.villas(),
    queryFn: async (): Promise<Villa[]> => (await readList(villaList, null)).rows,
    staleTime: 5 * 60_000,
  });
}
