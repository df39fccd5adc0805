// The admin area's reads and writes (docs/admin.md). Reads go to the admin_* SQL functions and the
// access tables (RLS lets only admins write them); account changes that need the auth server go
// through the admin-users edge function. Online only: the admin area is not kept on the device.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchOrThrow, QueryError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/lib/database.types';

export type SystemSettings = Database['public']['Tables']['system_settings']['Row'];
export type SystemSettingsUpdate = Database['public']['Tables']['system_settings']['Update'];
export type AuditEntry = Database['public']['Tables']['audit_log']['Row'];
export type Role = Database['public']['Tables']['roles']['Row'];
export type Permission = Database['public']['Tables']['permissions']['Row'];
export type RolePermission = Database['public']['Tables']['role_permissions']['Row'];

export type AccountStatus = 'active' | 'invited' | 'deactivated';
export interface Account {
  id: string;
  email: string | null;
  full_name: string;
  status: AccountStatus;
  roles: string[];
  last_sign_in_at: string | null;
  created_at: string;
}
export interface AccountAccess extends Account {
  overrides: Record<string, boolean>;
  effective: string[];
  from_roles: Record<string, string[]>;
}

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

export interface HealthReport {
  now: string;
  database_bytes: number;
  migrations_applied?: number;
  latest_migration?: string;
  storage: { bucket: string; objects: number; bytes: number }[];
  sync_records_24h: number;
  refused_writes_24h: number;
  sign_in_failures_24h: number;
  sign_ins_24h?: number;
  waiting_for_access: number;
  realtime_subscriptions?: number;
  web_vitals: { page: string; name: string; samples: number; p75: number }[];
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (p: UserListParams) => [...adminKeys.all, 'users', p] as const,
  usersAll: () => [...adminKeys.all, 'users'] as const,
  access: (id: string) => [...adminKeys.all, 'access', id] as const,
  waiting: () => [...adminKeys.all, 'waiting'] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  matrix: () => [...adminKeys.all, 'matrix'] as const,
  settings: () => ['system-settings'] as const,
  audit: (f: AuditFilter) => [...adminKeys.all, 'audit', f] as const,
  health: () => [...adminKeys.all, 'health'] as const,
};

export const usersQuery = (p: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.users(p),
    queryFn: async () =>
      (await fetchOrThrow(
        supabase.rpc('admin_list_users', {
          p_search: p.search,
          p_filter: p.filter,
          p_sort: p.sort,
          p_desc: p.desc,
          p_limit: p.perPage,
          p_offset: p.page * p.perPage,
        }),
      )) as unknown as { total: number; users: Account[] },
    placeholderData: (prev) => prev,
  });

export const waitingCountQuery = () =>
  queryOptions({
    queryKey: adminKeys.waiting(),
    queryFn: () => fetchOrThrow(supabase.rpc('admin_waiting_count')),
    refetchInterval: 60_000,
  });

export const accessQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.access(id),
    queryFn: async () =>
      (await fetchOrThrow(
        supabase.rpc('admin_user_access', { p_user: id }),
      )) as unknown as AccountAccess,
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: adminKeys.roles(),
    queryFn: async () => {
      const [roles, links] = await Promise.all([
        fetchOrThrow(
          supabase.from('roles').select('*').order('is_system', { ascending: false }).order('name'),
        ),
        fetchOrThrow(supabase.from('user_roles').select('role_id')),
      ]);
      const holders = new Map<string, number>();
      for (const l of links) holders.set(l.role_id, (holders.get(l.role_id) ?? 0) + 1);
      return roles.map((r) => ({ ...r, holders: holders.get(r.id) ?? 0 }));
    },
  });

export const matrixQuery = () =>
  queryOptions({
    queryKey: adminKeys.matrix(),
    queryFn: async () => {
      const [roles, permissions, cells] = await Promise.all([
        fetchOrThrow(
          supabase.from('roles').select('*').order('is_system', { ascending: false }).order('name'),
        ),
        fetchOrThrow(supabase.from('permissions').select('*').order('area').order('key')),
        fetchOrThrow(supabase.from('role_permissions').select('*')),
      ]);
      return { roles, permissions, cells };
    },
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: async (): Promise<SystemSettings> =>
      fetchOrThrow(supabase.from('system_settings').select('*').single()),
  });

