// A work order from a failed checklist item, through the one report write of
// src/domain/work-orders/writes.ts (every area reports the same way). It shows on the run at once,
// queued or not.
import { useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useReportWorkOrder } from '@/domain/work-orders/writes';
import type { RunItem } from '../field-logic';
import { fieldKeys } from './field-keys';
import { CLEAN_PHOTO_BUCKET, queuedBlob, type CleanRun } from './get-clean-run';
import { messages } from '../messages';
import { patchRun } from './run-cache';

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
    photoLabel: (row) => messages.t('queue.reportPhoto', { title: row.title }),
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
