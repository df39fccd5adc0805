// DELETE property_photos by id, then the object in storage (the row goes first, so a failure
// never leaves a row pointing at a missing file).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { PHOTO_BUCKET } from './get-property-photos';
import { propertyKeys } from './keys';

export async function deletePropertyPhoto(photo: { id: string; storage_path: string }) {
  await fetchOrThrow(
    supabase.from('property_photos').delete().eq('id', photo.id).select('id').single(),
  );
  await supabase.storage.from(PHOTO_BUCKET).remove([photo.storage_path]);
}

export function useDeletePropertyPhoto(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePropertyPhoto,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      notify.success('Photo deleted');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to delete photo')),
  });
}
