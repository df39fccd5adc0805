// A photo of a checklist item, through the sync queue the moment it is taken (docs/offline.md): its
// upload to `clean-photos/<task>/<photo>.jpg`, then record_checklist_photo, then (a photo item) the
// item's answer, replayed in that order. It shows on the run at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import {
  callFunction,
  queueWrites,
  uploadObject,
  type Write,
  type WriteResult,
} from '@/offline/write';
import type { RunItem } from '../field-logic';
import { answerWrite } from './answer-item';
import { fieldKeys } from './field-keys';
import { CLEAN_PHOTO_BUCKET, type CleanRun } from './get-clean-run';
import { housekeepingKeys } from './keys';
import { messages } from '../messages';
import { patchRun, refetchRun, runCode } from './run-cache';

export function photoWrites(
  run: CleanRun,
  item: RunItem,
  photo: { id: string; blob: Blob; sha256: string },
): { path: string; writes: Write[] } {
  const path = `${run.clean.id}/${photo.id}.jpg`;
  const label = messages.t('queue.photoOf', { code: runCode(run), item: item.label });
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
      if (!run) throw new Error(messages.t('toast.notLoaded'));
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
    done: (result) => notifySaved(result, messages.t('toast.photoAdded')),
    rollback: () => refetchRun(qc, run),
    failed: messages.t('toast.photoFailed'),
  });
}
