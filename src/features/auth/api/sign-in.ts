import { parsed, validateSignIn, type SignInInput } from '../schemas';
import { useAction } from './use-action';
import { getSupabase } from '@/lib/supabase-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { messages } from '../messages';

export async function signIn(input: SignInInput) {
  const { email, password } = parsed(validateSignIn(input));
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) {
    // Counted on the admin's health page (docs/admin.md): the auth server keeps no SQL record.
    if (error.status && error.status >= 400 && error.status < 500) {
      const code = String(error.code ?? error.status)
        .replace(/[^A-Za-z0-9_.:-]/g, '')
        .slice(0, 40);
      void supabase.from('client_events').insert({ kind: 'sign_in_failed', code });
    }
    throw error;
  }
  return data;
}

/** What a deactivated account is told (the auth server answers `user_banned`). */
export const deactivatedMessage = () => messages.t('signIn.deactivated');

export function useSignIn() {
  return useAction(signIn, {
    onSuccess: () => notify.success(messages.t('signIn.done')),
    onError: (e) =>
      notify.error(
        (e as { code?: unknown }).code === 'user_banned'
          ? deactivatedMessage()
          : errorMessage(e, messages.t('signIn.failed')),
      ),
  });
}
