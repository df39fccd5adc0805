// POST properties: a new villa, returning its id. A code already in use answers 409 (23505); the
// form shows that under the code field instead of a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { errorMessage, fetchOrThrow, QueryError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertySchema, type PropertyInput, type PropertyValues } from '../schemas';
import { propertyKeys } from './keys';

export const DUPLICATE_CODE_MESSAGE = 'Another property already uses this code';

export function isDuplicateCode(e: unknown): boolean {
  return e instanceof QueryError && e.code === '23505';
}

/** The columns a form save writes: empty optional contacts become null. */
export function propertyColumns(v: PropertyValues) {
  return {
    ...v,
    owner_phone: v.owner_phone === '' ? null : v.owner_phone,
    owner_email: v.owner_email === '' ? null : v.owner_email,
  };
}

export async function createProperty(input: PropertyInput): Promise<{ id: string }> {
  const v = z.parse(propertySchema, input);
  return fetchOrThrow(supabase.from('properties').insert(propertyColumns(v)).select('id').single());
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      notify.success('Property created');
    },
    onError: (e) => {
      if (!isDuplicateCode(e)) notify.error(errorMessage(e, 'Failed to create property'));
    },
  });
}
