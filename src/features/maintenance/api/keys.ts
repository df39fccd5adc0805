// Query keys of the maintenance area: one factory, so invalidation matches what the reads cache.
export const workOrderKeys = {
  all: ['work-orders'] as const,
  lists: () => [...workOrderKeys.all, 'list'] as const,
  detail: (id: string) => [...workOrderKeys.all, 'detail', id] as const,
  staff: () => [...workOrderKeys.all, 'staff'] as const,
  villas: () => [...workOrderKeys.all, 'villas'] as const,
};
