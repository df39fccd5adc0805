// What the sign-in screen's two calls need of a mutation (busy, done, what was sent), without
// TanStack Query: the sign-in screen renders before the QueryClient is loaded
// (lib/query-client-loader.ts). Like a mutation hook, it owns the toasts (onSuccess / onError).
import { useState } from 'react';

export interface Action<I, O> {
  mutateAsync: (input: I) => Promise<O>;
  isPending: boolean;
  isSuccess: boolean;
  variables: I | undefined;
}

export function useAction<I, O>(
  fn: (input: I) => Promise<O>,
  callbacks: { onSuccess?: (output: O) => void; onError?: (error: unknown) => void },
): Action<I, O> {
  const [state, setState] = useState<{
    status: 'idle' | 'pending' | 'success' | 'error';
    variables?: I;
  }>({
    status: 'idle',
  });
  const mutateAsync = async (input: I) => {
    setState({ status: 'pending', variables: input });
    try {
      const output = await fn(input);
      setState({ status: 'success', variables: input });
      callbacks.onSuccess?.(output);
      return output;
    } catch (e) {
      setState({ status: 'error', variables: input });
      callbacks.onError?.(e);
      throw e;
    }
  };
  return {
    mutateAsync,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    variables: state.variables,
  };
}
