import { DialogCloseX } from '@/components/overlay-close';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { DateTimeField } from '@/components/form/date-field';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { errorMessage, QueryError } from '@/lib/errors';
import type { Reservation } from '../api/get-reservations';
import { useSaveReservation } from '../api/save-reservation';
import { RESERVATION_SOURCES, sourceLabel } from '../labels';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';
import { reservationSchema, type ReservationInput } from '../schemas';
import { COMPANY_TIME_ZONE, isoToZonedInput } from '@/lib/company-time';

/** An overlap with another confirmed stay answers 409 (23P01) with a message naming its dates. */
const isOverlap = (e: unknown) => e instanceof QueryError && e.code === '23P01';

function initialValues(r: Reservation | null): ReservationInput {
  return r
    ? {
        guest_name: r.guest_name,
        guests: r.guests ?? 1,
        check_in: isoToZonedInput(r.check_in),
        check_out: isoToZonedInput(r.check_out),
        source: r.source,
        notes: r.notes,
      }
    : { guest_name: '', guests: 2, check_in: '', check_out: '', source: 'direct', notes: '' };
}

function ReservationForm({
  propertyId,
  reservation,
  onDone,
}: {
  propertyId: string;
  reservation: Reservation | null;
  onDone: () => void;
}) {
  const t = useT(messages);
  const [overlap, setOverlap] = useState<string | null>(null);
  // The overlap is this dialog's case, shown as the form's error; the hook toasts the rest.
  const save = useSaveReservation(propertyId, reservation?.id ?? null, {
    onSuccess: onDone,
    onError: (e) => {
      if (!isOverlap(e)) return false;
      setOverlap(errorMessage(e, t('stay.overlap')));
      return true;
    },
  });
  const form = useForm<ReservationInput>({
    resolver: zodResolver(reservationSchema),
    defaultValues: initialValues(reservation),
  });
  // A failure is shown by onError above or the hook's toast.
  const onSubmit = form.handleSubmit((values) => {
    setOverlap(null);
    save.mutate(values);
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('stay.form')}>
        {overlap ? (
          <Alert variant="destructive">
            <AlertTitle>{t('stay.overlapTitle')}</AlertTitle>
            <AlertDescription>{overlap}</AlertDescription>
          </Alert>
        ) : null}
        <TextField
          control={form.control}
          name="guest_name"
          label={t('stay.guestName')}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateTimeField control={form.control} name="check_in" label={t('stay.checkIn')} />
          <DateTimeField control={form.control} name="check_out" label={t('stay.checkOut')} />
          <NumberField
            control={form.control}
            name="guests"
            label={t('stay.guests')}
            min={1}
            max={100}
          />
          <SelectField
            control={form.control}
            name="source"
            label={t('stay.source')}
            options={RESERVATION_SOURCES.map((s) => ({ value: s, label: sourceLabel(s) }))}
          />
        </div>
        <TextField control={form.control} name="notes" label={t('stay.notes')} />
        <DialogFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('stay.saving') : t('stay.save')}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

export function ReservationDialog({
  propertyId,
  reservation,
  open,
  onOpenChange,
}: {
  propertyId: string;
  reservation: Reservation | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false} className="max-h-[90dvh] overflow-y-auto">
        <DialogCloseX />
        <DialogHeader>
          <DialogTitle>{reservation ? t('stay.editTitle') : t('stay.addTitle')}</DialogTitle>
          <DialogDescription>{t('stay.timeZone', { zone: COMPANY_TIME_ZONE })}</DialogDescription>
        </DialogHeader>
        {open ? (
          <ReservationForm
            key={reservation?.id ?? 'new'}
            propertyId={propertyId}
            reservation={reservation}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
