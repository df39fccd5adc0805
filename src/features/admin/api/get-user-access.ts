// RPC admin_user_access: one account's roles, overrides and effective permission keys. Online
// only: the admin area keeps no copy on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { noDeviceCopy, readOne, rowResource } from '@/offline/resource';
import { adminKeys } from './keys';
import { accountAccessSchema, type AccountAccess } from './types';

/** One account's access as a resource that keeps no device copy (docs/offline.md). */
export const userAccess = rowResource<AccountAccess>({
  source: 'admin_user_access',
  fetch: async (id) =>
    z.parse(
      accountAccessSchema,
      await fetchOrThrow(supabase.rpc('admin_user_access', { p_user: id })),
    ),
  copy: noDeviceCopy,
});

export const getUserAccess = async (id: string): Promise<AccountAccess> =>
  (await readOne(userAccess, id)).row!;

export const accessQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.access(id), queryFn: () => getUserAccess(id) });

export const useAccess = (id: string | null) =>
  useQuery({ ...accessQuery(id ?? ''), enabled: id !== null });
