// The one way a work order is reported, for every area that reports one (the maintenance screen,
// a checklist run's failed item: docs/maintenance.md, docs/housekeeping.md): an insert with an id
// made on the device, then each photo's upload to `work-order-photos/<id>/<file>` and its photo
// row, all through the one sync queue (docs/offline.md), replayed in order, each exactly once.
// Settled, it refreshes the work orders (workOrderKeys) and the reads that show guest-ready (a
// blocking problem holds the villa).
import type { QueryKey } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import type { Database } from '@/lib/database.types';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { useAppMutation } from '@/lib/use-app-mutation';
import { READINESS_READS } from '@/lib/readiness';
import { notifySaved } from '@/offline/saved-toast';
import {
  insertRow,
  queueWrites,
  uploadObject,
  type Write,
  type WriteResult,
} from '@/offline/write';
import { workOrderKeys } from './keys';
import { messages } from './messages';

/** The storage bucket of work-order photos (before and after). */
export const WORK_ORDER_PHOTO_BUCKET = 'work-order-photos';

/** A photo to attach: a file the user chose, or one kept elsewhere under an id (saved as .jpg). */
export type WorkOrderPhoto = File | { id: string; blob: Blob };

/** A photo whose bytes may have to be fetched first (null: left out). */
export type ReportPhoto = WorkOrderPhoto | (() => Promise<WorkOrderPhoto | null>);

function pathOf(workOrderId: string, photo: WorkOrderPhoto): string {
  if (!(photo instanceof File)) return `${workOrderId}/${photo.id}.jpg`;
  const ext = (photo.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${workOrderId}/${crypto.randomUUID()}.${ext || 'jpg'}`;
}

/** Each photo's upload, then its work_order_photos row. */
export function workOrderPhotoWrites(
  workOrderId: string,
  kind: 'before' | 'after',
  photos: readonly WorkOrderPhoto[],
  label = messages.t('queue.photo', { kind }),
): Write[] {
  return photos.flatMap((photo) => {
    const path = pathOf(workOrderId, photo);
    return [
      uploadObject(
        WORK_ORDER_PHOTO_BUCKET,
        path,
        photo instanceof File ? photo : photo.blob,
        label,
      ),
      insertRow(
        'work_order_photos',
        { id: crypto.randomUUID(), work_order_id: workOrderId, kind, storage_path: path },
        label,
      ),
    ];
  });
}

type WorkOrderInsert = Database['public']['Tables']['work_orders']['Insert'];

/** A reported work order's row (its id is made here). */
export type ReportRow = Omit<WorkOrderInsert, 'id'> & { title: string };

/** The report's insert and its photos (`before`), in the order they are replayed. */
export function reportWrites(
  row: ReportRow & { id: string },
  photos: readonly WorkOrderPhoto[],
  photoLabel?: string,
): Write[] {
  return [
    insertRow('work_orders', row, messages.t('queue.report', { title: row.title })),
    ...workOrderPhotoWrites(row.id, 'before', photos, photoLabel),
  ];
}

/** What a settled report refreshes: the work orders and the reads that show guest-ready. */
export const REPORT_SETTLED: readonly QueryKey[] = [workOrderKeys.all, ...READINESS_READS];

export interface ReportInput extends ReportRow {
  photos: readonly ReportPhoto[];
}

export interface ReportOptions extends MutationCallbacks<
  { id: string; result: WriteResult },
  ReportInput
> {
  /** More reads a settled report refreshes (the caller's own). */
  alsoInvalidate?: readonly QueryKey[];
  /** Lays the report on the caller's cached reads before it is queued (it shows at once). */
  beforeQueue?: (id: string, row: ReportRow) => void;
  /** Refresh the work orders as soon as the report is made (the list that shows it). */
  refreshOnSuccess?: boolean;
  /** The photos' label in the Sync Queue panel. */
  photoLabel?: (row: ReportRow) => string;
}

async function resolvePhoto(p: ReportPhoto): Promise<WorkOrderPhoto | null> {
  if (typeof p !== 'function') return p;
  return p().catch(() => null);
}

/** Reports a problem: the work order and its photos, queued at once (offline too). */
export function useReportWorkOrder(options: ReportOptions = {}) {
  const me = useAuth().user?.id ?? '';
  const settled = [...REPORT_SETTLED, ...(options.alsoInvalidate ?? [])];
  return useAppMutation<ReportInput, { id: string; result: WriteResult }>(
    {
      mutationFn: async ({ photos, ...values }) => {
        const id = crypto.randomUUID();
        const row = { ...values, id, title: values.title.trim() };
        const attached = (await Promise.all(photos.map(resolvePhoto))).filter(
          (p): p is WorkOrderPhoto => p !== null,
        );
        options.beforeQueue?.(id, row);
        const result = await queueWrites(reportWrites(row, attached, options.photoLabel?.(row)), {
          userId: me,
          invalidate: settled,
        });
        return { id, result };
      },
      invalidate: (options.refreshOnSuccess ?? true) ? settled : [],
      done: (data) => notifySaved(data.result, messages.t('report.problemReported')),
      failed: messages.t('report.failed'),
    },
    options,
  );
}
