// The cached work orders, shared by the work-order writes (transition-work-order.ts,
// assign-work-orders.ts, update-work-order.ts): each lays its change on the cached list and detail
// at once (it shows while queued, offline too), and refreshes the same reads once settled
// (docs/maintenance.md).
import type { QueryClient } from '@tanstack/react-query';
import { READINESS_READS } from '@/lib/readiness';
import { workOrderKeys } from '@/domain/work-orders/keys';
import type { WorkOrderDetail } from '@/domain/work-orders/reads';
import type { WorkOrder } from '@/domain/work-orders/types';

/**
 * What a settled work-order write refreshes: the work orders, and the reads that show guest-ready
 * (a blocking problem reported, resolved or unflagged changes the villa's state).
 */
export const SETTLED = [workOrderKeys.all, ...READINESS_READS];

/**
 * Lays a change on the cached pages (the list's, the board's columns, Mine) and the detail at once
 * (it shows while queued, offline too).
 */
export function patchCached(qc: QueryClient, id: string, patch: <W extends WorkOrder>(w: W) => W) {
  qc.setQueriesData<{ rows: WorkOrder[] }>({ queryKey: workOrderKeys.lists() }, (d) =>
    d ? { ...d, rows: d.rows.map((w) => (w.id === id ? patch(w) : w)) } : d,
  );
  qc.setQueryData<WorkOrderDetail | null>(workOrderKeys.detail(id), (d) => (d ? patch(d) : d));
}
