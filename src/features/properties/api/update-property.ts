// PATCH properties by id: the form's fields, returning the id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertySchema, type PropertyInput } from '../schemas';
import { isDuplicateCode, propertyColumns } from './create-property';
import { propertyKeys } from './keys';

export async function updateProperty(id: string, input: PropertyInput): Promise<{ id: string }> {
  const v = z.parse(propertySchema, input);
  return fetchOrThrow(
    supabase.from('properties').update(propertyColumns(v)).eq('id', id).select('id').single(),
  );
}

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyInput) => updateProperty(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      notify.success('Property updated');
    },
    onError: (e) => {
      if (!isDuplicateCode(e)) notify.error(errorMessage(e, 'Failed to update property'));
    },
  });
}
