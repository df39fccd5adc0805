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
import { RESERVATION_SOURCES, SOURCE_LABELS } from '../labels';
import { reservationSchema, type ReservationInput } from '../schemas';
import { COMPANY_TIME_ZONE, isoToZonedInput } from '@/lib/company-time';

const SOURCE_OPTIONS = RESERVATION_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }));

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
  const [overlap, setOverlap] = useState<string | null>(null);
  // The overlap is this dialog's case, shown as the form's error; the hook toasts the rest.
  const save = useSaveReservation(propertyId, reservation?.id ?? null, {
    onSuccess: onDone,
    onError: (e) => {
      if (!isOverlap(e)) return false;
      setOverlap(errorMessage(e, 'These dates overlap another reservation'));
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
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reservation">
        {overlap ? (
          <Alert variant="destructive">
            <AlertTitle>Dates overlap</AlertTitle>
            <AlertDescription>{overlap}</AlertDescription>
          </Alert>
        ) : null}
        <TextField control={form.control} name="guest_name" label="Guest name" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateTimeField control={form.control} name="check_in" label="Check-in" />
          <DateTimeField control={form.control} name="check_out" label="Check-out" />
          <NumberField control={form.control} name="guests" label="Guests" min={1} max={100} />
          <SelectField
            control={form.control}
            name="source"
            label="Source"
            options={SOURCE_OPTIONS}
          />
        </div>
        <TextField control={form.control} name="notes" label="Notes" />
        <DialogFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save reservation'}
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{reservation ? 'Edit reservation' : 'Add reservation'}</DialogTitle>
          <DialogDescription>Times are in {COMPANY_TIME_ZONE} time.</DialogDescription>
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
