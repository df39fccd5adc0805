import { DialogCloseX } from '@/components/overlay-close';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Form } from '@/components/ui/form';
import type { PropertyAccess } from '../api/get-property';
import { useSavePropertyAccess } from '../api/save-property-access';
import { propertyAccessSchema, type PropertyAccessInput } from '../schemas';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

const FIELDS = [
  ['key_safe_code', 'access.keySafe'],
  ['alarm_code', 'access.alarm'],
  ['wifi_name', 'access.wifiName'],
  ['wifi_password', 'access.wifiPassword'],
] as const satisfies readonly [Exclude<keyof PropertyAccessInput, 'access_notes'>, string][];

function AccessForm({
  propertyId,
  access,
  onDone,
}: {
  propertyId: string;
  access: PropertyAccess | null;
  onDone: () => void;
}) {
  const t = useT(messages);
  const save = useSavePropertyAccess(propertyId, { onSuccess: onDone });
  const form = useForm<PropertyAccessInput>({
    resolver: zodResolver(propertyAccessSchema),
    defaultValues: {
      access_notes: access?.access_notes ?? '',
      key_safe_code: access?.key_safe_code ?? '',
      alarm_code: access?.alarm_code ?? '',
      wifi_name: access?.wifi_name ?? '',
      wifi_password: access?.wifi_password ?? '',
    },
  });
  // A failure is toasted by the mutation; what was typed stays.
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('page.access')}>
        <TextareaField
          control={form.control}
          name="access_notes"
          label={t('access.howToGetIn')}
          rows={3}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(([name, label]) => (
            <TextField
              key={name}
              control={form.control}
              name={name}
              label={t(label)}
              autoComplete="off"
            />
          ))}
        </div>
        <DialogFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('access.saving') : t('access.save')}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

export function EditAccessButton({
  propertyId,
  access,
}: {
  propertyId: string;
  access: PropertyAccess | null;
}) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('access.edit')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent showCloseButton={false} className="max-h-[90dvh] overflow-y-auto">
          <DialogCloseX />
          <DialogHeader>
            <DialogTitle>{t('page.access')}</DialogTitle>
            <DialogDescription>{t('access.dialogHint')}</DialogDescription>
          </DialogHeader>
          {open ? (
            <AccessForm propertyId={propertyId} access={access} onDone={() => setOpen(false)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
