// Moving a clean to another day from the board: the clean's day, through the sync queue
// (docs/offline.md), the last write wins. The board shows it at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, updateRow, type WriteResult } from '@/offline/write';
import { patchBoards } from './board-cache';
import type { BoardTask } from './get-board';
import { housekeepingKeys } from './keys';
import { messages } from '../messages';

export function useRescheduleTask() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ task: BoardTask; day: string }, WriteResult>({
    mutationFn: async ({ task, day }) => {
      patchBoards(qc, task.id, (t) => ({ ...t, day }));
      return queueWrites(
        [
          updateRow(
            'cleaning_tasks',
            task.id,
            { day },
            messages.t('queue.moveTo', { code: `${task.property?.code}`, day }),
          ),
        ],
        { userId: me, invalidate: [housekeepingKeys.tasks()] },
      );
    },
    invalidate: [housekeepingKeys.tasks()],
    done: (result) => notifySaved(result, messages.t('toast.moved')),
    failed: messages.t('toast.moveFailed'),
  });
}
