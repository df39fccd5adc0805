// POST reservations (new stay, id made on the device) or PATCH reservations by id (edit), through
// the sync queue. A refusal of a stay saved offline shows in the Sync Queue panel.
import * as z from 'zod/mini';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { zonedInputToIso } from '@/lib/company-time';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrite, updateRow, type WriteResult } from '@/offline/write';
import { reservationSchema, type ReservationInput } from '../schemas';
import { propertyKeys, reservationKeys } from './keys';

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

export function useSaveReservation(
  propertyId: string,
  reservationId: string | null,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof saveReservation>>, ReservationInput>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (input: ReservationInput) =>
        saveReservation(userId, propertyId, reservationId, input),
      invalidate: [reservationKeys.property(propertyId), propertyKeys.all],
      done: (saved) =>
        notifySaved(saved.result, reservationId ? 'Reservation updated' : 'Reservation added'),
      failed: 'Failed to save reservation',
    },
    callbacks,
  );
}
