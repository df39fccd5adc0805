// PATCH property_photos by id: caption, cover flag (the database moves it off the old cover) or
// position (reordering swaps the positions of two neighbours), through the sync queue.
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { queueWrites, updateRow } from '@/offline/write';
import { propertyKeys } from './keys';
import { messages } from '../messages';

export const photoChangeSchema = z.object({
  caption: z.optional(
    z.string().check(z.trim(), z.maxLength(200, messages.ref('schema.captionMax'))),
  ),
  is_cover: z.optional(z.boolean()),
  position: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10000))),
});
export type PhotoChange = z.input<typeof photoChangeSchema>;

function labelOf(change: PhotoChange): string {
  if (change.caption !== undefined) return messages.t('queue.caption');
  if (change.is_cover) return messages.t('queue.cover');
  return messages.t('queue.order');
}

/** One or more changes applied in order (a reorder is two). */
export function updatePropertyPhotos(
  userId: string,
  propertyId: string,
  changes: { id: string; change: PhotoChange }[],
) {
  return queueWrites(
    changes.map(({ id, change }) =>
      updateRow('property_photos', id, z.parse(photoChangeSchema, change), labelOf(change)),
    ),
    { userId, invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()] },
  );
}

export function useUpdatePropertyPhotos(
  propertyId: string,
  callbacks?: MutationCallbacks<unknown, { id: string; change: PhotoChange }[]>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (changes: { id: string; change: PhotoChange }[]) =>
        updatePropertyPhotos(userId, propertyId, changes),
      invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()],
      failed: messages.t('save.photoFailed'),
    },
    callbacks,
  );
}
