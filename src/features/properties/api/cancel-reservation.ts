// PATCH reservations.status = cancelled: a stay is cancelled, never deleted. A state transition:
// it carries the version (updated_at) it was made from, so a stay changed meanwhile (moved by a
// feed, edited in the office) is reported as a conflict instead of being cancelled blindly.
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation, type MutationCallbacks } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow } from '@/offline/write';
import type { WriteResult } from '@/offline/write';
import type { Reservation } from './get-reservations';
import { propertyKeys, reservationKeys } from './keys';
import { messages } from '../messages';

export function cancelReservation(userId: string, stay: Reservation) {
  return queueWrite(
    updateRow(
      'reservations',
      stay.id,
      { status: 'cancelled' },
      messages.t('queue.cancelStay', {
        day: stay.check_in.slice(0, 10),
        name: stay.guest_name || messages.t('queue.noName'),
      }),
      stay.updated_at,
    ),
    { userId, invalidate: [reservationKeys.property(stay.property_id), propertyKeys.all] },
  );
}

export function useCancelReservation(
  propertyId: string,
  callbacks?: MutationCallbacks<WriteResult, Reservation>,
) {
  const userId = useAuth().user?.id ?? '';
  return useAppMutation(
    {
      mutationFn: (stay: Reservation) => cancelReservation(userId, stay),
      invalidate: [reservationKeys.property(propertyId), propertyKeys.all],
      done: (result) => notifySaved(result, messages.t('save.stayCancelled')),
      failed: messages.t('save.stayCancelFailed'),
    },
    callbacks,
  );
}
