import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { PasswordPairFields, TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { signUpSchema, type SignUpInput } from '../schemas';

export function SignUpForm({
  signUp,
  onSignedUp,
  onSwitchMode,
}: {
  signUp: UseMutationResult<{ email: string }, Error, SignUpInput>;
  onSignedUp: (email: string) => void;
  onSwitchMode: () => void;
}) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { full_name: '', email: '', password: '', confirmPassword: '' },
  });

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
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create account">
          <TextField
            control={form.control}
            name="full_name"
            label="Full name"
            autoComplete="name"
            placeholder="Maria Kritikou"
          />
          <TextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
          />
          <PasswordPairFields
            control={form.control}
            password="password"
            confirm="confirmPassword"
          />
          <Button type="submit" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
        </form>
      </Form>
      <Button type="button" variant="link" className="w-full" onClick={onSwitchMode}>
        Already have an account? Sign in
      </Button>
    </div>
  );
}
