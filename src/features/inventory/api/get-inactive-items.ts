// The items taken out of use (active off), for inventory.manage: the lists and forms leave them out
// (src/domain/inventory/reads.ts reads the active ones), so this is how one is found again and put
// back in use. Names only, read online when asked (no device copy).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { placeKeys } from './get-places';

export interface InactiveItem {
  id: string;
  name: string;
  sku: string | null;
}

export const inactiveItemList = listResource<InactiveItem, 'inactive'>({
  source: 'inventory_items',
  fetch: async () =>
    (await fetchOrThrow(() =>
      supabase
        .from('inventory_items')
        .select('id,name,sku')
        .eq('active', false)
        .order('name')
        .order('id')
        .limit(500),
    )) ?? [],
  copy: noDeviceCopy,
});

export const inactiveItemsQueryOptions = () =>
  queryOptions({
    queryKey: [...placeKeys.all, 'inactive-items'] as const,
    queryFn: async () => (await readList(inactiveItemList, 'inactive')).rows,
  });

export const useInactiveItems = (enabled: boolean) =>
  useQuery({ ...inactiveItemsQueryOptions(), enabled });
