// DELETE properties by id: only offered for a villa without history (the database refuses the
// others with 23503 and a message saying to archive).
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { forgetKeptRow } from '@/offline/resource';
import { notifySaved } from '@/offline/saved-toast';
import { deleteRow, queueWrite } from '@/offline/write';
import type { WriteResult } from '@/offline/write';
import { propertyKeys } from './keys';
import { messages } from '../messages';

export async function deleteProperty(userId: string, property: { id: string; code: string }) {
  const result = await queueWrite(
    deleteRow('properties', property.id, messages.t('queue.delete', { code: property.code })),
    { userId, invalidate: [propertyKeys.lists()] },
  );
  if (result === 'applied') await forgetKeptRow('properties', property.id);
  return result;
}

export function useDeleteProperty(
  callbacks?: MutationCallbacks<WriteResult, { id: string; code: string }>,
) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (property: { id: string; code: string }) => deleteProperty(userId, property),
      invalidate: [propertyKeys.lists()],
      done: (result, { id }) => {
        queryClient.removeQueries({ queryKey: propertyKeys.detail(id) });
        notifySaved(result, messages.t('save.deleted'));
      },
      failed: messages.t('save.deleteFailed'),
    },
    callbacks,
  );
}
