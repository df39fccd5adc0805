// Date fields of a form (docs/adding-an-area.md "Forms"): the day in the app's format
// ('27 Nov 2026') and the time as '15:00', never the browser's mm/dd/yyyy or 3:00 PM. Values stay
// what the schemas know: an ISO day ('2026-11-27') for DateField, a company-zone
// 'YYYY-MM-DDTHH:mm' for DateTimeField ('' while either part is missing or not a day or a time).
import { useState, type ComponentProps, type Ref } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { parseTime } from '@/lib/company-time';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { DateInput } from './date-input';
import { Field, type FieldProps } from './field';

/** A day, as an ISO day string. */
export function DateField<T extends FieldValues, N extends FieldPath<T>>(props: FieldProps<T, N>) {
  const t = useT(messages);
  return (
    <Field
      {...props}
      render={({ value, onChange, onBlur, name, ref, disabled }) => (
        <DateInput
          ref={ref}
          name={name}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onValueChange={onChange}
          onBlur={onBlur}
          pickerLabel={t('date.choose', { label: props.label.toLowerCase() })}
          emptyWhenInvalid
        />
      )}
    />
  );
}

/** A time of day typed as '15:00' (24-hour, the app's format). */
export function TimeInput({
  value,
  onValueChange,
  onBlur,
  ref,
  emptyWhenInvalid = false,
  ...input
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'ref'> & {
  value: string;
  onValueChange: (time: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** Called with '' when what is typed is not a time (else the value stays, the box marked). */
  emptyWhenInvalid?: boolean;
}) {
  const [text, setText] = useState<string | null>(null);
  const invalid = text !== null && text.trim() !== '' && parseTime(text) === null;
  const commit = () => {
    if (text === null) return;
    const time = text.trim() === '' ? '' : parseTime(text);
    if (time === null) {
      if (emptyWhenInvalid && value !== '') onValueChange('');
      return;
    }
    setText(null);
    if (time !== value) onValueChange(time);
  };
  return (
    <Input
      {...input}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={input.placeholder ?? '15:00'}
      aria-invalid={invalid || input['aria-invalid'] === true || input['aria-invalid'] === 'true'}
      value={text ?? value}
      onChange={(e) => setText(e.target.value)}
      onBlur={(e) => {
        commit();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function DateTimeInput({
  value,
  onChange,
  onBlur,
  label,
  ref,
  ...aria
}: {
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  label: string;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  disabled?: boolean;
}) {
  const t = useT(messages);
  const split = (v: string) => ({ day: v.slice(0, 10), time: v.slice(11, 16) });
  const [parts, setParts] = useState(() => split(value));
  // The last value this field gave (or was given): another value is a change from outside.
  const [last, setLast] = useState(value);
  if (value !== last) {
    setLast(value);
    setParts(split(value));
  }
  const change = (next: { day: string; time: string }) => {
    setParts(next);
    const v = next.day && next.time ? `${next.day}T${next.time}` : '';
    setLast(v);
    if (v !== value) onChange(v);
  };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-2">
      <DateInput
        ref={ref}
        id={aria.id}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        disabled={aria.disabled}
        value={parts.day}
        onValueChange={(day) => change({ ...parts, day })}
        onBlur={onBlur}
        pickerLabel={t('date.chooseDate', { label: label.toLowerCase() })}
        emptyWhenInvalid
      />
      <TimeInput
        aria-label={t('date.time', { label })}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        disabled={aria.disabled}
        value={parts.time}
        onValueChange={(time) => change({ ...parts, time })}
        emptyWhenInvalid
        onBlur={onBlur}
      />
    </div>
  );
}

/** A day and a time of day in the company's zone (`YYYY-MM-DDTHH:mm`). */
export function DateTimeField<T extends FieldValues, N extends FieldPath<T>>(
  props: FieldProps<T, N>,
) {
  return (
    <Field
      {...props}
      render={({ value, onChange, onBlur, ref, disabled }) => (
        <DateTimeInput
          ref={ref}
          label={props.label}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          onBlur={onBlur}
        />
      )}
    />
  );
}

/** A time of day (`HH:mm`, 24-hour). */
export function TimeField<T extends FieldValues, N extends FieldPath<T>>(props: FieldProps<T, N>) {
  return (
    <Field
      {...props}
      render={({ value, onChange, onBlur, name, ref, disabled }) => (
        <TimeInput
          ref={ref}
          name={name}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onValueChange={onChange}
          onBlur={onBlur}
        />
      )}
    />
  );
}
