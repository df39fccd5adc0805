// PATCH properties.archived: archive (hidden from default lists, no new stays) or restore. A state
// transition: it carries the version it was made from, and a villa changed meanwhile is shown as
// a conflict in the Sync Queue instead of being overwritten.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow } from '@/offline/write';
import { propertyKeys } from './keys';

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
      `${archived ? 'Archive' : 'Restore'} property ${property.code}`,
      property.updated_at,
    ),
    { userId, invalidate: [propertyKeys.all] },
  );
}

export function useSetPropertyArchived(property: { id: string; code: string; updated_at: string }) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (archived: boolean) => setPropertyArchived(userId, property, archived),
    onSuccess: async (result, archived) => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      notifySaved(result, archived ? 'Property archived' : 'Property restored');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to archive property')),
  });
}
