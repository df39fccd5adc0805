// PATCH reservations.status = cancelled: a stay is cancelled, never deleted. A state transition:
// it carries the version (updated_at) it was made from, so a stay changed meanwhile (moved by a
// feed, edited in the office) is reported as a conflict instead of being cancelled blindly.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrite, updateRow } from '@/offline/write';
import type { Reservation } from './get-reservations';
import { propertyKeys, reservationKeys } from './keys';

export function cancelReservation(userId: string, stay: Reservation) {
  return queueWrite(
    updateRow(
      'reservations',
      stay.id,
      { status: 'cancelled' },
      `Cancel stay ${stay.check_in.slice(0, 10)} (${stay.guest_name || 'no name'})`,
      stay.updated_at,
    ),
    { userId, invalidate: [reservationKeys.property(stay.property_id), propertyKeys.all] },
  );
}

export function useCancelReservation(propertyId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (stay: Reservation) => cancelReservation(userId, stay),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.property(propertyId) }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
      ]);
      notifySaved(result, 'Reservation cancelled');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to cancel reservation')),
  });
}
