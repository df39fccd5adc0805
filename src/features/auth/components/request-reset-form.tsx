import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { requestResetSchema, type RequestResetInput } from '../schemas';

export function RequestResetForm() {
  const request = useRequestPasswordReset();
  const form = useForm<RequestResetInput>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch {
      // Reported by the mutation's toast.
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Request a reset link">
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
        {request.isSuccess ? (
          <p role="status" className="text-muted-foreground text-sm">
            If an account exists for {request.variables.email}, a link to set a new password is on
            its way.
          </p>
        ) : null}
      </form>
    </Form>
  );
}
