// DELETE properties by id: only offered for a villa without history (the database refuses the
// others with 23503 and a message saying to archive).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertyKeys } from './keys';

export async function deleteProperty(id: string) {
  return fetchOrThrow(supabase.from('properties').delete().eq('id', id).select('id').single());
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    onSuccess: async (_row, id) => {
      queryClient.removeQueries({ queryKey: propertyKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      notify.success('Property deleted');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to delete property')),
  });
}
