// RPC admin_list_users: one page of accounts (search, filter, sort) and the total. Online only:
// the admin area is not kept on the device (docs/admin.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { adminKeys } from './keys';
import { userPageSchema, type Account, type UserListParams } from './types';

/** A page of accounts as a resource that keeps no device copy (docs/offline.md). */
export const accountPage = listResource<Account, UserListParams>({
  source: 'admin_list_users',
  fetch: async (p) => {
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
    const { total, users } = z.parse(userPageSchema, answer);
    return { rows: users, total };
  },
  copy: noDeviceCopy,
});

export async function getUsers(p: UserListParams): Promise<{ total: number; users: Account[] }> {
  const { rows, total } = await readList(accountPage, p);
  return { total, users: rows };
}

export const usersQuery = (p: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.users(p),
    queryFn: () => getUsers(p),
    placeholderData: (prev) => prev,
  });

export const useUsers = (p: UserListParams) => useQuery(usersQuery(p));
