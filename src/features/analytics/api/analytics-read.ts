// What the seven analytics reads share: the function's arguments from the parameters, and the read
// itself as a resource that keeps no device copy (a desk screen, online: docs/offline.md). Each
// figure's file (get-cleans.ts, ...) declares its query and hook on it.
import { queryOptions } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { analyticsKeys } from './keys';
import type { AnalyticsFigure, AnalyticsParams, AnalyticsRows } from './types';

/** The function's arguments: absent filters are left out (its defaults, null, mean "all"). */
export function analyticsArgs(p: AnalyticsParams) {
  return {
    p_from: p.from,
    p_to: p.to,
    ...(p.area ? { p_area: p.area } : {}),
    ...(p.propertyId ? { p_property: p.propertyId } : {}),
    ...(p.cleaningTypeId ? { p_cleaning_type: p.cleaningTypeId } : {}),
    ...(p.personId ? { p_person: p.personId } : {}),
  };
}

/** Numbers as numbers: a numeric or bigint column may come as a string from some servers. */
function asNumbers<Row extends object>(row: Record<string, unknown>): Row {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    out[k] =
      typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && !k.endsWith('_code') ? Number(v) : v;
  return out as Row;
}

export function analyticsResource<F extends AnalyticsFigure>(figure: F) {
  const fn = `analytics_${figure}` as const;
  return listResource<AnalyticsRows[F], AnalyticsParams>({
    source: fn,
    fetch: async (p) => {
      const rows = await fetchOrThrow(supabase.rpc(fn, analyticsArgs(p)));
      return (rows as unknown as Record<string, unknown>[]).map((r) =>
        asNumbers<AnalyticsRows[F]>(r),
      );
    },
    copy: noDeviceCopy,
  });
}

export function analyticsQueryOptions<F extends AnalyticsFigure>(
  figure: F,
  resource: ReturnType<typeof analyticsResource<F>>,
  params: AnalyticsParams,
) {
  return queryOptions({
    queryKey: analyticsKeys.figure(figure, params),
    queryFn: async (): Promise<AnalyticsRows[F][]> => (await readList(resource, params)).rows,
  });
}
