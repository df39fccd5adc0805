// The checklist run's cached copy, shared by the run's writes (answer-item.ts, add-photo.ts,
// remove-photo.ts, move-clean.ts, report-problem.ts): each lays its change on it at once (it shows
// while queued, offline too) and a refused one reads it again (docs/housekeeping.md "Field app").
import type { QueryClient } from '@tanstack/react-query';
import { messages } from '../messages';
import { fieldKeys } from './field-keys';
import type { CleanRun, RunResult } from './get-clean-run';

/** Lays a change on the cached run at once (it shows while queued, offline too). */
export function patchRun(qc: QueryClient, taskId: string, patch: (run: CleanRun) => CleanRun) {
  qc.setQueryData<RunResult>(fieldKeys.run(taskId), (d) =>
    d?.run ? { ...d, run: patch(d.run) } : d,
  );
}

/** Reads the run again (a failed write's patch is put back). */
export function refetchRun(qc: QueryClient, run: CleanRun | null | undefined) {
  if (run) void qc.invalidateQueries({ queryKey: fieldKeys.run(run.clean.id) });
}

/** The villa's code, how the run's writes are labelled in the Sync Queue. */
export const runCode = (run: CleanRun) => run.clean.property?.code ?? messages.t('clean');
