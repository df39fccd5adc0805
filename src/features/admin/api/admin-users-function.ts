// The admin-users edge function: account changes that need the auth server (create or invite,
// deactivate, reactivate, password reset, delete). Its refusals keep their code and message.
import { supabase } from '@/lib/supabase';

/** A refusal with the server's code and message (for field messages). */
export class AdminError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function callAdminUsers<T>(body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<{ data: T }>('admin-users', { body });
  if (error) {
    const ctx: unknown = 'context' in error ? error.context : undefined;
    if (ctx instanceof Response) {
      const payload = (await ctx.json().catch(() => null)) as {
        error?: { code: string; message: string };
      } | null;
      if (payload?.error) throw new AdminError(payload.error.code, payload.error.message);
    }
    throw new AdminError('network', error.message);
  }
  return data!.data;
}

/** Where the reset link and the invitation send people back to. */
export const resetPasswordUrl = () => `${window.location.origin}/reset-password`;
