// PATCH properties.archived: archive (hidden from default lists, no new stays) or restore. A state
// transition: it carries the version it was made from, and a villa changed meanwhile is shown as
// a conflict in the Sync Queue instead of being overwritten.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow } from '@/offline/write';
import type { WriteResult } from '@/offline/write';
import { propertyKeys } from './keys';
import { messages } from '../messages';

export function setPropertyArchived(
  userId: string,
  property: { id: string; code: string; updated_at: string },
  archived: boolean,
) {
  return queueWrite(
    updateRow(
      'properties',
      property.id,
      { archived },
      messages.t(archived ? 'queue.archive' : 'queue.restore', { code: property.code }),
      property.updated_at,
    ),
    { userId, invalidate: [propertyKeys.all] },
  );
}

export function useSetPropertyArchived(
  property: { id: string; code: string; updated_at: string },
  callbacks?: MutationCallbacks<WriteResult, boolean>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (archived: boolean) => setPropertyArchived(userId, property, archived),
      invalidate: [propertyKeys.all],
      done: (result, archived) =>
        notifySaved(result, messages.t(archived ? 'save.archived' : 'save.restored')),
      failed: messages.t('save.archiveFailed'),
    },
    callbacks,
  );
}
