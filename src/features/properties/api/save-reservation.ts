// POST reservations (new stay) or PATCH reservations by id (edit). An overlap with another
// confirmed stay answers 409 (23P01) with a message naming its dates; the dialog shows it as the
// form's error instead of a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { errorMessage, fetchOrThrow, QueryError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { reservationSchema, type ReservationInput } from '../schemas';
import { zonedInputToIso } from '@/lib/company-time';
import { propertyKeys, reservationKeys } from './keys';

export function isOverlap(e: unknown): boolean {
  return e instanceof QueryError && e.code === '23P01';
}

export async function saveReservation(
  propertyId: string,
  reservationId: string | null,
  input: ReservationInput,
): Promise<{ id: string }> {
  const v = z.parse(reservationSchema, input);
  const columns = {
    guest_name: v.guest_name,
    guests: v.guests,
    check_in: zonedInputToIso(v.check_in),
    check_out: zonedInputToIso(v.check_out),
    source: v.source,
    notes: v.notes,
  };
  return fetchOrThrow(
    reservationId
      ? supabase.from('reservations').update(columns).eq('id', reservationId).select('id').single()
      : supabase
          .from('reservations')
          .insert({ ...columns, property_id: propertyId })
          .select('id')
          .single(),
  );
}

export function useSaveReservation(propertyId: string, reservationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReservationInput) => saveReservation(propertyId, reservationId, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.property(propertyId) }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
      ]);
      notify.success(reservationId ? 'Reservation updated' : 'Reservation added');
    },
    onError: (e) => {
      if (!isOverlap(e)) notify.error(errorMessage(e, 'Failed to save reservation'));
    },
  });
}
