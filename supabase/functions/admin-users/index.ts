// admin-users: the admin's user management (list, create or invite with roles, set roles,
// deactivate, reactivate, send a password reset, delete - or deactivate when the account has
// history). POST { action, ...fields }. The screens page and search accounts with the
// admin_list_users() SQL function; `list` here returns every account. See docs/admin.md.
// The caller must be an active admin (requireAdmin); only then is the service role used.
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, ok } from '../_shared/http.ts';
import { requireAdmin } from '../_shared/require-admin.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import {
  createUser,
  deactivate,
  deleteUser,
  listUsers,
  reactivate,
  resetPassword,
  setRoles,
} from './actions.ts';
import { adminUsersRequest } from './schemas.ts';

async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
  const caller = callerClient(req);
  const admin = await requireAdmin(caller, req);

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body must be JSON');
  }
  const parsed = adminUsersRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'body';
    throw new HttpError(400, 'invalid_request', `${where}: ${issue?.message ?? 'invalid'}`);
  }
  const input = parsed.data;
  const db = serviceClient();
  switch (input.action) {
    case 'list':
      return ok(await listUsers(db));
    case 'create':
      return ok(await createUser(db, caller, input));
    case 'set_roles':
      return ok(await setRoles(db, caller, admin, input));
    case 'deactivate':
      return ok(await deactivate(db, caller, admin, input));
    case 'reactivate':
      return ok(await reactivate(db, caller, input));
    case 'reset_password':
      return ok(await resetPassword(db, input));
    case 'delete':
      return ok(await deleteUser(db, caller, admin, input));
  }
}

Deno.serve(async (req) => preflight(req) ?? handle(req).catch(errorResponse));
