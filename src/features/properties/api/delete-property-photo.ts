// DELETE property_photos by id, then the object in storage, through the sync queue: the row goes
// first, so a failure never leaves a row pointing at a missing file, and the file's removal waits
// for the row's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { notifySaved } from '@/offline/saved-toast';
import { deleteRow, queueWrites, removeObject } from '@/offline/write';
import { PHOTO_BUCKET } from './get-property-photos';
import { propertyKeys } from './keys';

export function deletePropertyPhoto(
  userId: string,
  propertyId: string,
  photo: { id: string; storage_path: string },
) {
  return queueWrites(
    [
      deleteRow('property_photos', photo.id, 'Delete photo'),
      removeObject(PHOTO_BUCKET, photo.storage_path, 'Delete photo file'),
    ],
    { userId, invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()] },
  );
}

export function useDeletePropertyPhoto(propertyId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (photo: { id: string; storage_path: string }) =>
      deletePropertyPhoto(userId, propertyId, photo),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      notifySaved(result, 'Photo deleted');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to delete photo')),
  });
}
