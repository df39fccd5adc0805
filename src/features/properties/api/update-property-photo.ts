// PATCH property_photos by id: caption, cover flag (the database moves it off the old cover) or
// position (reordering swaps the positions of two neighbours), through the sync queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { queueWrites, updateRow } from '@/offline/write';
import { propertyKeys } from './keys';

export const photoChangeSchema = z.object({
  caption: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'Caption must be at most 200 characters')),
  ),
  is_cover: z.optional(z.boolean()),
  position: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10000))),
});
export type PhotoChange = z.input<typeof photoChangeSchema>;

function labelOf(change: PhotoChange): string {
  if (change.caption !== undefined) return 'Photo caption';
  if (change.is_cover) return 'Cover photo';
  return 'Photo order';
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

export function useUpdatePropertyPhotos(propertyId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (changes: { id: string; change: PhotoChange }[]) =>
      updatePropertyPhotos(userId, propertyId, changes),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to update photo')),
  });
}
