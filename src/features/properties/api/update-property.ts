// PATCH properties by id: the form's fields (last write wins), through the sync queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { propertySchema, type PropertyInput } from '../schemas';
import { isDuplicateCode, propertyColumns } from './create-property';
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

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (input: PropertyInput) => updateProperty(userId, id, input),
    onSuccess: async ({ result }) => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      notifySaved(result, 'Property updated');
    },
    onError: (e) => {
      if (!isDuplicateCode(e)) notify.error(errorMessage(e, 'Failed to update property'));
    },
  });
}
