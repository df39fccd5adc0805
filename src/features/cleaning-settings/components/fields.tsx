// The cleaning settings forms' own pieces: the bordered form they sit in, a checkbox on one line,
// and a select of named rows (villas, types, checklists) after one empty choice.
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { FieldProps } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { Form, FormField } from '@/components/ui/form';

/**
 * A settings form in a bordered box: its fields in a column, or (`row`) side by side on a wide
 * screen (a cleaning type, a villa override).
 */
export function SettingsForm<T extends FieldValues>({
  form,
  onSubmit,
  label,
  row = false,
  children,
}: {
  form: UseFormReturn<T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  label: string;
  row?: boolean;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        aria-label={label}
        className={
          row
            ? 'grid gap-3 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end'
            : 'space-y-3 rounded-md border p-3'
        }
      >
        {children}
      </form>
    </Form>
  );
}

/** A checkbox with its label on one line (the rules' switches, a type's inspection). */
export function CheckboxLine<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={field.name}
            ref={field.ref}
            checked={Boolean(field.value)}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.checked)}
          />
          {label}
        </label>
      )}
    />
  );
}

/** A select of rows by name (the value is the row's id), the first choice `empty` (value ''). */
export function RowSelectField<T extends FieldValues, N extends FieldPath<T>>({
  empty,
  rows,
  ...props
}: FieldProps<T, N> & {
  empty: string;
  rows: readonly { id: string; name: string }[];
  required?: boolean;
}) {
  return (
    <SelectField
      {...props}
      options={[{ value: '', label: empty }, ...rows.map((r) => ({ value: r.id, label: r.name }))]}
    />
  );
}
