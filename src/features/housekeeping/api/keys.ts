// Query keys of the housekeeping area: one factory, so invalidation matches what the reads cache.
export const housekeepingKeys = {
  all: ['housekeeping'] as const,
  tasks: () => [...housekeepingKeys.all, 'tasks'] as const,
  range: (from: string, to: string) => [...housekeepingKeys.tasks(), { from, to }] as const,
  staff: () => [...housekeepingKeys.all, 'staff'] as const,
  defaults: () => [...housekeepingKeys.all, 'default-housekeepers'] as const,
};
