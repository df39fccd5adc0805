// PATCH profiles by id (SEED-SPEC.md §7): the changed fields, returning the row.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { authKeys } from '@/lib/auth/auth-queries';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase, type Profile } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { profileSchema, type ProfileInput } from '../schemas';

export async function updateProfile(userId: string, input: ProfileInput): Promise<Profile> {
  const v = z.parse(profileSchema, input);
  return fetchOrThrow<Profile>(
    supabase
      .from('profiles')
      .update({
        full_name: v.full_name,
        phone: v.phone === '' ? null : v.phone,
        language: v.language,
      })
      .eq('id', userId)
      .select()
      .single(),
  );
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(userId, input),
    onSuccess: (row) => {
      queryClient.setQueryData(authKeys.profile(userId), row);
      notify.success('Profile updated');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to update profile')),
  });
}
