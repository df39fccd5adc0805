// The one mutation hook (docs/adding-an-area.md "Forms and mutations"). An area's hook says what
// the write is, which reads it refreshes, what it tells the user when it worked and the toast's
// text when it failed; its caller may add `{ onSuccess, onError }` (./mutation-callbacks), and an
// onError answering true has handled the error (shown under a field), so no toast.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  errorToastUnlessHandled,
  invalidateAll,
  type MutationCallbacks,
} from './mutation-callbacks';

export type { MutationCallbacks } from './mutation-callbacks';

type Keys<TData, TVars> =
  readonly QueryKey[] | ((data: TData | undefined, vars: TVars) => readonly QueryKey[]);

export interface AppMutation<TVars, TData, TContext> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The reads the write touched, refreshed once it worked (awaited before `done`). */
  invalidate?: Keys<TData, TVars>;
  /** Refresh them also when it failed (a refused write may have met newer data). */
  invalidateOnError?: boolean;
  /** The hook's own answer to success (its toast, a cache patch): before the caller's. */
  done?: (data: TData, vars: TVars) => void | Promise<void>;
  /** The default error toast's text when the error carries no readable message. */
  failed: string;
  /** Optimistic: patch the cache before the write; what it returns is given to `rollback`. */
  onMutate?: (vars: TVars) => Promise<TContext> | TContext;
  /** Puts an optimistic patch back when the write failed. */
  rollback?: (context: TContext | undefined, vars: TVars) => void;
  /** 'always' for a write that never needs the network (asking the browser to keep data). */
  networkMode?: 'online' | 'always' | 'offlineFirst';
}

export function useAppMutation<TVars = void, TData = unknown, TContext = unknown>(
  m: AppMutation<TVars, TData, TContext>,
  callbacks?: MutationCallbacks<TData, TVars>,
) {
  const qc = useQueryClient();
  const keys = (data: TData | undefined, vars: TVars) =>
    typeof m.invalidate === 'function' ? m.invalidate(data, vars) : (m.invalidate ?? []);
  const toast = errorToastUnlessHandled(callbacks, m.failed);
  return useMutation<TData, Error, TVars, TContext>({
    mutationFn: m.mutationFn,
    ...(m.onMutate ? { onMutate: m.onMutate } : {}),
    ...(m.networkMode ? { networkMode: m.networkMode } : {}),
    onSuccess: async (data, vars) => {
      await invalidateAll(qc, keys(data, vars));
      await m.done?.(data, vars);
      callbacks?.onSuccess?.(data, vars);
    },
    onError: (error, vars, context) => {
      m.rollback?.(context, vars);
      if (m.invalidateOnError) void invalidateAll(qc, keys(undefined, vars));
      toast(error, vars);
    },
  });
}
