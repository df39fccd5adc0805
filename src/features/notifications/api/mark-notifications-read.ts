// Marking notifications read (one, or all of the user's): mark_notifications_read through the
// sync queue (docs/offline.md); idempotent, so a replay changes nothing. The bell clears at once
// (the cached list is patched) and the server's read state is what a reload shows.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { callFunction, queueWrite, type WriteResult } from '@/offline/write';
import { messages } from '../messages';
import { notificationKeys } from './keys';
import type { Notification } from './types';

/** null: every unread notification of the user. */
export type MarkReadInput = { ids: string[] } | null;

export function markNotificationsRead(userId: string, input: MarkReadInput): Promise<WriteResult> {
  const write = callFunction(
    'mark_notifications_read',
    { notification_ids: input?.ids ?? null },
    input ? messages.t('queue.markOne') : messages.t('queue.markAll'),
    input?.ids.join(',') ?? `all:${userId}`,
  );
  return queueWrite(write, { userId, invalidate: [notificationKeys.all] });
}

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  const key = notificationKeys.list(userId);
  return useAppMutation<MarkReadInput, WriteResult, Notification[] | undefined>({
    mutationFn: (input) => markNotificationsRead(userId, input),
    onMutate: async (input) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Notification[]>(key);
      const now = new Date().toISOString();
      qc.setQueryData<Notification[]>(key, (rows) =>
        rows?.map((n) =>
          n.read_at === null && (input === null || input.ids.includes(n.id))
            ? { ...n, read_at: now }
            : n,
        ),
      );
      return before;
    },
    rollback: (before) => qc.setQueryData(key, before),
    invalidate: [notificationKeys.all],
    failed: messages.t('queue.failed'),
  });
}
