// Storage upload to property-photos at <property id>/<uuid>.<ext>, then the property_photos row -
// only after the upload succeeded; if the row is refused, the orphaned object is removed again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { PHOTO_BUCKET } from './get-property-photos';
import { propertyKeys } from './keys';

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
  propertyId: string,
  file: File,
  position: number,
): Promise<{ id: string }> {
  if (!PHOTO_TYPES.includes(file.type)) throw new Error('Choose a JPEG, PNG, WebP or HEIC image');
  if (file.size > MAX_PHOTO_BYTES) throw new Error('The photo is larger than 10 MB');
  const path = `${propertyId}/${crypto.randomUUID()}.${EXTENSIONS[file.type] ?? 'jpg'}`;
  await fetchOrThrow(
    supabase.storage.from(PHOTO_BUCKET).upload(path, file, { contentType: file.type }),
  );
  try {
    return await fetchOrThrow(
      supabase
        .from('property_photos')
        .insert({ property_id: propertyId, storage_path: path, position })
        .select('id')
        .single(),
    );
  } catch (e) {
    await supabase.storage.from(PHOTO_BUCKET).remove([path]);
    throw e;
  }
}

export function useUploadPropertyPhoto(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, position }: { file: File; position: number }) =>
      uploadPropertyPhoto(propertyId, file, position),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      notify.success('Photo uploaded');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to upload photo')),
  });
}
