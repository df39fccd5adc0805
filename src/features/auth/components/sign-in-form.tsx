import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { env } from '@/lib/app-env';
import { paths } from '@/lib/routes';
import { preloadSupabase } from '@/lib/supabase-client';
import { useSignIn } from '../api/sign-in';
import { validateSignIn, type SignInInput } from '../schemas';
import { AuthField } from './auth-field';
import { DemoAccounts } from './demo-accounts';
import { useAuthForm } from './use-auth-form';

export function SignInForm({
  defaultEmail = '',
  onSwitchMode,
}: {
  defaultEmail?: string;
  onSwitchMode: () => void;
}) {
  const signIn = useSignIn();
  const form = useAuthForm<SignInInput>({ email: defaultEmail, password: '' }, validateSignIn);

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
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <Button type="button" variant="link" className="w-full" onClick={onSwitchMode}>
        Don't have an account? Sign up
      </Button>
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
