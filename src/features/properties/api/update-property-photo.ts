// PATCH property_photos by id: caption, cover flag (the database moves it off the old cover) or
// position (reordering swaps the positions of two neighbours).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertyKeys } from './keys';

export const photoChangeSchema = z.object({
  caption: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'Caption must be at most 200 characters')),
  ),
  is_cover: z.optional(z.boolean()),
  position: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10000))),
});
export type PhotoChange = z.input<typeof photoChangeSchema>;

export async function updatePropertyPhoto(id: string, change: PhotoChange) {
  const v = z.parse(photoChangeSchema, change);
  return fetchOrThrow(
    supabase.from('property_photos').update(v).eq('id', id).select('id').single(),
  );
}

export function useUpdatePropertyPhotos(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** One or more changes applied in order (a reorder is two). */
    mutationFn: async (changes: { id: string; change: PhotoChange }[]) => {
      for (const { id, change } of changes) await updatePropertyPhoto(id, change);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to update photo')),
  });
}
