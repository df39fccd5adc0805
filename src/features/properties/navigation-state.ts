/** Navigation state of the redirect after a successful save: the unsaved-changes guard lets it by. */
export const SAVED = { saved: true } as const;

export function isSaved(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'saved' in state;
}
