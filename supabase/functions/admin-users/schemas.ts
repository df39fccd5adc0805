// What admin-users accepts (one POST body, an `action` and its fields) and the rows it reads.
import { z } from 'zod';

const roleName = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'not a role name');
const roles = z.array(roleName).max(20);
const redirectTo = z.url().optional();

export const adminUsersRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({
    action: z.literal('create'),
    email: z.email(),
    // Without a password the user is invited by e-mail and sets one from the link.
    password: z.string().min(1).max(72).optional(),
    full_name: z.string().trim().max(100).optional(),
    roles: roles.default([]),
    redirect_to: redirectTo,
  }),
  z.object({ action: z.literal('set_roles'), user_id: z.uuid(), roles }),
  z.object({ action: z.literal('deactivate'), user_id: z.uuid() }),
  z.object({ action: z.literal('reactivate'), user_id: z.uuid() }),
  z.object({ action: z.literal('reset_password'), user_id: z.uuid(), redirect_to: redirectTo }),
  z.object({ action: z.literal('delete'), user_id: z.uuid() }),
]);

export type AdminUsersRequest = z.infer<typeof adminUsersRequest>;

export const roleRow = z.object({ id: z.string(), name: z.string() });
export const userRoleRow = z.object({ user_id: z.string(), role_id: z.string() });
export const profileRow = z.object({
  id: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  active: z.boolean(),
});

export interface UserSummary {
  id: string;
  email: string | null;
  full_name: string;
  phone: string | null;
  active: boolean;
  roles: string[];
  created_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  banned_until: string | null;
}
