// A clean's status change from the board: transition_cleaning_task (declared once in
// src/domain/cleans/transitions.ts) through the sync queue, with the version the change was made
// from (a stale one is a conflict, shown in the Sync Queue panel). The board shows it at once,
// queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { READINESS_READS } from '@/lib/readiness';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, type WriteResult } from '@/offline/write';
import { moveLabel } from '@/domain/cleans/labels';
import { moveClean } from '@/domain/cleans/transitions';
import { messages } from '../messages';
import { patchBoards } from './board-cache';
import type { BoardTask } from './get-board';
import { housekeepingKeys } from './keys';

export function useTransitionTask() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ task: BoardTask; to: BoardTask['status'] }, WriteResult>({
    mutationFn: async ({ task, to }) => {
      // The patch is transition_cleaning_task's `apply`, the overlay the board's reads lay too.
      const move = moveClean(task, to, moveLabel(task.property?.code ?? messages.t('clean'), to));
      patchBoards(qc, task.id, move.patch);
      return queueWrites([move.write], {
        userId: me,
        invalidate: [housekeepingKeys.tasks(), ...READINESS_READS],
      });
    },
    invalidate: [housekeepingKeys.tasks(), ...READINESS_READS],
    // A refused move is put back by reading the board again.
    rollback: () => void qc.invalidateQueries({ queryKey: housekeepingKeys.tasks() }),
    done: (result) => notifySaved(result, messages.t('toast.statusChanged')),
    failed: messages.t('toast.statusFailed'),
  });
}
