// POST / PATCH inventory_locations (inventory.manage): a new warehouse or van with an id made on
// the device, or a rename, a van's new driver, deactivated / active again, through the sync queue.
// A villa's place is made, renamed and removed with the villa (its trigger), never here; places
// are not deleted (their movements keep them).
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { inventoryKeys } from '@/domain/inventory/keys';
import { manageMessages } from '../manage/messages';
import { placeSchema, type PlaceValues } from '../schemas';

export interface SavePlaceInput {
  /** The place edited; none for a new one. */
  id?: string;
  values: PlaceValues;
}

export async function savePlace(
  userId: string,
  { id, values }: SavePlaceInput,
): Promise<{ id: string; result: WriteResult }> {
  const { kind, ...v } = z.parse(placeSchema, values);
  const columns = { ...v, holder_id: kind === 'van' ? v.holder_id : null };
  const label = manageMessages.t(id ? 'locations.queueEdit' : 'locations.queueNew', {
    name: v.name,
  });
  const rowId = id ?? crypto.randomUUID();
  const write = id
    ? updateRow('inventory_locations', id, columns, label)
    : insertRow('inventory_locations', { id: rowId, kind, ...columns }, label);
  const result = await queueWrite(write, { userId, invalidate: [inventoryKeys.all] });
  return { id: rowId, result };
}

type Saved = Awaited<ReturnType<typeof savePlace>>;

export function useSavePlace(callbacks?: MutationCallbacks<Saved, SavePlaceInput>) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (input: SavePlaceInput) => savePlace(userId, input),
      invalidate: [inventoryKeys.all],
      done: (saved, { id, values }) =>
        notifySaved(
          saved.result,
          manageMessages.t(id ? 'locations.saved' : 'locations.created', {
            name: values.name.trim(),
          }),
        ),
      failed: manageMessages.t('locations.saveFailed'),
    },
    callbacks,
  );
}
