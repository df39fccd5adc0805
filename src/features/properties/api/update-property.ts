// PATCH properties by id: the form's fields (last write wins), through the sync queue.
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { propertySchema, type PropertyInput } from '../schemas';
import { propertyColumns } from './create-property';
import { propertyKeys } from './keys';
import { messages } from '../messages';

export async function updateProperty(
  userId: string,
  id: string,
  input: PropertyInput,
): Promise<{ id: string; result: WriteResult }> {
  const v = z.parse(propertySchema, input);
  const result = await queueWrite(
    updateRow('properties', id, propertyColumns(v), messages.t('queue.edit', { code: v.code })),
    { userId, invalidate: [propertyKeys.all] },
  );
  return { id, result };
}

export function useUpdateProperty(
  id: string,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof updateProperty>>, PropertyInput>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (input: PropertyInput) => updateProperty(userId, id, input),
      invalidate: [propertyKeys.all],
      done: (saved) => notifySaved(saved.result, messages.t('save.updated')),
      failed: messages.t('save.updateFailed'),
    },
    callbacks,
  );
}
