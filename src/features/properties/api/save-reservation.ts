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
import { messages } from '../messages';

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
  const label = messages.t(reservationId ? 'queue.editStay' : 'queue.newStay', {
    day: v.check_in.slice(0, 10),
    name: v.guest_name || messages.t('queue.noName'),
  });
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
        notifySaved(
          saved.result,
          messages.t(reservationId ? 'save.stayUpdated' : 'save.stayAdded'),
        ),
      failed: messages.t('save.stayFailed'),
    },
    callbacks,
  );
}
