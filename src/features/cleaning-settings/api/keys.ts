// Query keys of the cleaning-settings area: one factory, so invalidation matches what reads cache.
export const cleaningSettingsKeys = {
  all: ['cleaning-settings'] as const,
};
