// POST reservations (new stay, id made on the device) or PATCH reservations by id (edit), through
// the sync queue. An overlap with another confirmed stay answers 409 (23P01) with a message naming
// its dates; the dialog shows it as the form's error instead of a toast - or, for a stay saved
// offline, the Sync Queue panel shows it when the replay is refused.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { zonedInputToIso } from '@/lib/company-time';
import { errorMessage, QueryError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { reservationSchema, type ReservationInput } from '../schemas';
import { propertyKeys, reservationKeys } from './keys';

export function isOverlap(e: unknown): boolean {
  return e instanceof QueryError && e.code === '23P01';
}

export async function saveReservation(
  userId: string,
  propertyId: string,
  reservationId: string | null,
  input: ReservationInput,
): Promise<{ id: string; result: WriteResult }> {
  const v = z.parse(reservationSchema, input);
  const columns = {
    guest_name: v.guest_name,
    guests: v.guests,
    check_in: zonedInputToIso(v.check_in),
    check_out: zonedInputToIso(v.check_out),
    source: v.source,
    notes: v.notes,
  };
  const label = `${reservationId ? 'Edit' : 'New'} stay ${v.check_in.slice(0, 10)} (${v.guest_name || 'no name'})`;
  const id = reservationId ?? crypto.randomUUID();
  const invalidate = [reservationKeys.property(propertyId), propertyKeys.all];
  const result = await queueWrite(
    reservationId
      ? updateRow('reservations', id, columns, label)
      : insertRow('reservations', { id, ...columns, property_id: propertyId }, label),
    { userId, invalidate },
  );
  return { id, result };
}

export function useSaveReservation(propertyId: string, reservationId: string | null) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (input: ReservationInput) =>
      saveReservation(userId, propertyId, reservationId, input),
    onSuccess: async ({ result }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.property(propertyId) }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
      ]);
      notifySaved(result, reservationId ? 'Reservation updated' : 'Reservation added');
    },
    onError: (e) => {
      if (!isOverlap(e)) notify.error(errorMessage(e, 'Failed to save reservation'));
    },
  });
}
