// PATCH properties.archived: archive (hidden from default lists, no new stays) or restore.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertyKeys } from './keys';

export async function setPropertyArchived(id: string, archived: boolean) {
  return fetchOrThrow(
    supabase.from('properties').update({ archived }).eq('id', id).select('id').single(),
  );
}

export function useSetPropertyArchived(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => setPropertyArchived(id, archived),
    onSuccess: async (_row, archived) => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      notify.success(archived ? 'Property archived' : 'Property restored');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to archive property')),
  });
}
