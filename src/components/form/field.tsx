// The one FormField block every shared field wraps: label, control, optional description, the
// field's message (docs/adding-an-area.md "Forms"). Field components live in one file each, so a
// screen's chunk carries only the kinds it uses.
import type { ReactElement, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { FieldMessage } from './field-message';

export interface FieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label: string;
  description?: ReactNode;
  className?: string;
}

export function Field<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  className,
  render,
}: FieldProps<T, N> & { render: (field: ControllerRenderProps<T, N>) => ReactElement }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{render(field)}</FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FieldMessage />
        </FormItem>
      )}
    />
  );
}
