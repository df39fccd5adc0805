// RPC admin_user_access: one account's roles, overrides and effective permission keys.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { accountAccessSchema, type AccountAccess } from './types';

export const getUserAccess = async (id: string): Promise<AccountAccess> =>
  z.parse(
    accountAccessSchema,
    await fetchOrThrow(supabase.rpc('admin_user_access', { p_user: id })),
  );

export const accessQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.access(id), queryFn: () => getUserAccess(id) });

export const useAccess = (id: string | null) =>
  useQuery({ ...accessQuery(id ?? ''), enabled: id !== null });
