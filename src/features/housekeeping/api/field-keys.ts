// Query keys of the field app (my route, a clean's checklist run). Under the board's `tasks` key,
// so the board's writes and its live changes refresh them too.
import { housekeepingKeys } from './keys';

export const fieldKeys = {
  all: () => [...housekeepingKeys.tasks(), 'field'] as const,
  route: (userId: string, from: string, to: string) =>
    [...fieldKeys.all(), 'route', { userId, from, to }] as const,
  prepared: (userId: string) => [...fieldKeys.all(), 'prepared', userId] as const,
  run: (taskId: string) => [...fieldKeys.all(), 'run', taskId] as const,
  /** The problems reported from a housekeeper's cleans (her route's "problems" section). */
  workOrders: (userId: string) => [...fieldKeys.all(), 'work-orders', userId] as const,
};
