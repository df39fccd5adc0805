import type { ComponentProps } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { Field, type FieldProps } from './field';

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'onBlur'>;

/** A text input (also e-mail, tel, password: pass `type`; a date is DateField, date-field.tsx). */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  ...input
}: FieldProps<T, N> & InputProps) {
  return (
    <Field
      control={control}
      name={name}
      label={label}
      description={description}
      render={(field) => <Input {...input} {...field} />}
    />
  );
}

/** A new password and its confirmation (the schema reports a mismatch on the confirmation). */
export function PasswordPairFields<T extends FieldValues>({
  control,
  password,
  confirm,
  labels,
}: {
  control: Control<T>;
  password: FieldPath<T>;
  confirm: FieldPath<T>;
  labels?: readonly [string, string];
}) {
  const t = useT(messages);
  const [first, second] = labels ?? [t('password.password'), t('password.confirm')];
  return (
    <>
      <TextField
        control={control}
        name={password}
        label={first}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        control={control}
        name={confirm}
        label={second}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
