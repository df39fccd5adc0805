import { useMutation } from '@tanstack/react-query';
import { parse } from 'zod/mini';
import { errorMessage } from '../errors';
import { getSupabase } from '../supabase-client';
import { notify } from '../toast';
import { newPasswordSchema, type NewPasswordInput } from '../validation';

/** Sets a new password for the signed-in user (profile change, or a recovery link). */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (input: NewPasswordInput) => {
      const { password } = parse(newPasswordSchema, input);
      const supabase = await getSupabase();
      const { error } = await supabase.auth.updateUser({ password });
      if (error) throw error;
    },
    onSuccess: () => notify.success('Password updated'),
    onError: (e) => notify.error(errorMessage(e, 'Failed to update password')),
  });
}
