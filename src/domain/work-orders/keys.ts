// Work-order query keys: one factory for every area that reads or refreshes work orders, so
// invalidation matches what the reads cache (no area writes ['work-orders'] by hand).
export const workOrderKeys = {
  all: ['work-orders'] as const,
  /** Every page-shaped read ({ rows, total }): the list's pages, the board's columns, Mine. */
  lists: () => [...workOrderKeys.all, 'list'] as const,
  /** One page of the list, or one board column (its status, its first few). */
  list: (params: object) => [...workOrderKeys.lists(), params] as const,
  /** A technician's queue (Mine): one page of it, and their areas. */
  queue: (params: object) => [...workOrderKeys.lists(), 'mine', params] as const,
  areas: (userId: string) => [...workOrderKeys.all, 'areas', userId] as const,
  detail: (id: string) => [...workOrderKeys.all, 'detail', id] as const,
  /** One villa's work orders (its detail page); under `all`, so every write refreshes it. */
  property: (propertyId: string) => [...workOrderKeys.all, 'property', propertyId] as const,
  /** Signed URLs of a work order's photos (by their paths). */
  photoUrls: (paths: readonly string[]) => [...workOrderKeys.all, 'photo-urls', ...paths] as const,
  staff: () => [...workOrderKeys.all, 'staff'] as const,
  villas: () => [...workOrderKeys.all, 'villas'] as const,
  /** The dashboard's cards: open and urgent or overdue (managers), a user's own open ones. */
  urgent: () => [...workOrderKeys.all, 'urgent'] as const,
  mine: (userId: string) => [...workOrderKeys.all, 'mine', userId] as const,
};
