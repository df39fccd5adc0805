// POST property_access with on_conflict=property_id (upsert): one row per villa. Needs
// properties.manage and properties.access (RLS).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertyAccessSchema, type PropertyAccessInput } from '../schemas';
import { propertyKeys } from './keys';

const orNull = (v: string) => (v === '' ? null : v);

export async function savePropertyAccess(propertyId: string, input: PropertyAccessInput) {
  const v = z.parse(propertyAccessSchema, input);
  return fetchOrThrow(
    supabase
      .from('property_access')
      .upsert(
        {
          property_id: propertyId,
          access_notes: v.access_notes,
          key_safe_code: orNull(v.key_safe_code),
          alarm_code: orNull(v.alarm_code),
          wifi_name: orNull(v.wifi_name),
          wifi_password: orNull(v.wifi_password),
        },
        { onConflict: 'property_id' },
      )
      .select('property_id')
      .single(),
  );
}

export function useSavePropertyAccess(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyAccessInput) => savePropertyAccess(propertyId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.detail(propertyId) });
      notify.success('Access details saved');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to save access details')),
  });
}
