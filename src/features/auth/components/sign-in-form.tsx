import { useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { env } from '@/lib/app-env';
import { paths } from '@/lib/routes';
import { preloadSupabase } from '@/lib/supabase-client';
import { useSignIn } from '../api/sign-in';
import { validateSignIn, type SignInInput } from '../schemas';
import { markStaticSignInTaken, staticSignIn } from '../static-sign-in';
import { AuthField } from './auth-field';
import { DemoAccounts } from './demo-accounts';
import { useAuthForm } from './use-auth-form';
import { AuthButton } from './auth-ui';

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
    <div className="space-y-6">
      {/* supabase-js loads when the visitor starts on the form, not with the screen. */}
      <form
        onSubmit={onSubmit}
        onFocus={preloadSupabase}
        onPointerDown={preloadSupabase}
        noValidate
        className="space-y-4"
        aria-label="Sign in"
      >
        <AuthField
          label="Email"
          field={form.field('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
        />
        <AuthField
          label="Password"
          field={form.field('password')}
          type="password"
          autoComplete="current-password"
          aside={
            <Link
              to={paths.resetPassword.path}
              className="text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          }
        />
        <AuthButton type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </AuthButton>
      </form>
      <AuthButton type="button" variant="link" onClick={onSwitchMode}>
        Don't have an account? Sign up
      </AuthButton>
      {env.isLocalBackend ? (
        <DemoAccounts
          onPick={(email, password) => {
            preloadSupabase();
            form.reset({ email, password });
          }}
        />
      ) : null}
    </div>
  );
}
