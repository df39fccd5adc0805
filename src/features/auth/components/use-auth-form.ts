// The auth forms' state without react-hook-form (kept off the sign-in screen's path), behaving as
// the other forms do with it: validated on submit, then each field again as it changes; the first
// field in error takes the focus; `reset` puts new values in and clears the messages; `focus` moves
// the focus into a field.
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors, Validated } from '@/lib/validation-rules';

export interface AuthFormField {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  ref: (el: HTMLInputElement | null) => void;
  error: string | undefined;
}

export function useAuthForm<T extends Record<string, string>>(
  defaults: T,
  validate: (input: Record<string, unknown>) => Validated<T>,
) {
  const [values, setValues] = useState<T>(defaults);
  const [errors, setErrors] = useState<FieldErrors<keyof T & string>>({});
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof T, HTMLInputElement>());

  const field = (name: keyof T & string): AuthFormField => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (e) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted.current) {
        const r = validate(next);
        setErrors((prev) => ({ ...prev, [name]: r.ok ? undefined : r.errors[name] }));
      }
    },
    ref: (el) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
  });

  const handleSubmit = (onValid: (values: T) => Promise<void> | void) => (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const r = validate(values);
    if (!r.ok) {
      setErrors(r.errors);
      const first = Object.keys(defaults).find((k) => r.errors[k as keyof T & string]);
      if (first) inputs.current.get(first)?.focus();
      return;
    }
    setErrors({});
    return onValid(r.values);
  };

  const reset = useCallback((next: T) => {
    submitted.current = false;
    setValues(next);
    setErrors({});
  }, []);

  const focus = useCallback((name: keyof T & string) => inputs.current.get(name)?.focus(), []);

  return { field, handleSubmit, reset, focus };
}
