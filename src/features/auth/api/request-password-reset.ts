import { useMutation } from '@tanstack/react-query';
import { parsed, validateRequestReset, type RequestResetInput } from '../schemas';
import { getSupabase } from '@/lib/supabase-client';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/routes';

export async function requestPasswordReset(input: RequestResetInput) {
  const { email } = parsed(validateRequestReset(input));
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword.path}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => notify.success('Password reset email sent! Check your inbox.'),
    onError: () => notify.error('Failed to send password reset email'),
  });
}
