// The one mutation contract (docs/adding-an-area.md "Forms and mutations"): a mutation hook owns
// invalidation and its default error toast; the caller may add `{ onSuccess, onError }`, and a
// caller's onError that answers true has handled the error (a 409 shown under a field, say), so
// the toast is left out. `useAppMutation` (./use-app-mutation) is the hook every area builds on.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { errorMessage } from './errors';
import { localizeServerMessage } from './server-messages/localize';
import { notify } from './toast';

export interface MutationCallbacks<TData, TVars = never> {
  onSuccess?: (data: TData, vars: TVars) => void;
  /** Return true when the error is handled here; otherwise the hook's toast reports it. */
  onError?: (error: Error, vars: TVars) => boolean;
}

/** The hook's onError: the caller first, then the default toast unless the caller handled it. */
export function errorToastUnlessHandled<TVars = never>(
  callbacks: MutationCallbacks<never, TVars> | undefined,
  fallback: string,
): (error: Error, vars?: TVars) => void {
  return (error, vars) => {
    if (callbacks?.onError?.(error, vars as TVars)) return;
    // A server's refusal in the user's language (docs/i18n.md "Server messages").
    notify.error(localizeServerMessage(errorMessage(error, fallback)));
  };
}

/**
 * Refreshes every read under these keys (a settled write touched them). Here, not in
 * query-client.ts: that module is in the first screen's bundle, and only the areas need this.
 */
export async function invalidateAll(qc: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
