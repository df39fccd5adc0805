// Assigning cleans from the board, through the sync queue (docs/offline.md): the old assignee rows
// deleted, the new one inserted with an id made on the device. The board shows it at once, queued
// or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { deleteRow, insertRow, queueWrites, type Write, type WriteResult } from '@/offline/write';
import { patchBoards } from './board-cache';
import type { BoardTask } from './get-board';
import { housekeepingKeys } from './keys';
import { messages } from '../messages';

export interface AssignInput {
  tasks: BoardTask[];
  /** null: back to unassigned. */
  userId: string | null;
}

export function useAssignTasks() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<AssignInput, WriteResult>({
    mutationFn: async ({ tasks, userId }) => {
      const writes: Write[] = [];
      const placed = new Map<string, { id: string; user_id: string }[]>();
      for (const t of tasks) {
        if (userId && t.assignees.length === 1 && t.assignees[0]!.user_id === userId) continue;
        for (const a of t.assignees) {
          writes.push(
            deleteRow(
              'cleaning_task_assignees',
              a.id,
              messages.t('queue.unassign', { code: `${t.property?.code}` }),
            ),
          );
        }
        const next = userId ? [{ id: crypto.randomUUID(), user_id: userId }] : [];
        for (const a of next) {
          writes.push(
            insertRow(
              'cleaning_task_assignees',
              { id: a.id, task_id: t.id, user_id: a.user_id },
              messages.t('queue.assign', { code: `${t.property?.code}` }),
            ),
          );
        }
        placed.set(t.id, next);
      }
      for (const [id, assignees] of placed) patchBoards(qc, id, (t) => ({ ...t, assignees }));
      if (writes.length === 0) return 'applied' as const;
      return queueWrites(writes, { userId: me, invalidate: [housekeepingKeys.tasks()] });
    },
    invalidate: [housekeepingKeys.tasks()],
    invalidateOnError: true,
    done: (result, { tasks }) =>
      notifySaved(result, messages.t('toast.assigned', { count: tasks.length })),
    failed: messages.t('toast.assignFailed'),
  });
}
