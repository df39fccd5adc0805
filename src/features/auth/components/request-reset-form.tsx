import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { preloadSupabase } from '@/lib/supabase-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { messages } from '../messages';
import { validateRequestReset, type RequestResetInput } from '../schemas';
import { AuthField } from './auth-field';
import { useAuthForm } from './use-auth-form';

export function RequestResetForm() {
  const t = useT(messages);
  const request = useRequestPasswordReset();
  const form = useAuthForm<RequestResetInput>({ email: '' }, validateRequestReset);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch {
      // Reported by the mutation's toast.
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadSupabase}
      onPointerDown={preloadSupabase}
      noValidate
      className="space-y-4"
      aria-label={t('reset.form')}
    >
      <AuthField
        label={t('email')}
        field={form.field('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? t('reset.sending') : t('reset.send')}
      </Button>
      {request.isSuccess ? (
        <p role="status" className="text-muted-foreground text-sm">
          {t('reset.sent', { email: request.variables.email })}
        </p>
      ) : null}
    </form>
  );
}
