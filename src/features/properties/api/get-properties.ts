// GET property_overview: one page of the list with its exact count. Filters, sort and range run on
// the server (range + count=exact), so the page stays small at 2,000 villas.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { overlayRows } from '@/offline/overlay';
import { queuedChanges, readWithFallback } from '@/offline/read';
import { PAGE_SIZE, type PropertyListParams } from '../list-params';
import {
  keepCopies,
  listFromCopies,
  listRowOf,
  matchesListParams,
  NOT_SYNCED_REASON,
  sortRows,
  type ListRowSource,
} from './offline-copy';
import { propertyKeys } from './keys';

const LIST_COLUMNS =
  'id,code,name,type,status,area,bedrooms,bathrooms,max_guests,archived,cover_photo_path,next_check_in,next_check_out,occupied,guest_ready,not_ready_reasons';

export interface PropertyListRow {
  id: string;
  code: string;
  name: string;
  type: string;
  status: string;
  area: string;
  bedrooms: number;
  bathrooms: number;
  max_guests: number;
  archived: boolean;
  next_check_in: string | null;
  next_check_out: string | null;
  occupied: boolean;
  guest_ready: boolean;
  not_ready_reasons: string[];
  /** Changed on this device and not yet on the server. */
  pendingSync?: boolean;
}

export interface PropertyPage {
  rows: PropertyListRow[];
  total: number;
  /** Answered from this device's copy (no connection). */
  fromDevice?: boolean;
}

/** Characters that would break out of a PostgREST or=(...) filter or act as wildcards. */
function searchTerm(q: string): string {
  return q.replace(/[,()*%\\:"]/g, ' ').trim();
}

async function fetchProperties(params: PropertyListParams): Promise<PropertyPage> {
  const from = (params.page - 1) * PAGE_SIZE;
  let query = supabase
    .from('property_overview')
    .select(LIST_COLUMNS, { count: 'exact' })
    .eq('archived', params.archived);
  const term = searchTerm(params.q);
  if (term) query = query.or(`name.ilike.*${term}*,code.ilike.*${term}*,area.ilike.*${term}*`);
  if (params.status) query = query.eq('status', params.status);
  if (params.area) query = query.eq('area', params.area);
  if (params.type) query = query.eq('type', params.type);
  if (params.minBedrooms !== null) query = query.gte('bedrooms', params.minBedrooms);
  if (params.ready) query = query.eq('guest_ready', params.ready === 'ready');
  query = query
    .order(params.sort, { ascending: !params.desc, nullsFirst: false })
    .order('id')
    .range(from, from + PAGE_SIZE - 1);
  const { rows, count } = await fetchOrThrow(async () => {
    const { data, error, count } = await query;
    return { data: data ? { rows: data, count } : null, error };
  });
  return {
    rows: rows.map((r) => listRowOf({ ...r, id: r.id ?? '' })),
    total: count ?? rows.length,
  };
}

/**
 * The page from the server (kept on the device), or offline from the device's copies; with the
 * user's queued creates, edits and deletes laid on top.
 */
export async function getProperties(params: PropertyListParams): Promise<PropertyPage> {
  const { data, freshness } = await readWithFallback(
    async () => {
      const page = await fetchProperties(params);
      void keepCopies(page.rows.map((r) => ({ id: r.id, part: { list: r } })));
      return page;
    },
    () => listFromCopies(params),
  );
  const page = { ...data, fromDevice: freshness.source === 'device' };
  const changes = await queuedChanges('properties');
  if (changes.length === 0) return page;
  const rows = overlayRows(page.rows, changes, {
    include: (r) => matchesListParams(r, params),
    fromValues: (v) =>
      listRowOf({
        ...(v as ListRowSource),
        id: String(v.id),
        not_ready_reasons: [NOT_SYNCED_REASON],
      }),
  }).filter((r) => matchesListParams(r, params));
  return {
    ...page,
    rows: params.page === 1 ? sortRows(rows, params).slice(0, PAGE_SIZE) : rows,
    total: page.total + rows.length - page.rows.length,
  };
}

export const getPropertiesQueryOptions = (params: PropertyListParams) =>
  queryOptions({
    queryKey: propertyKeys.list(params),
    queryFn: () => getProperties(params),
    placeholderData: keepPreviousData,
  });

export function useProperties(params: PropertyListParams) {
  return useQuery(getPropertiesQueryOptions(params));
}
