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
import { moveClean } from '@/domain/cleans/transitions';
import type { CleanRun, CleanStatus } from './get-clean-run';
import { housekeepingKeys } from './keys';
import { patchRun, refetchRun, runCode } from './run-cache';

/** What a settled move refreshes: the run, the route, the board and readiness. */
const SETTLED = [housekeepingKeys.tasks(), ...READINESS_READS];

const MOVE_MESSAGES: Partial<Record<CleanStatus, string>> = {
  in_progress: 'Clean started',
  done: 'Clean finished',
  inspected: 'Inspection passed',
};

/** Start (scheduled → in progress), finish (→ done), pass (→ inspected), send back (→ in progress). */
export function useMoveClean(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<{ to: CleanStatus; note?: string }, WriteResult>({
    mutationFn: async ({ to, note }) => {
      if (!run) throw new Error('The clean is not loaded');
      // The patch is transition_cleaning_task's `apply`, the overlay the run's read lays too.
      const move = moveClean(run.clean, to, `${runCode(run)}: ${to.replace('_', ' ')}`, note);
      patchRun(qc, run.clean.id, (r) => ({ ...r, clean: move.patch(r.clean) }));
      return queueWrites([move.write], { userId: me, invalidate: SETTLED });
    },
    invalidate: SETTLED,
    done: (result, { to }) => {
      const sentBack = run?.clean.status === 'done' && to === 'in_progress';
      notifySaved(result, sentBack ? 'Clean sent back' : (MOVE_MESSAGES[to] ?? 'Status changed'));
    },
    rollback: () => refetchRun(qc, run),
    failed: 'Failed to change the status',
  });
}
