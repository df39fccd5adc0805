// remove_checklist_photo: a photo taken off a checklist item, through the sync queue
// (docs/offline.md). It goes from the run at once, queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { useAppMutation } from '@/lib/use-app-mutation';
import { notifySaved } from '@/offline/saved-toast';
import { callFunction, queueWrites, type WriteResult } from '@/offline/write';
import { fieldKeys } from './field-keys';
import type { CleanRun } from './get-clean-run';
import { housekeepingKeys } from './keys';
import { messages } from '../messages';
import { patchRun, runCode } from './run-cache';

export function useRemovePhoto(run: CleanRun | null | undefined) {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useAppMutation<string, WriteResult>({
    mutationFn: async (photoId) => {
      if (!run) throw new Error(messages.t('toast.notLoaded'));
      patchRun(qc, run.clean.id, (r) => ({
        ...r,
        photos: r.photos.filter((p) => p.id !== photoId),
      }));
      return queueWrites(
        [
          callFunction(
            'remove_checklist_photo',
            { photo_id: photoId },
            messages.t('queue.removePhoto', { code: runCode(run) }),
            photoId,
          ),
        ],
        { userId: me, invalidate: [fieldKeys.run(run.clean.id), housekeepingKeys.tasks()] },
      );
    },
    done: (result) => notifySaved(result, messages.t('toast.photoRemoved')),
    failed: messages.t('toast.photoRemoveFailed'),
  });
}
