// RPC admin_list_users: one page of accounts (search, filter, sort) and the total. Online only:
// the admin area is not kept on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { userPageSchema, type Account, type UserListParams } from './types';

export async function getUsers(p: UserListParams): Promise<{ total: number; users: Account[] }> {
  const answer = await fetchOrThrow(
    supabase.rpc('admin_list_users', {
      p_search: p.search,
      p_filter: p.filter,
      p_sort: p.sort,
      p_desc: p.desc,
      p_limit: p.perPage,
      p_offset: p.page * p.perPage,
    }),
  );
  return z.parse(userPageSchema, answer);
}

export const usersQuery = (p: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.users(p),
    queryFn: () => getUsers(p),
    placeholderData: (prev) => prev,
  });

export const useUsers = (p: UserListParams) => useQuery(usersQuery(p));
