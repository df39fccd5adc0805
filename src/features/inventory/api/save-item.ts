// POST / PATCH inventory_items (inventory.manage): a new item with an id made on the device (a
// replayed insert is skipped by the server: one row), or the form's fields of one item (last write
// wins), through the sync queue. Items are never deleted (their movements keep them): "Active"
// off takes one out of the lists and the forms. A SKU already in use is refused by the table's
// unique key (23505, inventory_items_sku_key): the form shows it under the SKU.
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { QueryError } from '@/lib/errors';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { inventoryKeys } from '@/domain/inventory/keys';
import { manageMessages } from '../manage/messages';
import { itemSchema, type ItemValues } from '../schemas';

/** The columns a save writes: an empty SKU or barcode is none (null), not an empty code. */
export function itemColumns(v: ItemValues) {
  return { ...v, sku: v.sku === '' ? null : v.sku, barcode: v.barcode === '' ? null : v.barcode };
}

/** The unique SKU's refusal (the server's 409). */
export const isDuplicateSku = (e: unknown) =>
  e instanceof QueryError && e.code === '23505' && /sku/i.test(e.message);

export interface SaveItemInput {
  /** The item edited; none for a new one. */
  id?: string;
  values: ItemValues;
}

export async function saveItem(
  userId: string,
  { id, values }: SaveItemInput,
): Promise<{ id: string; result: WriteResult }> {
  const v = itemColumns(z.parse(itemSchema, values));
  const rowId = id ?? crypto.randomUUID();
  const write = id
    ? updateRow('inventory_items', id, v, manageMessages.t('manage.queueEdit', { item: v.name }))
    : insertRow(
        'inventory_items',
        { id: rowId, ...v },
        manageMessages.t('manage.queueNew', { item: v.name }),
      );
  const result = await queueWrite(write, { userId, invalidate: [inventoryKeys.all] });
  return { id: rowId, result };
}

type Saved = Awaited<ReturnType<typeof saveItem>>;

export function useSaveItem(callbacks?: MutationCallbacks<Saved, SaveItemInput>) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (input: SaveItemInput) => saveItem(userId, input),
      invalidate: [inventoryKeys.all],
      done: (saved, { id, values }) =>
        notifySaved(
          saved.result,
          manageMessages.t(id ? 'manage.saved' : 'manage.created', { item: values.name.trim() }),
        ),
      failed: manageMessages.t('manage.saveFailed'),
    },
    callbacks,
  );
}
