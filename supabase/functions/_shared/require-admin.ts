// The check every admin-only function makes before it touches the service role: the caller's JWT
// names a live user (asked of the auth server, not just decoded), and the database says that user
// is an active admin (public.is_admin(), evaluated as the caller).
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

export async function requireAdmin(caller: SupabaseClient, req: Request): Promise<User> {
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
  if (!token) throw new HttpError(401, 'unauthorized', 'Sign in first');
  const { data, error } = await caller.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'unauthorized', 'Sign in first');
  const { data: isAdmin, error: rpcError } = await caller.rpc('is_admin');
  if (rpcError) throw new Error(`is_admin failed: ${rpcError.message}`);
  if (isAdmin !== true) throw new HttpError(403, 'forbidden', 'Only an admin can manage users');
  return data.user;
}