export interface AuditFilter {
  entity: string;
  actor: string;
  since: string;
}

export const auditQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: adminKeys.audit(f),
    queryFn: () => {
      let q = supabase.from('audit_log').select('*').order('id', { ascending: false }).limit(100);
      if (f.entity) q = q.eq('entity', f.entity);
      if (f.actor) q = q.ilike('actor_email', `%${f.actor.replace(/[%_]/g, '')}%`);
      if (f.since) q = q.gte('at', new Date(f.since).toISOString());
      return fetchOrThrow(q);
    },
  });

export const healthQuery = () =>
  queryOptions({
    queryKey: adminKeys.health(),
    queryFn: async () => {
      const started = performance.now();
      const ping = await supabase.rpc('company_time_zone');
      const roundTripMs = performance.now() - started;
      if (ping.error)
        throw new QueryError(
          { code: ping.error.code, message: ping.error.message },
          new Date().toISOString(),
        );
      const report = (await fetchOrThrow(supabase.rpc('admin_health'))) as unknown as HealthReport;
      return { ...report, roundTripMs, fetchedAt: new Date().toISOString() };
    },
    refetchInterval: 15_000,
  });

export const useUsers = (p: UserListParams) => useQuery(usersQuery(p));
export const useAccess = (id: string | null) =>
  useQuery({ ...accessQuery(id ?? ''), enabled: id !== null });
