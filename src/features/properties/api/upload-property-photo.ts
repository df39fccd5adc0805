// A photo is kept as a blob in the sync queue until it is uploaded to its deterministic path
// (<property id>/<photo id>.<ext>, upsert: a cut-off upload is simply sent again), and the
// property_photos row pointing at it is queued behind the upload (docs/offline.md rule 8): it is sent
// only after the upload succeeded, and is held as refused if the upload is refused.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrites, uploadObject } from '@/offline/write';
import { PHOTO_BUCKET } from './get-property-photos';
import { propertyKeys } from './keys';
import { messages } from '../messages';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

export async function uploadPropertyPhoto(
  userId: string,
  propertyId: string,
  file: File,
  position: number,
) {
  if (!PHOTO_TYPES.includes(file.type)) throw new Error(messages.t('gallery.badType'));
  if (file.size > MAX_PHOTO_BYTES) throw new Error(messages.t('gallery.tooLarge'));
  const id = crypto.randomUUID();
  const path = `${propertyId}/${id}.${EXTENSIONS[file.type] ?? 'jpg'}`;
  // The file's bytes, kept in IndexedDB with the entry (a File from a picker may become unreadable).
  const blob = new Blob([await file.arrayBuffer()], { type: file.type });
  const result = await queueWrites(
    [
      uploadObject(PHOTO_BUCKET, path, blob, messages.t('queue.photo', { file: file.name })),
      insertRow(
        'property_photos',
        { id, property_id: propertyId, storage_path: path, position },
        messages.t('queue.photoEntry', { file: file.name }),
      ),
    ],
    { userId, invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()] },
  );
  return { id, result };
}

export function useUploadPropertyPhoto(
  propertyId: string,
  callbacks?: MutationCallbacks<
    Awaited<ReturnType<typeof uploadPropertyPhoto>>,
    { file: File; position: number }
  >,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: ({ file, position }: { file: File; position: number }) =>
        uploadPropertyPhoto(userId, propertyId, file, position),
      invalidate: [propertyKeys.photos(propertyId), propertyKeys.lists()],
      done: ({ result }) => notifySaved(result, messages.t('save.photoUploaded')),
      failed: messages.t('save.photoUploadFailed'),
    },
    callbacks,
  );
}
