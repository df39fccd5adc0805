// transition_cleaning_task from the checklist run: start (scheduled -> in progress), finish (-> done),
// pass (-> inspected) and send back (done -> in progress), with the version the change was made
// from (a stale one is a conflict in the Sync Queue panel). The move is declared once in
// src/domain/cleans/transitions.ts; it shows on the run at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { READINESS_READS } from '@/lib/readiness';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { queueWrites, type WriteResult } from '@/offline/write';
import { moveLabel } from '@/domain/cleans/labels';
import { moveClean } from '@/domain/cleans/transitions';
import { messages } from '../messages';
import type { CleanRun, CleanStatus } from './get-clean-run';
import { housekeepingKeys } from './keys';
import { patchRun, refetchRun, runCode } from './run-cache';

/** What a settled move refreshes: the run, the route, the board and readiness. */
const SETTLED = [housekeepingKeys.tasks(), ...READINESS_READS];

const MOVE_MESSAGES: Partial<
  Record<CleanStatus, 'toast.started' | 'toast.finished' | 'toast.passed'>
> = {
  in_progress: 'toast.started',
  done: 'toast.finished',
  inspected: 'toast.passed',
};

/**
 * What a move says once made, from the status the clean had when it was asked for: a done clean
 * going back in progress was sent back. Decided when the move is made, not from the run shown
 * when it has settled (by then the move's patch has put it in progress).
 */
function moveMessage(from: CleanStatus, to: CleanStatus): string {
  if (from === 'done' && to === 'in_progress') return messages.t('toast.sentBack');
  return messages.t(MOVE_MESSAGES[to] ?? 'toast.statusChanged');
}

/** Start (scheduled → in progress), finish (→ done), pass (→ inspected), send back (→ in progress). */
export function useMoveClean(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<
    { to: CleanStatus; note?: string },
    { result: WriteResult; message: string }
  >({
    mutationFn: async ({ to, note }) => {
      if (!run) throw new Error(messages.t('toast.notLoaded'));
      const message = moveMessage(run.clean.status, to);
      // The patch is transition_cleaning_task's `apply`, the overlay the run's read lays too.
      const move = moveClean(run.clean, to, moveLabel(runCode(run), to), note);
      patchRun(qc, run.clean.id, (r) => ({ ...r, clean: move.patch(r.clean) }));
      const result = await queueWrites([move.write], { userId: me, invalidate: SETTLED });
      return { result, message };
    },
    invalidate: SETTLED,
    done: ({ result, message }) => notifySaved(result, message),
    rollback: () => refetchRun(qc, run),
    failed: messages.t('toast.statusFailed'),
  });
}
