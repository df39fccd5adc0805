// The sign-in screen as drawn, without its state: SignInForm and auth-route.tsx draw it in the
// app, and the build draws the same components into index.html as the static copy painted before
// any script (static-sign-in-copy.tsx, docs/architecture.md "Loading: the first paint").
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/routes';
import { AuthField } from './auth-field';
import { AuthButton, AuthCardContent, AuthCardHeading } from './auth-ui';
import type { AuthFormField } from './use-auth-form';

/**
 * The sign-in card's heading and content: the form, the link to sign-up and `demo`. Without
 * `form` and `field`, the static copy: nothing named, nothing submits or acts; its fields, in
 * this order, are what static-sign-in.ts takes over.
 */
export function SignInView({
  form,
  field,
  pending,
  onSwitchMode,
  demo,
}: {
  form?: Omit<ComponentProps<'form'>, 'className'>;
  field?: (name: 'email' | 'password') => AuthFormField;
  pending?: boolean;
  onSwitchMode?: () => void;
  demo?: ReactNode;
}) {
  return (
    <>
      <AuthCardHeading title="Arivia Ops Console">Sign In with your credentials.</AuthCardHeading>
      <AuthCardContent>
        <div className="space-y-6">
          {/* supabase-js loads when the visitor starts on the form, not with the screen. */}
          <form {...form} noValidate className="space-y-4" aria-label="Sign in">
            <AuthField
              label="Email"
              field={field?.('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
            />
            <AuthField
              label="Password"
              field={field?.('password')}
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
            <AuthButton type={form ? 'submit' : 'button'} disabled={pending}>
              {pending ? 'Signing in...' : 'Sign In'}
            </AuthButton>
          </form>
          <AuthButton type="button" variant="link" onClick={onSwitchMode}>
            Don't have an account? Sign up
          </AuthButton>
          {demo}
        </div>
      </AuthCardContent>
    </>
  );
}
