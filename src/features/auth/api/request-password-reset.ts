import { parsed, validateRequestReset, type RequestResetInput } from '../schemas';
import { getSupabase } from '@/lib/supabase-client';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/routes';
import { useAppMutation } from '@/lib/use-app-mutation';
import { messages } from '../messages';

export async function requestPasswordReset(input: RequestResetInput) {
  const { email } = parsed(validateRequestReset(input));
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword.path}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  const FAILED = messages.t('reset.failed');
  return useAppMutation<RequestResetInput>({
    // Whatever went wrong, the toast says only this (it does not tell whether the email exists).
    mutationFn: (input) =>
      requestPasswordReset(input).catch((cause: unknown) => {
        throw new Error(messages.t('reset.failed'), { cause });
      }),
    done: () => notify.success(messages.t('reset.done')),
    failed: FAILED,
  });
}
