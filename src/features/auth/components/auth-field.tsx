import { useId, type ComponentProps, type ReactNode } from 'react';
import { translateRef } from '@/lib/i18n/catalog';
import { AuthInput } from './auth-ui';
import type { AuthFormField } from './use-auth-form';

type InputProps = Omit<
  ComponentProps<'input'>,
  'name' | 'value' | 'onChange' | 'ref' | 'id' | 'className'
>;

/**
 * A labelled input with its message below, as the shared form fields render it (same slots, ids,
 * aria-invalid and aria-describedby, classes), without react-hook-form or cn() (auth-ui.tsx).
 * `aside` sits right of the label. Without `field`, the input of index.html's static copy of the
 * screen (static-sign-in-copy.tsx): no name, nothing to send.
 */
export function AuthField({
  label,
  field,
  aside,
  ...input
}: { label: string; field?: AuthFormField; aside?: ReactNode } & InputProps) {
  const id = useId();
  const itemId = `${id}-form-item`;
  const descriptionId = `${id}-form-item-description`;
  const messageId = `${id}-form-item-message`;
  const { error, ...control } = field ?? {};
  const labelEl = (
    <label
      data-slot="form-label"
      data-error={!!error}
      htmlFor={itemId}
      className="flex items-center gap-2 text-sm leading-none font-medium select-none data-[error=true]:text-destructive"
    >
      {label}
    </label>
  );
  return (
    <div data-slot="form-item" className="grid gap-2">
      {aside ? (
        <div className="flex items-center justify-between">
          {labelEl}
          {aside}
        </div>
      ) : (
        labelEl
      )}
      <AuthInput
        data-slot="form-control"
        id={itemId}
        aria-describedby={error ? `${descriptionId} ${messageId}` : descriptionId}
        aria-invalid={!!error}
        {...input}
        {...control}
      />
      {error ? (
        <p data-slot="form-message" id={messageId} className="text-destructive text-sm">
          {translateRef(error)}
        </p>
      ) : null}
    </div>
  );
}
