import type { FieldPath, FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Field, type FieldProps } from './field';

/** A whole-number input; empty is NaN, so the schema (not the input) reports what is missing. */
export function NumberField<T extends FieldValues, N extends FieldPath<T>>({
  min,
  max,
  step = 1,
  ...props
}: FieldProps<T, N> & { min?: number; max?: number; step?: number }) {
  return (
    <Field
      {...props}
      render={(field) => (
        <Input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={Number.isNaN(field.value) ? '' : field.value}
          onChange={(e) =>
            field.onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)
          }
        />
      )}
    />
  );
}
