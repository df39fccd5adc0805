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
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/errors';
import type { Reservation } from '../api/get-reservations';
import { isOverlap, useSaveReservation } from '../api/save-reservation';
import { RESERVATION_SOURCES, SOURCE_LABELS } from '../labels';
import { reservationSchema, type ReservationInput } from '../schemas';
import { COMPANY_TIME_ZONE, isoToZonedInput } from '@/lib/company-time';

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
  const save = useSaveReservation(propertyId, reservation?.id ?? null);
  const [overlap, setOverlap] = useState<string | null>(null);
  const form = useForm<ReservationInput>({
    resolver: zodResolver(reservationSchema),
    defaultValues: initialValues(reservation),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setOverlap(null);
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (e) {
      if (isOverlap(e)) setOverlap(errorMessage(e, 'These dates overlap another reservation'));
    }
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
        <FormField
          control={form.control}
          name="guest_name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Guest name</FormLabel>
              <FormControl>
                <Input autoComplete="off" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="check_in"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Check-in</FormLabel>
                <FormControl>
                  <Input type="datetime-local" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="check_out"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Check-out</FormLabel>
                <FormControl>
                  <Input type="datetime-local" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="guests"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Guests</FormLabel>
                <FormControl>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={Number.isNaN(field.value) ? '' : field.value}
                    onChange={(e) =>
                      field.onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)
                    }
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="source"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Source</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {RESERVATION_SOURCES.map((s) => (
                      <NativeSelectOption key={s} value={s}>
                        {SOURCE_LABELS[s]}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
