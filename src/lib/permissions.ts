// Roles and permission keys on the client (docs/areas.md, spec §3-§6, docs/architecture.md "One resolution,
// two places"). The database resolves a user's keys (public.my_permissions()); these pure helpers
// mirror that resolution and answer the UI's questions. RLS is the real enforcement.
import type { PermissionKey, SystemRole } from './access-catalogue';
import { messages } from './messages';
import type { Access } from './routes';

export type { PermissionKey, SystemRole };

const SYSTEM_ROLES: readonly string[] = ['admin', 'manager', 'housekeeper', 'technician'];

/** A system role's name in the active language; any other role's name as it is. */
export function roleLabel(role: string): string {
  return SYSTEM_ROLES.includes(role) ? messages.t(`role.${role as SystemRole}`) : role;
}

/** Exact match against the loaded role names, as the spec's role check. */
export function hasRole(roles: readonly string[], role: SystemRole): boolean {
  return roles.includes(role);
}

/** Does a user with these roles pass a guard asking for `required`? Admin passes manager guards. */
export function meetsRole(roles: readonly string[], required: SystemRole): boolean {
  if (hasRole(roles, required)) return true;
  return required === 'manager' && hasRole(roles, 'admin');
}

/** May a user with these roles open a route of this access level (paths.ts)? */
export function canAccess(access: Access, signedIn: boolean, roles: readonly string[]): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'user':
      return signedIn;
    case 'staff':
      return signedIn && roles.length > 0;
    case 'manager':
    case 'admin':
      return signedIn && meetsRole(roles, access);
  }
}

export function hasPermission(permissions: readonly string[], key: PermissionKey): boolean {
  return permissions.includes(key);
}

export function hasAllPermissions(
  permissions: readonly string[],
  keys: readonly PermissionKey[],
): boolean {
  return keys.every((k) => permissions.includes(k));
}

export function hasAnyPermission(
  permissions: readonly string[],
  keys: readonly PermissionKey[],
): boolean {
  return keys.some((k) => permissions.includes(k));
}

export function missingPermissions(
  permissions: readonly string[],
  keys: readonly PermissionKey[],
): PermissionKey[] {
  return keys.filter((k) => !permissions.includes(k));
}

export class PermissionError extends Error {
  readonly missing: readonly string[];
  constructor(message: string, missing: readonly string[]) {
    super(message);
    this.name = 'PermissionError';
    this.missing = missing;
  }
}

/** Throws 'Permission denied: {permission}' when the key is not held. */
export function assertPermission(permissions: readonly string[], key: PermissionKey): void {
  if (!hasPermission(permissions, key)) {
    throw new PermissionError(`Permission denied: ${key}`, [key]);
  }
}

/** Throws 'Missing permissions: {keys}' naming every key of the list that is not held. */
export function assertPermissions(
  permissions: readonly string[],
  keys: readonly PermissionKey[],
): void {
  const missing = missingPermissions(permissions, keys);
  if (missing.length > 0) {
    throw new PermissionError(`Missing permissions: ${missing.join(', ')}`, missing);
  }
}

export interface GuardState {
  loading: boolean;
  signedIn: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

export interface GuardRequirement {
  /** Any role at all: a user with none waits for access (routes.ts `needsRole`). */
  anyRole?: boolean;
  role?: SystemRole;
  permission?: PermissionKey;
  permissions?: readonly PermissionKey[];
}

export type GuardOutcome =
  | { kind: 'loading' }
  | { kind: 'redirect' }
  | { kind: 'allow' }
  | { kind: 'waiting' }
  | { kind: 'role-denied'; role: string }
  | { kind: 'permission-denied'; permission: string }
  | { kind: 'permissions-missing'; missing: string[] };

/** What the route guard shows (docs/areas.md, spec §2 "Route guard"), in the spec's order. */
export function evaluateGuard(state: GuardState, req: GuardRequirement = {}): GuardOutcome {
  if (state.loading) return { kind: 'loading' };
  if (!state.signedIn) return { kind: 'redirect' };
  // No role yet: what to do about it (the dashboard's "waiting for access"), not a refusal.
  if ((req.anyRole || req.role) && state.roles.length === 0) return { kind: 'waiting' };
  if (req.role && !meetsRole(state.roles, req.role)) return { kind: 'role-denied', role: req.role };
  if (req.permission && !hasPermission(state.permissions, req.permission)) {
    return { kind: 'permission-denied', permission: req.permission };
  }
  if (req.permissions && req.permissions.length > 0) {
    const missing = missingPermissions(state.permissions, req.permissions);
    if (missing.length > 0) return { kind: 'permissions-missing', missing };
  }
  return { kind: 'allow' };
}
