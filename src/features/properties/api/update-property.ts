// PATCH properties by id: the form's fields (last write wins), through the sync queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { errorToastUnlessHandled, type MutationCallbacks } from '@/lib/mutation-callbacks';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { propertySchema, type PropertyInput } from '../schemas';
import { propertyColumns } from './create-property';
import { propertyKeys } from './keys';

export async function updateProperty(
  userId: string,
  id: string,
  input: PropertyInput,
): Promise<{ id: string; result: WriteResult }> {
  const v = z.parse(propertySchema, input);
  const result = await queueWrite(
    updateRow('properties', id, propertyColumns(v), `Edit property ${v.code}`),
    { userId, invalidate: [propertyKeys.all] },
  );
  return { id, result };
}

export function useUpdateProperty(
  id: string,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof updateProperty>>>,
) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (input: PropertyInput) => updateProperty(userId, id, input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      notifySaved(saved.result, 'Property updated');
      callbacks?.onSuccess?.(saved);
    },
    onError: errorToastUnlessHandled(callbacks, 'Failed to update property'),
  });
}
