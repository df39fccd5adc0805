// DELETE properties by id: only offered for a villa without history (the database refuses the
// others with 23503 and a message saying to archive).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { mirrorDelete } from '@/offline/read';
import { notifySaved } from '@/offline/saved-toast';
import { deleteRow, queueWrite } from '@/offline/write';
import { propertyKeys } from './keys';

export async function deleteProperty(userId: string, property: { id: string; code: string }) {
  const result = await queueWrite(
    deleteRow('properties', property.id, `Delete property ${property.code}`),
    { userId, invalidate: [propertyKeys.lists()] },
  );
  if (result === 'applied') await mirrorDelete('properties', property.id);
  return result;
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (property: { id: string; code: string }) => deleteProperty(userId, property),
    onSuccess: async (result, { id }) => {
      queryClient.removeQueries({ queryKey: propertyKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      notifySaved(result, 'Property deleted');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to delete property')),
  });
}
