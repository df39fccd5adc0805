// Board writes through the sync queue (docs/offline.md): assigning (assignee rows with ids made on
// the device), rescheduling (the clean's day, last write wins) and status changes (the RPC
// transition_cleaning_task, declared once in src/domain/cleans/transitions.ts, with the version the
// change was made from: a stale one is a conflict, shown in the Sync Queue panel). The board shows
// each change at once, queued or not.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { READINESS_READS } from '@/lib/readiness';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import {
  deleteRow,
  insertRow,
  queueWrites,
  updateRow,
  type Write,
  type WriteResult,
} from '@/offline/write';
import { moveClean } from '@/domain/cleans/transitions';
import type { BoardData, BoardTask } from './get-board';
import { housekeepingKeys } from './keys';

type Status = BoardTask['status'];

/** Lays a change on every cached board range at once (it shows while queued, offline too). */
function patchBoards(qc: QueryClient, id: string, patch: (t: BoardTask) => BoardTask) {
  for (const [key, data] of qc.getQueriesData<BoardData>({ queryKey: housekeepingKeys.tasks() })) {
    if (!data) continue;
    qc.setQueryData<BoardData>(key, {
      ...data,
      tasks: data.tasks.map((t) => (t.id === id ? patch(t) : t)),
    });
  }
}

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
          writes.push(deleteRow('cleaning_task_assignees', a.id, `${t.property?.code}: unassign`));
        }
        const next = userId ? [{ id: crypto.randomUUID(), user_id: userId }] : [];
        for (const a of next) {
          writes.push(
            insertRow(
              'cleaning_task_assignees',
              { id: a.id, task_id: t.id, user_id: a.user_id },
              `${t.property?.code}: assign`,
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
      notifySaved(
        result,
        tasks.length === 1 ? 'Clean assigned' : `${tasks.length} cleans assigned`,
      ),
    failed: 'Failed to assign',
  });
}

export function useRescheduleTask() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ task: BoardTask; day: string }, WriteResult>({
    mutationFn: async ({ task, day }) => {
      patchBoards(qc, task.id, (t) => ({ ...t, day }));
      return queueWrites(
        [updateRow('cleaning_tasks', task.id, { day }, `${task.property?.code}: move to ${day}`)],
        { userId: me, invalidate: [housekeepingKeys.tasks()] },
      );
    },
    invalidate: [housekeepingKeys.tasks()],
    done: (result) => notifySaved(result, 'Clean moved'),
    failed: 'Failed to move the clean',
  });
}

export function useTransitionTask() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ task: BoardTask; to: Status }, WriteResult>({
    mutationFn: async ({ task, to }) => {
      // The patch is transition_cleaning_task's `apply`, the overlay the board's reads lay too.
      const move = moveClean(
        task,
        to,
        `${task.property?.code ?? 'Clean'}: ${to.replace('_', ' ')}`,
      );
      patchBoards(qc, task.id, move.patch);
      return queueWrites([move.write], {
        userId: me,
        invalidate: [housekeepingKeys.tasks(), ...READINESS_READS],
      });
    },
    invalidate: [housekeepingKeys.tasks(), ...READINESS_READS],
    // A refused move is put back by reading the board again.
    rollback: () => void qc.invalidateQueries({ queryKey: housekeepingKeys.tasks() }),
    done: (result) => notifySaved(result, 'Status changed'),
    failed: 'Failed to change the status',
  });
}
