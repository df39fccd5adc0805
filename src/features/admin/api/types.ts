// The admin area's row and answer types (docs/admin.md): the access tables from the generated
// database types, and the shapes the admin_* SQL functions answer in JSON (the generated types
// say only `Json` for those: the answers are parsed against the schemas here, so a change to a
// function's answer fails loudly instead of drawing undefined).
import * as z from 'zod/mini';
import type { Database } from '@/lib/database.types';

export type SystemSettings = Database['public']['Tables']['system_settings']['Row'];
export type SystemSettingsUpdate = Database['public']['Tables']['system_settings']['Update'];
export type AuditEntry = Database['public']['Tables']['audit_log']['Row'];
export type Role = Database['public']['Tables']['roles']['Row'];
export type Permission = Database['public']['Tables']['permissions']['Row'];
export type RolePermission = Database['public']['Tables']['role_permissions']['Row'];

/** A row of the admin_accounts view (supabase/migrations/20261124110100_admin_functions.sql). */
export const accountSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  full_name: z.catch(z.string(), ''),
  status: z.enum(['active', 'invited', 'deactivated']),
  roles: z.catch(z.array(z.string()), []),
  last_sign_in_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Account = z.output<typeof accountSchema>;
export type AccountStatus = Account['status'];

/** admin_list_users: one page and the total. */
export const userPageSchema = z.object({ total: z.number(), users: z.array(accountSchema) });

/** admin_user_access: the account, its overrides, effective keys and the roles granting each. */
export const accountAccessSchema = z.object({
  ...accountSchema.shape,
  overrides: z.record(z.string(), z.boolean()),
  effective: z.array(z.string()),
  from_roles: z.record(z.string(), z.array(z.string())),
});
export type AccountAccess = z.output<typeof accountAccessSchema>;

export type UserFilter = 'all' | 'waiting' | 'active' | 'invited' | 'deactivated';
export type UserSort = 'created_at' | 'last_sign_in_at' | 'email' | 'full_name' | 'status';
export interface UserListParams {
  search: string;
  filter: UserFilter;
  sort: UserSort;
  desc: boolean;
  page: number;
  perPage: number;
}

export interface AuditFilter {
  entity: string;
  actor: string;
  since: string;
}

/** admin_health: the figures of the health page (the optional ones need a hosted extra). */
export const healthReportSchema = z.object({
  now: z.string(),
  database_bytes: z.number(),
  migrations_applied: z.optional(z.number()),
  latest_migration: z.nullish(z.string()),
  storage: z.array(z.object({ bucket: z.string(), objects: z.number(), bytes: z.number() })),
  sync_records_24h: z.number(),
  refused_writes_24h: z.number(),
  sign_in_failures_24h: z.number(),
  sign_ins_24h: z.optional(z.number()),
  waiting_for_access: z.number(),
  realtime_subscriptions: z.optional(z.number()),
  web_vitals: z.array(
    z.object({ page: z.string(), name: z.string(), samples: z.number(), p75: z.number() }),
  ),
});
export type HealthReport = z.output<typeof healthReportSchema>;
