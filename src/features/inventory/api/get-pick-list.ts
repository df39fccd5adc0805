// The pick list (inventory_pick_list, docs/inventory.md "Pick list"): what the scheduled cleans of
// a day range consume per villa and item, minus what each villa holds above par, and the totals
// per item. Read at a desk, online: no device copy (offline it fails as the server call did). Its
// key is under inventoryKeys.all, so every stock write's refresh (and a live stock change)
// refreshes it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { inventoryKeys } from '@/domain/inventory/keys';
import type { PickRange, PickRow } from '../pick-list';

export const pickListKeys = {
  all: [...inventoryKeys.all, 'pick-list'] as const,
  list: (range: PickRange) => [...pickListKeys.all, range] as const,
};

export const pickList = listResource<PickRow, PickRange>({
  source: 'inventory_pick_list',
  fetch: async ({ from, to, villa }) => {
    const rows =
      (await fetchOrThrow(() =>
        supabase.rpc('inventory_pick_list', {
          from_day: from,
          to_day: to,
          ...(villa ? { villa_id: villa } : {}),
        }),
      )) ?? [];
    // numeric columns: numbers, whatever the backend writes them as; a total's villa is null.
    return rows.map((r) => ({
      property_id: (r.property_id as string | null) ?? null,
      item_id: r.item_id,
      cleans: Number(r.cleans),
      needed: Number(r.needed),
      above_par: Number(r.above_par),
      quantity: Number(r.quantity),
    }));
  },
  copy: noDeviceCopy,
});

export async function getPickList(range: PickRange): Promise<PickRow[]> {
  return (await readList(pickList, range)).rows;
}

export const pickListQueryOptions = (range: PickRange) =>
  queryOptions({ queryKey: pickListKeys.list(range), queryFn: () => getPickList(range) });

export const usePickList = (range: PickRange, enabled = true) =>
  useQuery({ ...pickListQueryOptions(range), enabled });
