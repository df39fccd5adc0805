import { Button } from '@/components/ui/button';
import { preloadSupabase } from '@/lib/supabase-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { validateRequestReset, type RequestResetInput } from '../schemas';
import { AuthField } from './auth-field';
import { useAuthForm } from './use-auth-form';

export function RequestResetForm() {
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
      aria-label="Request a reset link"
    >
      <AuthField
        label="Email"
        field={form.field('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      {request.isSuccess ? (
        <p role="status" className="text-muted-foreground text-sm">
          If an account exists for {request.variables.email}, a link to set a new password is on its
          way.
        </p>
      ) : null}
    </form>
  );
}
