import { parse } from 'zod/mini';
import { getSupabase } from '../supabase-client';
import { messages } from '../messages';
import { notify } from '../toast';
import { useAppMutation } from '../use-app-mutation';
import { newPasswordSchema, type NewPasswordInput } from '../validation';

/** Sets a new password for the signed-in user (profile change, or a recovery link). */
export function useUpdatePassword() {
  return useAppMutation<NewPasswordInput>({
    mutationFn: async (input) => {
      const { password } = parse(newPasswordSchema, input);
      const supabase = await getSupabase();
      const { error } = await supabase.auth.updateUser({ password });
      if (error) throw error;
    },
    done: () => notify.success(messages.t('toast.passwordUpdated')),
    failed: messages.t('toast.passwordUpdateFailed'),
  });
}
