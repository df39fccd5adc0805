import type { ComponentProps, ReactNode } from 'react';
import { AuthButton } from './auth-ui';

/**
 * An auth form (its fields, then its submit button), the link to the other mode below it, then
 * `after`. Without `form` and `onSwitchMode`, index.html's static copy of the sign-in screen
 * (static-sign-in-copy.tsx): nothing submits or acts (aria-disabled) until React replaces it.
 */
export function AuthForm({
  label,
  form,
  children,
  submit,
  pending,
  switchMode,
  onSwitchMode,
  after,
}: {
  label: string;
  form?: Omit<ComponentProps<'form'>, 'className'>;
  children: ReactNode;
  submit: ReactNode;
  pending?: boolean;
  switchMode: ReactNode;
  onSwitchMode?: () => void;
  after?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      {/* supabase-js loads when the visitor starts on the form (`form`), not with the screen. */}
      <form {...form} noValidate className="space-y-4" aria-label={label}>
        {children}
        <AuthButton
          type={form ? 'submit' : 'button'}
          aria-disabled={!form || undefined}
          disabled={pending}
        >
          {submit}
        </AuthButton>
      </form>
      <AuthButton
        type="button"
        variant="link"
        aria-disabled={!onSwitchMode || undefined}
        onClick={onSwitchMode}
      >
        {switchMode}
      </AuthButton>
      {after}
    </div>
  );
}
