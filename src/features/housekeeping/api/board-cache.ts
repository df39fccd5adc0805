// The board's cached ranges, shared by the board's writes (assign-tasks.ts, reschedule-task.ts,
// transition-task.ts): each lays its change on every cached range at once, so the board shows it
// while it is queued, offline too (docs/housekeeping.md).
import type { QueryClient } from '@tanstack/react-query';
import type { BoardData, BoardTask } from './get-board';
import { housekeepingKeys } from './keys';

/** Lays a change on every cached board range at once (it shows while queued, offline too). */
export function patchBoards(qc: QueryClient, id: string, patch: (t: BoardTask) => BoardTask) {
  for (const [key, data] of qc.getQueriesData<BoardData>({ queryKey: housekeepingKeys.tasks() })) {
    if (!data) continue;
    qc.setQueryData<BoardData>(key, {
      ...data,
      tasks: data.tasks.map((t) => (t.id === id ? patch(t) : t)),
    });
  }
}
