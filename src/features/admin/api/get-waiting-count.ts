// RPC admin_waiting_count: how many signed-up people wait for a role (refreshed every minute).
// Online only: the admin area keeps no copy on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { adminKeys } from './keys';

/** The count as a resource that keeps no device copy (docs/offline.md). */
export const waitingCount = rowResource<{ waiting: number }>({
  source: 'admin_waiting_count',
  fetch: async () => ({ waiting: await fetchOrThrow(supabase.rpc('admin_waiting_count')) }),
  copy: noDeviceCopy,
});

export const getWaitingCount = async (): Promise<number> =>
  (await readOne(waitingCount, 'all')).row!.waiting;

export const waitingCountQuery = () =>
  queryOptions({
    queryKey: adminKeys.waiting(),
    queryFn: getWaitingCount,
    refetchInterval: 60_000,
  });

export const useWaitingCount = (enabled: boolean) => useQuery({ ...waitingCountQuery(), enabled });
