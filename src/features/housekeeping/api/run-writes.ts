// The checklist run's writes, each through the one sync queue the moment it is made (docs/offline.md):
// an answer is one answer_checklist_item call (idempotent, the newest answered_at wins); a photo is
// its upload to `clean-photos/<task>/<photo>.jpg`, then record_checklist_photo, then the item's
// answer, replayed in that order; start, finish, pass and send back are transition_cleaning_task
// with the version the change was made from (a stale one is a conflict in the Sync Queue panel);
// a problem reported from an item is the one report write of src/domain/work-orders/writes.ts.
// Each shows at once on the run, queued or not.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { READINESS_READS } from '@/lib/readiness';
import { supabase } from '@/lib/supabase';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import {
  callFunction,
  queueWrites,
  uploadObject,
  type Write,
  type WriteResult,
} from '@/offline/write';
import { moveClean } from '@/domain/cleans/transitions';
import { useReportWorkOrder } from '@/domain/work-orders/writes';
import type { AnswerValue, RunAnswer, RunItem } from '../field-logic';
import { fieldKeys } from './field-keys';
import {
  CLEAN_PHOTO_BUCKET,
  queuedBlob,
  type CleanRun,
  type CleanStatus,
  type RunResult,
} from './get-clean-run';
import { housekeepingKeys } from './keys';

/** Lays a change on the cached run at once (it shows while queued, offline too). */
function patchRun(qc: QueryClient, taskId: string, patch: (run: CleanRun) => CleanRun) {
  qc.setQueryData<RunResult>(fieldKeys.run(taskId), (d) =>
    d?.run ? { ...d, run: patch(d.run) } : d,
  );
}

/** Reads the run again (a failed write's patch is put back). */
function refetchRun(qc: QueryClient, run: CleanRun | null | undefined) {
  if (run) void qc.invalidateQueries({ queryKey: fieldKeys.run(run.clean.id) });
}

const code = (run: CleanRun) => run.clean.property?.code ?? 'Clean';

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
    `${code(run)}: ${a.item.label}`,
    `${run.clean.id}:${a.item.id}`,
  );
}

/** What each settled write of the run refreshes: the run, the route, the board and readiness. */
const SETTLED = [housekeepingKeys.tasks(), ...READINESS_READS];

/**
 * `give(answer)`: the answer is laid on the cached run, then queued; it returns the answer so the
 * screen can keep it over a read that was already on its way (the newest answered_at wins).
 */
