// The sign-in screen as drawn, without its state: SignInForm and auth-route.tsx draw it in the
// app, and the build draws the same components into index.html as the static copy painted before
// any script (static-sign-in-copy.tsx, docs/architecture.md "Loading: the first paint").
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/routes';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import { AuthCardHeading } from './auth-ui';
import type { AuthFormField } from './use-auth-form';

export function SignInHeading() {
  return (
    <AuthCardHeading title="Arivia Ops Console">Sign In with your credentials.</AuthCardHeading>
  );
}

/**
 * The form, the link to sign-up and `demo`. Without `form` and `fields`, the static copy:
 * nothing named, nothing submits or acts; its fields, in this order, are what static-sign-in.ts
 * takes over.
 */
export function SignInView({
  form,
  fields,
  pending,
  onSwitchMode,
  demo,
}: {
  form?: Omit<ComponentProps<'form'>, 'className'>;
  fields?: Record<'email' | 'password', AuthFormField>;
  pending?: boolean;
  onSwitchMode?: () => void;
  demo?: ReactNode;
}) {
  return (
    <AuthForm
      label="Sign in"
      form={form}
      submit={pending ? 'Signing in...' : 'Sign In'}
      pending={pending}
      switchMode="Don't have an account? Sign up"
      onSwitchMode={onSwitchMode}
      after={demo}
    >
      <AuthField
        label="Email"
        field={fields?.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
      />
      <AuthField
        label="Password"
        field={fields?.password}
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
    </AuthForm>
  );
}
