// Query keys of the admin area: one factory, so invalidation matches what the reads cache.
import { companySettingsKey } from '@/lib/use-company-settings';
import type { AuditFilter, UserListParams } from './types';

export const adminKeys = {
  all: ['admin'] as const,
  users: (p: UserListParams) => [...adminKeys.all, 'users', p] as const,
  usersAll: () => [...adminKeys.all, 'users'] as const,
  access: (id: string) => [...adminKeys.all, 'access', id] as const,
  waiting: () => [...adminKeys.all, 'waiting'] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  matrix: () => [...adminKeys.all, 'matrix'] as const,
  /** The company's settings row: the key every screen reading them shares. */
  settings: () => companySettingsKey,
  audit: (f: AuditFilter) => [...adminKeys.all, 'audit', f] as const,
  health: () => [...adminKeys.all, 'health'] as const,
};
