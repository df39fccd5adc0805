// answer_checklist_item: one answer of the checklist run, through the sync queue the moment it is
// given (docs/offline.md). Idempotent: a replay is applied once and the newest answered_at wins.
// It shows on the run at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { callFunction, queueWrites, type Write, type WriteResult } from '@/offline/write';
import type { AnswerValue, RunAnswer, RunItem } from '../field-logic';
import { fieldKeys } from './field-keys';
import type { CleanRun } from './get-clean-run';
import { housekeepingKeys } from './keys';
import { messages } from '../messages';
import { patchRun, refetchRun, runCode } from './run-cache';

export interface AnswerInput {
  item: RunItem;
  value: AnswerValue;
  note?: string;
  flagged?: boolean;
}

export function answerWrite(run: CleanRun, a: AnswerInput, answeredAt: string): Write {
  const body = {
    task_id: run.clean.id,
    item_id: a.item.id,
    value: a.value,
    note: a.note ?? '',
    flagged: a.flagged ?? false,
    answered_at: answeredAt,
  };
  return callFunction(
    'answer_checklist_item',
    body,
    `${runCode(run)}: ${a.item.label}`,
    `${run.clean.id}:${a.item.id}`,
  );
}

/**
 * `give(answer)`: the answer is laid on the cached run, then queued; it returns the answer so the
 * screen can keep it over a read that was already on its way (the newest answered_at wins).
 */
export function useAnswerItem(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  const mutation = useAppMutation<{ a: AnswerInput; at: string }, WriteResult>({
    mutationFn: async ({ a, at }) => {
      if (!run) throw new Error(messages.t('toast.notLoaded'));
      return queueWrites([answerWrite(run, a, at)], {
        userId: me,
        invalidate: [fieldKeys.run(run.clean.id), housekeepingKeys.tasks()],
        waitMs: 1500,
      });
    },
    // The answer was laid on the run by `give`: a failed one is put back by reading the run again.
    rollback: () => refetchRun(qc, run),
    failed: messages.t('toast.answerFailed'),
  });
  const give = (a: AnswerInput): RunAnswer | null => {
    if (!run) return null;
    const at = new Date().toISOString();
    const answer: RunAnswer = {
      item_id: a.item.id,
      value: a.value,
      note: a.note ?? '',
      flagged: a.flagged ?? false,
      answered_at: at,
      pendingSync: true,
    };
    patchRun(qc, run.clean.id, (r) => ({
      ...r,
      answers: [...r.answers.filter((x) => x.item_id !== a.item.id), answer],
    }));
    mutation.mutate({ a, at });
    return answer;
  };
  return { give, isPending: mutation.isPending };
}
