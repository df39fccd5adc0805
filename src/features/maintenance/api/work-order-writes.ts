// Work-order writes through the one sync queue (docs/offline.md, docs/maintenance.md): a report is
// an insert with an id made on the device, its photos uploads to `<id>/<file>` and photo rows after
// it (replayed in order, each exactly once); status changes call transition_work_order with the
// version they were made from (a stale one is a conflict, shown in the Sync Queue panel); edits and
// comments are plain row writes. Each change shows at once, queued or not.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { errorToastUnlessHandled } from '@/lib/mutation-callbacks';
import { notifySaved } from '@/offline/saved-toast';
import { insertRow, queueWrites, updateRow, uploadObject, type Write } from '@/offline/write';
import { workOrderKeys } from './keys';
import type { WorkOrder, WorkOrderPriority, WorkOrderStatus } from './types';

export const PHOTO_BUCKET = 'work-order-photos';

/** Lays a change on the cached list and detail at once (it shows while queued, offline too). */
function patchCached(qc: QueryClient, id: string, patch: Partial<WorkOrder>) {
  qc.setQueryData<{ rows: WorkOrder[]; fromDevice: boolean }>(workOrderKeys.lists(), (d) =>
    d ? { ...d, rows: d.rows.map((w) => (w.id === id ? { ...w, ...patch } : w)) } : d,
  );
  qc.setQueryData<WorkOrder | null>(workOrderKeys.detail(id), (d) => (d ? { ...d, ...patch } : d));
}

function photoWrites(workOrderId: string, kind: 'before' | 'after', files: File[]): Write[] {
  return files.flatMap((file) => {
    const ext = (file.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '');
    const path = `${workOrderId}/${crypto.randomUUID()}.${ext || 'jpg'}`;
    return [
      uploadObject(PHOTO_BUCKET, path, file, `Work order photo (${kind})`),
      insertRow(
        'work_order_photos',
        { id: crypto.randomUUID(), work_order_id: workOrderId, kind, storage_path: path },
        `Work order photo (${kind})`,
      ),
    ];
  });
}

export interface ReportInput {
  property_id: string;
  title: string;
  description: string;
  location: string;
  category: WorkOrder['category'];
  priority: WorkOrderPriority;
  blocking: boolean;
  photos: File[];
}

export function useReportWorkOrder() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: async ({ photos, ...values }: ReportInput) => {
      const id = crypto.randomUUID();
      const row = { id, ...values, title: values.title.trim() };
      const result = await queueWrites(
        [
          insertRow('work_orders', row, `Report: ${row.title}`),
          ...photoWrites(id, 'before', photos),
        ],
        { userId: me, invalidate: [workOrderKeys.all] },
      );
      return { id, result };
    },
    onSuccess: async ({ result }) => {
      notifySaved(result, 'Problem reported');
      await qc.invalidateQueries({ queryKey: workOrderKeys.all });
    },
    onError: errorToastUnlessHandled(undefined, 'Failed to report the problem'),
  });
}

export interface TransitionInput {
  workOrder: WorkOrder;
  to: WorkOrderStatus;
  note?: string;
  assigneeId?: string;
  /** After photos taken when resolving. */
  photos?: File[];
  /** Labour minutes recorded when resolving. */
  labourMinutes?: number;
}

export function useTransitionWorkOrder() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: async ({
      workOrder: w,
      to,
      note,
      assigneeId,
      photos,
      labourMinutes,
    }: TransitionInput) => {
      const body: Record<string, unknown> = {
        work_order_id: w.id,
        to_status: to,
        from_version: w.version,
      };
      if (note?.trim()) body.note = note.trim();
      if (assigneeId) body.assignee_id = assigneeId;
      const writes: Write[] = [];
      if (labourMinutes !== undefined && labourMinutes !== w.labour_minutes) {
        writes.push(
          updateRow(
            'work_orders',
            w.id,
            { labour_minutes: labourMinutes },
            `${w.title}: labour time`,
          ),
        );
      }
      writes.push(...photoWrites(w.id, 'after', photos ?? []));
      writes.push({
        target: { kind: 'rpc', name: 'transition_work_order', rowId: w.id },
        label: `${w.title}: ${to.replace('_', ' ')}`,
        method: 'POST',
        path: '/rest/v1/rpc/transition_work_order',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        values: body,
      });
      patchCached(qc, w.id, {
        status: to,
        version: w.version + 1,
        ...(to === 'open' ? { assignee_id: null } : {}),
        ...(assigneeId ? { assignee_id: assigneeId } : {}),
        ...(labourMinutes !== undefined ? { labour_minutes: labourMinutes } : {}),
      });
      return queueWrites(writes, { userId: me, invalidate: [workOrderKeys.all] });
    },
    onSuccess: async (result, { to, assigneeId }) => {
      notifySaved(
        result,
        assigneeId && to === 'assigned' ? 'Work order assigned' : 'Status changed',
      );
      await qc.invalidateQueries({ queryKey: workOrderKeys.all });
    },
    onError: async (e) => {
      errorToastUnlessHandled(undefined, 'Failed to change the status')(e);
      await qc.invalidateQueries({ queryKey: workOrderKeys.all });
    },
  });
}

export type WorkOrderEdit = Partial<
  Pick<
    WorkOrder,
    | 'priority'
    | 'blocking'
    | 'due_at'
    | 'labour_minutes'
    | 'parts_cost'
    | 'labour_cost'
    | 'external_cost'
    | 'resolution_notes'
  >
>;

export function useUpdateWorkOrder() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: async ({
      workOrder: w,
      changes,
    }: {
      workOrder: WorkOrder;
      changes: WorkOrderEdit;
    }) => {
      patchCached(qc, w.id, changes);
      return queueWrites([updateRow('work_orders', w.id, changes, `${w.title}: edit`)], {
        userId: me,
        invalidate: [workOrderKeys.all],
      });
    },
    onSuccess: async (result) => {
      notifySaved(result, 'Work order saved');
      await qc.invalidateQueries({ queryKey: workOrderKeys.all });
    },
    onError: async (e) => {
      errorToastUnlessHandled(undefined, 'Failed to save the work order')(e);
      await qc.invalidateQueries({ queryKey: workOrderKeys.all });
    },
  });
}

export function useAddComment() {
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: async ({ workOrderId, body }: { workOrderId: string; body: string }) =>
      queueWrites(
        [
          insertRow(
            'work_order_comments',
            { id: crypto.randomUUID(), work_order_id: workOrderId, body: body.trim() },
            'Work order comment',
          ),
        ],
        { userId: me, invalidate: [workOrderKeys.detail(workOrderId)] },
      ),
    onSuccess: async (result, { workOrderId }) => {
      notifySaved(result, 'Comment added');
      await qc.invalidateQueries({ queryKey: workOrderKeys.detail(workOrderId) });
    },
    onError: errorToastUnlessHandled(undefined, 'Failed to add the comment'),
  });
}
