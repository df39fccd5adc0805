// Query keys of the checklists area: one factory, so invalidation matches what the reads cache.
export const checklistKeys = {
  all: ['checklists'] as const,
};
