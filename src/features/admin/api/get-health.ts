// RPC admin_health, and the database round trip timed here: the health page's live figures,
// refreshed every 15 s (docs/admin.md). Online only: the admin area keeps no copy on the device.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchOrThrow, QueryError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { adminKeys } from './keys';
import { healthReportSchema, type HealthReport } from './types';

export type Health = HealthReport & { roundTripMs: number; fetchedAt: string };

/** The health figures as a resource that keeps no device copy (docs/offline.md). */
export const adminHealth = rowResource<Health>({
  source: 'admin_health',
  fetch: async () => {
    const started = performance.now();
    const ping = await supabase.rpc('company_time_zone');
    const roundTripMs = performance.now() - started;
    if (ping.error)
      throw new QueryError(
        { code: ping.error.code, message: ping.error.message },
        new Date().toISOString(),
      );
    const report = z.parse(healthReportSchema, await fetchOrThrow(supabase.rpc('admin_health')));
    return { ...report, roundTripMs, fetchedAt: new Date().toISOString() };
  },
  copy: noDeviceCopy,
});

export const getHealth = async (): Promise<Health> => (await readOne(adminHealth, 'now')).row!;

export const healthQuery = () =>
  queryOptions({ queryKey: adminKeys.health(), queryFn: getHealth, refetchInterval: 15_000 });

export const useHealth = () => useQuery(healthQuery());
