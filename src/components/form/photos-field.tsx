import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from './field';

/** Photos from the phone's camera (or its library): the value is the chosen files. */
export function PhotosField<T extends FieldValues, N extends FieldPath<T>>(
  props: FieldProps<T, N>,
) {
  return (
    <Field
      {...props}
      render={(field) => (
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="block w-full text-sm"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(Array.from(e.target.files ?? []))}
        />
      )}
    />
  );
}
