import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from './field';

/** Free text over several lines. */
export function TextareaField<T extends FieldValues, N extends FieldPath<T>>({
  rows = 4,
  ...props
}: FieldProps<T, N> & { rows?: number }) {
  return (
    <Field
      {...props}
      render={(field) => (
        <textarea
          rows={rows}
          className="border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
          {...field}
        />
      )}
    />
  );
}
