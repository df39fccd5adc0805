// The sign-in screen as drawn, without its state: SignInForm and auth-route.tsx draw it in the
// app, and the build draws the same components into index.html as the static copy painted before
// any script (static-sign-in-copy.tsx, docs/architecture.md "Loading: the first paint").
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { messages } from '../messages';
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
  const t = useT(messages);
  return (
    <>
      <AuthCardHeading title={t('signIn.title')}>{t('signIn.description')}</AuthCardHeading>
      <AuthCardContent>
        <div className="space-y-6">
          {/* supabase-js loads when the visitor starts on the form, not with the screen. */}
          <form {...form} noValidate className="space-y-4" aria-label={t('signIn.form')}>
            <AuthField
              label={t('email')}
              field={field?.('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('emailPlaceholder')}
            />
            <AuthField
              label={t('password')}
              field={field?.('password')}
              type="password"
              autoComplete="current-password"
              aside={
                <Link
                  to={paths.resetPassword.path}
                  className="text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline"
                >
                  {t('signIn.forgot')}
                </Link>
              }
            />
            <AuthButton type={form ? 'submit' : 'button'} disabled={pending}>
              {pending ? t('signIn.pending') : t('signIn.submit')}
            </AuthButton>
          </form>
          <AuthButton type="button" variant="link" onClick={onSwitchMode}>
            {t('signIn.toSignUp')}
          </AuthButton>
          {demo}
        </div>
      </AuthCardContent>
    </>
  );
}
