// GET property_overview: one page of the list with its exact count. Filters, sort and range run on
// the server (range + count=exact), so the page stays small at 2,000 villas.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageOf } from '@/lib/pages';
import { supabase } from '@/lib/supabase';
import { listResource, readKeptList, readList, rowsAsRecords } from '@/offline/resource';
import { PAGE_SIZE, type PropertyListParams } from '../list-params';
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
  const { rows, total } = await pageOf(query);
  return { rows: rows.map((r) => listRowOf({ ...r, id: r.id ?? '' })), total };
}

/** Readiness is worked out by the server (stays, open work): unknown for a villa made offline. */
export const NOT_SYNCED_REASON = 'Not on the server yet: waiting to sync';

/** Any villa-shaped row (the overview view, a detail, a form's values) as a list row. */
type ListRowSource = { id: string } & {
  [K in Exclude<keyof PropertyListRow, 'id'>]?: PropertyListRow[K] | null;
};

/**
 * A list row with the view's nullable columns given their defaults; also a villa's detail (opened
 * but never listed on this device) or a villa created offline.
 */
export function listRowOf(d: ListRowSource): PropertyListRow {
  return {
    id: d.id,
    code: d.code ?? '',
    name: d.name ?? '',
    type: d.type ?? 'villa',
    status: d.status ?? 'active',
    area: d.area ?? '',
    bedrooms: d.bedrooms ?? 0,
    bathrooms: d.bathrooms ?? 0,
    max_guests: d.max_guests ?? 0,
    archived: d.archived ?? false,
    next_check_in: d.next_check_in ?? null,
    next_check_out: d.next_check_out ?? null,
    occupied: d.occupied ?? false,
    guest_ready: d.guest_ready ?? false,
    not_ready_reasons: d.not_ready_reasons ?? [],
  };
}

/**
 * The list of villas as an offline resource (docs/offline.md "Declaring a resource"): each villa
 * is one record of the `properties` store, its list row in `list` (a villa only opened counts by
 * its `detail`); the filters and sort below are the server's, applied on the device.
 */
export const propertyList = listResource<PropertyListRow, PropertyListParams>({
  source: 'property_overview',
  table: 'properties',
  fetch: fetchProperties,
  copy: rowsAsRecords('properties', 'list', {
    fromRecord: (rec) =>
      (rec.list as PropertyListRow | undefined) ??
      (rec.detail ? listRowOf(rec.detail as ListRowSource) : undefined),
  }),
  matches: (row, p) => {
    const q = p.q.toLowerCase();
    return (
      row.archived === p.archived &&
      (!q || [row.name, row.code, row.area].some((v) => v.toLowerCase().includes(q))) &&
      (!p.status || row.status === p.status) &&
      (!p.area || row.area === p.area) &&
      (!p.type || row.type === p.type) &&
      (p.minBedrooms === null || row.bedrooms >= p.minBedrooms) &&
      (!p.ready || row.guest_ready === (p.ready === 'ready'))
    );
  },
  compare: (a, b, p) => {
    const x = a[p.sort];
    const y = b[p.sort];
    if (x === y) return a.id < b.id ? -1 : 1;
    // Nulls last whichever the direction, as the server sorts them.
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * (p.desc ? -1 : 1);
  },
  page: (p) => ({ number: p.page, size: PAGE_SIZE }),
  fromQueued: (v) =>
    listRowOf({
      ...(v as ListRowSource),
      id: String(v.id),
      not_ready_reasons: [NOT_SYNCED_REASON],
    }),
});

/**
 * The page from the server (kept on the device), or offline from the device's copies; with the
 * user's queued creates, edits and deletes laid on top.
 */
export async function getProperties(params: PropertyListParams): Promise<PropertyPage> {
  const { rows, total, fromDevice } = await readList(propertyList, params);
  return { rows, total, fromDevice };
}

/**
 * How long a page read from the server counts as fresh: long enough that the screen mounting
 * after the route loader's prefetch (behind the guard's access reads) takes the prefetched page
 * instead of reading it again; writes invalidate the list, so they never wait for it. A page
 * answered from the device's copy is stale at once (read again when the screen mounts or the
 * connection returns).
 */
export const PROPERTY_LIST_FRESH_MS = 10_000;

export const getPropertiesQueryOptions = (params: PropertyListParams) =>
  queryOptions({
    queryKey: propertyKeys.list(params),
    queryFn: () => getProperties(params),
    placeholderData: keepPreviousData,
    staleTime: (query) => (query.state.data?.fromDevice ? 0 : PROPERTY_LIST_FRESH_MS),
  });

/**
 * The page as this device last saw it, with the user's queued writes on top (docs/offline.md
 * "Drawn first"): drawn while the server's page is on its way. Null when nothing is kept.
 */
export const keptPropertiesQueryOptions = (params: PropertyListParams) =>
  queryOptions({
    queryKey: [...propertyKeys.list(params), 'kept'] as const,
    queryFn: async (): Promise<PropertyPage | null> =>
      (await readKeptList(propertyList, params)) ?? null,
    staleTime: Infinity,
    retry: false,
  });

/**
 * The page from the server. Until a first one has arrived, the device's copy stands in for it
 * (placeholder data: dimmed, and replaced when the server answers); after that, the page shown
 * last does while the next one loads.
 */
export function useProperties(params: PropertyListParams) {
  const queryClient = useQueryClient();
  // Only while no page has come from a read yet (the first screen after a start): the copy is
  // read on the device's main thread, which a filter change should not pay for. Offline the
  // server's read answers from the copy itself.
  const first =
    navigator.onLine !== false &&
    !queryClient
      .getQueriesData<PropertyPage>({ queryKey: propertyKeys.lists() })
      .some(([key, page]) => key.length === propertyKeys.list(params).length && page);
  const kept = useQuery({ ...keptPropertiesQueryOptions(params), enabled: first });
  return useQuery({
    ...getPropertiesQueryOptions(params),
    placeholderData: (previous) => previous ?? kept.data ?? undefined,
  });
}