export function useAnswerItem(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  const mutation = useAppMutation<{ a: AnswerInput; at: string }, WriteResult>({
    mutationFn: async ({ a, at }) => {
      if (!run) throw new Error('The clean is not loaded');
      return queueWrites([answerWrite(run, a, at)], {
        userId: me,
        invalidate: [fieldKeys.run(run.clean.id), housekeepingKeys.tasks()],
        waitMs: 1500,
      });
    },
    // The answer was laid on the run by `give`: a failed one is put back by reading the run again.
    rollback: () => refetchRun(qc, run),
    failed: 'The answer was not saved',
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

export function photoWrites(
  run: CleanRun,
  item: RunItem,
  photo: { id: string; blob: Blob; sha256: string },
): { path: string; writes: Write[] } {
  const path = `${run.clean.id}/${photo.id}.jpg`;
  const label = `${code(run)}: photo of ${item.label}`;
  return {
    path,
    writes: [
      uploadObject(CLEAN_PHOTO_BUCKET, path, photo.blob, label),
      callFunction(
        'record_checklist_photo',
        {
          photo_id: photo.id,
          task_id: run.clean.id,
          item_id: item.id,
          storage_path: path,
          bytes: photo.blob.size,
          sha256: photo.sha256,
        },
        label,
        photo.id,
      ),
      // A photo item is answered by its photo; another item's photo (of a problem) is only kept.
      ...(item.kind === 'photo'
        ? [answerWrite(run, { item, value: true }, new Date().toISOString())]
        : []),
    ],
  };
}

export function useAddPhoto(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<
    { item: RunItem; photo: { id: string; blob: Blob; sha256: string } },
    WriteResult
  >({
    mutationFn: async ({ item, photo }) => {
      if (!run) throw new Error('The clean is not loaded');
      const { path, writes } = photoWrites(run, item, photo);
      const url = URL.createObjectURL(photo.blob);
      patchRun(qc, run.clean.id, (r) => ({
        ...r,
        photos: [
          ...r.photos,
          { id: photo.id, item_id: item.id, storage_path: path, url, pendingSync: true },
        ],
      }));
      return queueWrites(writes, {
        userId: me,
        invalidate: [fieldKeys.run(run.clean.id), housekeepingKeys.tasks()],
        waitMs: 3000,
      });
    },
    done: (result) => notifySaved(result, 'Photo added'),
    rollback: () => refetchRun(qc, run),
    failed: 'The photo was not saved',
  });
}

export function useRemovePhoto(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<string, WriteResult>({
    mutationFn: async (photoId) => {
      if (!run) throw new Error('The clean is not loaded');
      patchRun(qc, run.clean.id, (r) => ({
        ...r,
        photos: r.photos.filter((p) => p.id !== photoId),
      }));
      return queueWrites(
        [
          callFunction(
            'remove_checklist_photo',
            { photo_id: photoId },
            `${code(run)}: remove photo`,
            photoId,
          ),
        ],
        { userId: me, invalidate: [fieldKeys.run(run.clean.id), housekeepingKeys.tasks()] },
      );
    },
    done: (result) => notifySaved(result, 'Photo removed'),
    failed: 'The photo was not removed',
  });
}

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
      const move = moveClean(run.clean, to, `${code(run)}: ${to.replace('_', ' ')}`, note);
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

export interface ProblemInput {
  item: RunItem;
  room: string;
  title: string;
  description: string;
  /** The item's photo to attach (its id), if any. */
  photo: { id: string; storage_path: string } | null;
}

/** The photo's bytes: still in the queue, or downloaded from the clean's photos. */
async function photoBlob(path: string): Promise<Blob | null> {
  const queued = await queuedBlob(CLEAN_PHOTO_BUCKET, path);
  if (queued) return queued;
  const { data } = await supabase.storage.from(CLEAN_PHOTO_BUCKET).download(path);
  return data ?? null;
}

/**
 * A work order from a failed item, through the one report write (src/domain/work-orders/writes.ts):
 * the villa, the room, the item and its photo; due at the next check-in; blocking when the item is
 * critical. Made once (the run shows it is reported).
 */
export function useReportProblem(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const report = useReportWorkOrder({
    alsoInvalidate: [fieldKeys.all()],
    refreshOnSuccess: false,
    photoLabel: (row) => `Report photo: ${row.title}`,
    // Shown on the run at once, queued or not.
    beforeQueue: (id, row) => {
      if (!run || !row.checklist_item) return;
      const item = row.checklist_item;
      patchRun(qc, run.clean.id, (r) => ({
        ...r,
        workOrders: [
          ...r.workOrders,
          { id, checklist_item: item, title: row.title, pendingSync: true },
        ],
      }));
    },
  });
  const mutate = (p: ProblemInput) => {
    if (!run) return;
    const clean = run.clean;
    const photo = p.photo;
    report.mutate({
      property_id: clean.property_id,
      title: p.title.trim(),
      description: p.description.trim(),
      location: p.room,
      category: 'other',
      priority: p.item.critical ? 'urgent' : 'high',
      due_at: clean.next_check_in,
      blocking: p.item.critical,
      source: 'checklist_item',
      cleaning_task_id: clean.id,
      checklist_item: p.item.id,
      photos: photo
        ? [
            async () => {
              const blob = await photoBlob(photo.storage_path);
              return blob ? { id: photo.id, blob } : null;
            },
          ]
        : [],
    });
  };
  return { mutate, isPending: report.isPending };
}
