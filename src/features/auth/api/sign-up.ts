import { parsed, validateSignUp, type SignUpInput } from '../schemas';
import { getSupabase } from '@/lib/supabase-client';
import { notify } from '@/lib/toast';
import { signUpErrorMessage } from './sign-up-messages';
import { messages } from '../messages';
import { useAction } from './use-action';

export async function signUp(input: SignUpInput) {
  const { full_name, email, password } = parsed(validateSignUp(input));
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name }, emailRedirectTo: `${window.location.origin}/` },
  });
  if (error) throw error;
  // Where e-mail confirmation is off the server signs the new account in at once; the spec's flow
  // is "Account created! You can now sign in." on the sign-in form, so that session is dropped.
  if (data.session) await supabase.auth.signOut({ scope: 'local' });
  return { email };
}

export function useSignUp() {
  return useAction(signUp, {
    onSuccess: () => notify.success(messages.t('signUp.done')),
    onError: (e) => notify.error(signUpErrorMessage(e)),
  });
}
