// PATCH reservations.status = cancelled: a stay is cancelled, never deleted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notify } from '@/lib/toast';
import { propertyKeys, reservationKeys } from './keys';

export async function cancelReservation(id: string) {
  return fetchOrThrow(
    supabase
      .from('reservations')
      .update({ status: 'cancelled' })
      .eq('id', id)
      .select('id')
      .single(),
  );
}

export function useCancelReservation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.property(propertyId) }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
      ]);
      notify.success('Reservation cancelled');
    },
    onError: (e) => notify.error(errorMessage(e, 'Failed to cancel reservation')),
  });
}
