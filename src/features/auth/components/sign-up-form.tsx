import { useT } from '@/lib/i18n/catalog';
import { preloadSupabase } from '@/lib/supabase-client';
import type { Action } from '../api/use-action';
import { messages } from '../messages';
import { validateSignUp, type SignUpInput } from '../schemas';
import { AuthField } from './auth-field';
import { useAuthForm } from './use-auth-form';
import { AuthButton } from './auth-ui';

export function SignUpForm({
  signUp,
  onSignedUp,
  onSwitchMode,
}: {
  signUp: Action<SignUpInput, { email: string }>;
  onSignedUp: (email: string) => void;
  onSwitchMode: () => void;
}) {
  const t = useT(messages);
  const form = useAuthForm<SignUpInput>(
    { full_name: '', email: '', password: '', confirmPassword: '' },
    validateSignUp,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { email } = await signUp.mutateAsync(values);
      onSignedUp(email);
    } catch {
      // Reported by the mutation's toast; the form keeps what was typed.
    }
  });

  return (
    <div className="space-y-6">
      <form
        onSubmit={onSubmit}
        onFocus={preloadSupabase}
        onPointerDown={preloadSupabase}
        noValidate
        className="space-y-4"
        aria-label={t('signUp.form')}
      >
        <AuthField
          label={t('signUp.fullName')}
          field={form.field('full_name')}
          autoComplete="name"
          placeholder={t('signUp.fullNamePlaceholder')}
        />
        <AuthField
          label={t('email')}
          field={form.field('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('emailPlaceholder')}
        />
        <AuthField
          label={t('password')}
          field={form.field('password')}
          type="password"
          autoComplete="new-password"
        />
        <AuthField
          label={t('signUp.confirm')}
          field={form.field('confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <AuthButton type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? t('signUp.pending') : t('signUp.submit')}
        </AuthButton>
      </form>
      <AuthButton type="button" variant="link" onClick={onSwitchMode}>
        {t('signUp.toSignIn')}
      </AuthButton>
    </div>
  );
}
