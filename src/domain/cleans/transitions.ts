// A clean's status moves (docs/housekeeping.md): the one declaration of transition_cleaning_task on
// the client (src/offline/calls.ts), shared by the board and the field app. Its `apply` is both the
// optimistic patch when a move is made and the overlay on every read of cleans (the board, a
// housekeeper's route, a clean's checklist run) while the move waits in the sync queue.
import type { Database } from '@/lib/database.types';
import { callWrite, transition } from '@/offline/calls';

export type CleanStatus = Database['public']['Enums']['cleaning_task_status'];
export type CleanMoveArgs = Database['public']['Functions']['transition_cleaning_task']['Args'];

/** The least a clean read must have for a move to lie over it. */
export interface MovableClean {
  id: string;
  status: CleanStatus;
  version: number;
  started_at?: string | null;
  inspection_note?: string | null;
}

/**
 * transition_cleaning_task: the status and the version it gives the clean; started (once) when it
 * first goes in progress; a send-back (done -> in progress) carries the inspector's note. Rows that
 * do not read those columns (the board's) do not gain them.
 */
export const transitionCleaningTask = transition<MovableClean, CleanMoveArgs>({
  fn: 'transition_cleaning_task',
  rowId: (a) => a.task_id,
  apply: (row, a, at) => ({
    ...row,
    status: a.to_status,
    version: a.from_version + 1,
    ...(a.to_status === 'in_progress' && 'started_at' in row && !row.started_at
      ? { started_at: new Date(at).toISOString() }
      : {}),
    ...(row.status === 'done' && a.to_status === 'in_progress' && 'inspection_note' in row
      ? { inspection_note: a.note ?? '' }
      : {}),
  }),
});

/** A status move of a clean with the version it was made from: the write, and its patch. */
export function moveClean(
  clean: Pick<MovableClean, 'id' | 'version'>,
  to: CleanStatus,
  label: string,
  note?: string,
) {
  const args: CleanMoveArgs = { task_id: clean.id, to_status: to, from_version: clean.version };
  if (note?.trim()) args.note = note.trim();
  return callWrite(transitionCleaningTask, args, label);
}
