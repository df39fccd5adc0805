// DELETE property_photos by id, then the object in storage, through the sync queue: the row goes
// first, so a failure never leaves a row pointing at a missing file, and the file's removal waits
// for the row's.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { deleteRow, queueWrites, removeObject } from '@/offline/write';
import type { WriteResult } from '@/offline/write';
import { PHOTO_BUCKET } from './get-property-photos';
import { propertyKeys } from './keys';
import { messages } from '../messages';

export function deletePropertyPhoto(
  userId: string,
  propertyId: string,
  photo: { id: string; storage_path: string },
) {
  return queueWrites(
    [
      deleteRow('property_photos', photo.id, messages.t('queue.deletePhoto')),
      removeObject(PHOTO_BUCKET, photo.storage_path, messages.t('queue.deletePhotoFile')),
    ],
    { userId, invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()] },
  );
}

export function useDeletePropertyPhoto(
  propertyId: string,
  callbacks?: MutationCallbacks<WriteResult, { id: string; storage_path: string }>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (photo: { id: string; storage_path: string }) =>
        deletePropertyPhoto(userId, propertyId, photo),
      invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()],
      done: (result) => notifySaved(result, messages.t('save.photoDeleted')),
      failed: messages.t('save.photoDeleteFailed'),
    },
    callbacks,
  );
}
