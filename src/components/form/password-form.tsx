// Set a new password: the profile's "Change password" and the recovery link's "Set a new
// password" are this one form with different words and a different next step.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useUpdatePassword } from '@/lib/auth/use-update-password';
import { newPasswordSchema, type NewPasswordInput } from '@/lib/validation';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { PasswordPairFields } from './text-field';

export function PasswordForm({
  title,
  submitLabel,
  onDone,
  fullWidth = false,
}: {
  /** The form's accessible name. */
  title: string;
  submitLabel: string;
  /** After a successful save; the form empties itself when there is none. */
  onDone?: () => void;
  fullWidth?: boolean;
}) {
  const t = useT(messages);
  const update = useUpdatePassword();
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      if (onDone) onDone();
      else form.reset();
    } catch {
      // Reported by the mutation's toast; the form keeps what was typed.
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <PasswordPairFields
          control={form.control}
          password="password"
          confirm="confirmPassword"
          labels={[t('password.new'), t('password.confirmNew')]}
        />
        <Button
          type="submit"
          className={fullWidth ? 'w-full' : undefined}
          disabled={update.isPending}
        >
          {update.isPending ? t('password.saving') : submitLabel}
        </Button>
      </form>
    </Form>
  );
}
