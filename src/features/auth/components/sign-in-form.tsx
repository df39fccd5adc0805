import { useLayoutEffect, useState } from 'react';
import { env } from '@/lib/app-env';
import { preloadSupabase } from '@/lib/supabase-client';
import { useSignIn } from '../api/sign-in';
import { validateSignIn, type SignInInput } from '../schemas';
import { markStaticSignInTaken, staticSignIn } from '../static-sign-in';
import { DemoAccounts } from './demo-accounts';
import { useAuthForm } from './use-auth-form';
import { SignInView } from './sign-in-view';

export function SignInForm({
  defaultEmail = '',
  onSwitchMode,
}: {
  defaultEmail?: string;
  onSwitchMode: () => void;
}) {
  const signIn = useSignIn();
  // The sign-in screen index.html painted before any script: what was typed there carries over.
  const [fromHtml] = useState(() => {
    const s = staticSignIn();
    return s && { ...s, email: s.inputs.email.value, password: s.inputs.password.value };
  });
  const form = useAuthForm<SignInInput>(
    { email: defaultEmail || (fromHtml?.email ?? ''), password: fromHtml?.password ?? '' },
    validateSignIn,
  );
  const { reset, focus } = form;
  // Once this form has replaced it: what was typed while React rendered, and the focus it had.
  useLayoutEffect(() => {
    if (!fromHtml) return;
    markStaticSignInTaken();
    const { email, password } = fromHtml.inputs;
    if (email.value !== fromHtml.email || password.value !== fromHtml.password)
      reset({ email: email.value, password: password.value });
    const focused = fromHtml.focused();
    if (focused) focus(focused);
  }, [fromHtml, reset, focus]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      // Reported by the mutation's toast; the form keeps what was typed.
    }
  });

  return (
    <SignInView
      form={{ onSubmit, onFocus: preloadSupabase, onPointerDown: preloadSupabase }}
      field={form.field}
      pending={signIn.isPending}
      onSwitchMode={onSwitchMode}
      demo={
        env.isLocalBackend ? (
          <DemoAccounts
            onPick={(email, password) => {
              preloadSupabase();
              form.reset({ email, password });
            }}
          />
        ) : null
      }
    />
  );
}
