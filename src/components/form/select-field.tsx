import type { FieldPath, FieldValues } from 'react-hook-form';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Field, type FieldProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select (the phone's own picker) over a fixed list of options. */
export function SelectField<T extends FieldValues, N extends FieldPath<T>>({
  options,
  required,
  ...props
}: FieldProps<T, N> & {
  options: readonly SelectOption[];
  /** The browser's own "choose one" check (a form without noValidate). */
  required?: boolean;
}) {
  return (
    <Field
      {...props}
      render={(field) => (
        <NativeSelect required={required} {...field}>
          {options.map((o) => (
            <NativeSelectOption key={o.value} value={o.value}>
              {o.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    />
  );
}
