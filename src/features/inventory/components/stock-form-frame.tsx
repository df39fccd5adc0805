// The frame of the receive and transfer forms: the form (named for screen readers and tests), its
// fields, and Save / Cancel below them.
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function StockFormFrame<T extends FieldValues>({
  form,
  label,
  submit,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  form: UseFormReturn<T>;
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useT(messages);
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={label}
        className="grid max-w-2xl gap-4 sm:grid-cols-2"
      >
        {children}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? t('form.saving') : submit}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
