// POST properties: a new villa with an id made on the device, through the sync queue (sent at
// once when online, kept and replayed exactly once when not).
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrite, type WriteResult } from '@/offline/write';
import { propertySchema, type PropertyInput, type PropertyValues } from '../schemas';
import { propertyKeys } from './keys';
import { messages } from '../messages';

/** The columns a form save writes: empty optional contacts become null. */
export function propertyColumns(v: PropertyValues) {
  return {
    ...v,
    owner_phone: v.owner_phone === '' ? null : v.owner_phone,
    owner_email: v.owner_email === '' ? null : v.owner_email,
  };
}

export async function createProperty(
  userId: string,
  input: PropertyInput,
): Promise<{ id: string; result: WriteResult }> {
  const v = z.parse(propertySchema, input);
  const id = crypto.randomUUID();
  const result = await queueWrite(
    insertRow(
      'properties',
      { id, ...propertyColumns(v) },
      messages.t('queue.create', { code: v.code }),
    ),
    { userId, invalidate: [propertyKeys.all] },
  );
  return { id, result };
}

type Saved = Awaited<ReturnType<typeof createProperty>>;

export function useCreateProperty(callbacks?: MutationCallbacks<Saved, PropertyInput>) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (input: PropertyInput) => createProperty(userId, input),
      invalidate: [propertyKeys.all],
      done: (saved) => notifySaved(saved.result, messages.t('save.created')),
      failed: messages.t('save.createFailed'),
    },
    callbacks,
  );
}
