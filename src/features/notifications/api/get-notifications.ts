// GET notifications: the signed-in user's latest notifications, newest first (RLS gives only the
// user's own). Online only: what is new arrives with a signal, so the device keeps no copy
// (docs/notifications.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { listResource, noDeviceCopy, readList } from '@/offline/resource';
import { notificationKeys } from './keys';
import type { Notification } from './types';

/** How many the list shows (older ones are marked read with "Mark all read" all the same). */
export const NOTIFICATIONS_SHOWN = 30;

export const notificationList = listResource<Notification, string>({
  source: 'notifications',
  fetch: (userId) =>
    fetchOrThrow(
      supabase
        .from('notifications')
        .select('*')
        .eq('recipient_id', userId)
        .order('created_at', { ascending: false })
        .limit(NOTIFICATIONS_SHOWN),
    ),
  copy: noDeviceCopy,
});

export const getNotifications = async (userId: string): Promise<Notification[]> =>
  (await readList(notificationList, userId)).rows;

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: () => getNotifications(userId),
    enabled: userId !== '',
  });

export const useNotifications = (userId: string) => useQuery(notificationsQueryOptions(userId));
