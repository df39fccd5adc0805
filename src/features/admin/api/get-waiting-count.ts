// RPC admin_waiting_count: how many signed-up people wait for a role (refreshed every minute).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

export const getWaitingCount = () => fetchOrThrow(supabase.rpc('admin_waiting_count'));

export const waitingCountQuery = () =>
  queryOptions({
    queryKey: adminKeys.waiting(),
    queryFn: getWaitingCount,
    refetchInterval: 60_000,
  });

export const useWaitingCount = (enabled: boolean) => useQuery({ ...waitingCountQuery(), enabled });
