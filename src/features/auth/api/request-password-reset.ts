import { parsed, validateRequestReset, type RequestResetInput } from '../schemas';
import { getSupabase } from '@/lib/supabase-client';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/routes';
import { useAppMutation } from '@/lib/use-app-mutation';

export async function requestPasswordReset(input: RequestResetInput) {
  const { email } = parsed(validateRequestReset(input));
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword.path}`,
  });
  if (error) throw error;
}

const FAILED = 'Failed to send password reset email';

export function useRequestPasswordReset() {
  return useAppMutation<RequestResetInput>({
    // Whatever went wrong, the toast says only this (it does not tell whether the email exists).
    mutationFn: (input) =>
      requestPasswordReset(input).catch((cause: unknown) => {
        throw new Error(FAILED, { cause });
      }),
    done: () => notify.success('Password reset email sent! Check your inbox.'),
    failed: FAILED,
  });
}