export const useRoles = () => useQuery(rolesQuery());
export const useMatrix = () => useQuery(matrixQuery());
export const useSettings = () => useQuery(settingsQuery());
export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
export const useHealth = () => useQuery(healthQuery());
export const useWaitingCount = (enabled: boolean) => useQuery({ ...waitingCountQuery(), enabled });

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** A refusal with the server's code and message (for field messages). */
export class AdminError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function callAdminUsers<T>(body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<{ data: T }>('admin-users', { body });
  if (error) {
    const ctx = (error as { context?: unknown }).context;
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

function useAdminMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface NewUser {
  email: string;
  full_name: string;
  password: string;
  roles: string[];
}

export const useCreateUser = () =>
  useAdminMutation((u: NewUser) =>
    callAdminUsers<{ user: { id: string } }>({
      action: 'create',
      email: u.email,
      full_name: u.full_name || undefined,
      password: u.password || undefined,
      roles: u.roles,
      redirect_to: `${window.location.origin}/reset-password`,
    }),
  );

/** Roles through the access tables (RLS: admins only; the database guards and audits). */
export const useSetRoles = () =>
  useAdminMutation(async (a: { userId: string; roles: string[] }) => {
    const [roles, held] = await Promise.all([
      fetchOrThrow(supabase.from('roles').select('id, name')),
      fetchOrThrow(supabase.from('user_roles').select('role_id').eq('user_id', a.userId)),
    ]);
    const wanted = roles.filter((r) => a.roles.includes(r.name)).map((r) => r.id);
    const current = held.map((h) => h.role_id);
    const removed = current.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !current.includes(id));
    if (added.length)
      await fetchOrThrow(
        supabase
          .from('user_roles')
          .insert(added.map((role_id) => ({ user_id: a.userId, role_id })))
          .select(),
      );
    if (removed.length)
      await fetchOrThrow(
        supabase
          .from('user_roles')
          .delete()
          .eq('user_id', a.userId)
          .in('role_id', removed)
          .select(),
      );
  });

export const useUserAction = () =>
  useAdminMutation(
    (a: { userId: string; action: 'deactivate' | 'reactivate' | 'reset_password' | 'delete' }) =>
      callAdminUsers<{ deleted?: string; deactivated?: string; sent_to?: string }>({
        action: a.action,
        user_id: a.userId,
        ...(a.action === 'reset_password'
          ? { redirect_to: `${window.location.origin}/reset-password` }
          : {}),
      }),
  );

/** Override: true grants, false revokes, null inherits (deletes the override). */
export const useSetOverride = () =>
  useAdminMutation(async (a: { userId: string; key: string; granted: boolean | null }) => {
    if (a.granted === null) {
      await fetchOrThrow(
        supabase
          .from('custom_permissions')
          .delete()
          .eq('user_id', a.userId)
          .eq('permission_key', a.key)
          .select(),
      );
    } else {
      await fetchOrThrow(
        supabase
          .from('custom_permissions')
          .upsert({ user_id: a.userId, permission_key: a.key, granted: a.granted })
          .select(),
      );
    }
  });

/** A matrix cell: shown at once (optimistic), saved, and put back if the database refuses. */
export function useSetCell() {
  const qc = useQueryClient();
  type Matrix = Awaited<ReturnType<NonNullable<ReturnType<typeof matrixQuery>['queryFn']>>>;
  return useMutation({
    mutationFn: (a: { roleId: string; key: string; granted: boolean }) =>
      fetchOrThrow(
        supabase
          .from('role_permissions')
          .upsert({ role_id: a.roleId, permission_key: a.key, granted: a.granted })
          .select(),
      ),
    onMutate: async (a) => {
      await qc.cancelQueries({ queryKey: adminKeys.matrix() });
      const before = qc.getQueryData<Matrix>(adminKeys.matrix());
      if (before) {
        const others = before.cells.filter(
          (c) => !(c.role_id === a.roleId && c.permission_key === a.key),
        );
        const old = before.cells.find((c) => c.role_id === a.roleId && c.permission_key === a.key);
        qc.setQueryData<Matrix>(adminKeys.matrix(), {
          ...before,
          cells: [
            ...others,
            {
              role_id: a.roleId,
              permission_key: a.key,
              granted: a.granted,
              created_at: old?.created_at ?? new Date().toISOString(),
              updated_at: new Date().toISOString(),
            },
          ],
        });
      }
      return { before };
    },
    onError: (_e, _a, ctx) => {
      if (ctx?.before) qc.setQueryData(adminKeys.matrix(), ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useSaveRole = () =>
  useAdminMutation((r: { id?: string; name: string; description: string }) =>
    r.id
      ? fetchOrThrow(
          supabase
            .from('roles')
            .update({ name: r.name, description: r.description })
            .eq('id', r.id)
            .select(),
        )
      : fetchOrThrow(
          supabase.from('roles').insert({ name: r.name, description: r.description }).select(),
        ),
  );

export const useDeleteRole = () =>
  useAdminMutation((id: string) =>
    fetchOrThrow(supabase.from('roles').delete().eq('id', id).select()),
  );

export const useSaveSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: SystemSettingsUpdate) =>
      fetchOrThrow(supabase.from('system_settings').update(s).eq('id', true).select().single()),
    onSuccess: (row) => qc.setQueryData(adminKeys.settings(), row),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

/** Which form field a database refusal belongs to (field messages, nothing typed is lost). */
export function fieldOfError(e: unknown): { field: string; message: string } | null {
  if (e instanceof AdminError) {
    if (e.code === 'email_exists' || /already (been )?registered|already exists/i.test(e.message))
      return { field: 'email', message: 'An account with this e-mail already exists.' };
    if (e.code === 'invalid_request' && e.message.startsWith('email'))
      return { field: 'email', message: 'Enter a valid e-mail address.' };
    if (/password/i.test(e.message)) return { field: 'password', message: e.message };
    return null;
  }
  if (e instanceof QueryError) {
    if (e.code === '23505' && e.message.includes('roles_name_key'))
      return { field: 'name', message: 'A role with this name already exists.' };
    if (e.code === '23514' && e.message.includes('roles_name_format'))
      return {
        field: 'name',
        message: 'Use 2 to 32 lowercase letters, digits or _, starting with a letter.',
      };
    if (e.code === '22023' && e.message.startsWith('time_zone:'))
      return { field: 'time_zone', message: 'This time zone does not exist.' };
    if (e.message.includes('support_email'))
      return { field: 'support_email', message: 'The support e-mail must be an e-mail address.' };
    if (e.message.includes('currency'))
      return { field: 'currency', message: 'Use a three-letter currency code, e.g. EUR.' };
    if (e.message.includes('company_name'))
      return { field: 'company_name', message: 'Enter a company name (1 to 100 characters).' };
  }
  return null;
}
