// What a caller may add to a mutation hook (docs/adding-an-area.md "Forms and mutations"): the
// hook owns invalidation and its default error toast; a caller's onError that answers true has
// handled the error (a 409 shown under a field, say), so the toast is left out.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { errorMessage } from './errors';
import { notify } from './toast';

export interface MutationCallbacks<TData> {
  onSuccess?: (data: TData) => void;
  /** Return true when the error is handled here; otherwise the hook's toast reports it. */
  onError?: (error: Error) => boolean;
}

/** The hook's onError: the caller first, then the default toast unless the caller handled it. */
export function errorToastUnlessHandled(
  callbacks: MutationCallbacks<never> | undefined,
  fallback: string,
): (error: Error) => void {
  return (error) => {
    if (callbacks?.onError?.(error)) return;
    notify.error(errorMessage(error, fallback));
  };
}

/**
 * Refreshes every read under these keys (a settled write touched them). Here, not in
 * query-client.ts: that module is in the first screen's bundle, and only the areas need this.
 */
export async function invalidateAll(qc: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
