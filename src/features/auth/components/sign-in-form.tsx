import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { env } from '@/lib/app-env';
import { paths } from '@/lib/routes';
import { useSignIn } from '../api/sign-in';
import { signInSchema, type SignInInput } from '../schemas';
import { DemoAccounts } from './demo-accounts';

export function SignInForm({
  defaultEmail = '',
  onSwitchMode,
}: {
  defaultEmail?: string;
  onSwitchMode: () => void;
}) {
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      // Reported by the mutation's toast; the form keeps what was typed.
    }
  });

  return (
    <div className="space-y-6">
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    placeholder="you@company.com"
                    {...field}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center justify-between">
                  <FormLabel>Password</FormLabel>
                  <Link
                    to={paths.resetPassword.path}
                    className="text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline"
                  >
                    Forgot password?
                  </Link>
                </div>
                <FormControl>
                  <Input type="password" autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </Form>
      <Button type="button" variant="link" className="w-full" onClick={onSwitchMode}>
        Don't have an account? Sign up
      </Button>
      {env.isLocalBackend ? (
        <DemoAccounts
          onPick={(email, password) => {
            form.reset({ email, password });
          }}
        />
      ) : null}
    </div>
  );
}
