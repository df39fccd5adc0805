import { describe, expect, it } from 'vitest';
import {
  assertPermission,
  assertPermissions,
  canAccess,
  evaluateGuard,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  hasRole,
  meetsRole,
  missingPermissions,
  PermissionError,
} from './permissions';

describe('permission helpers', () => {
  const held = ['chat.use', 'properties.view'];
  it('checks one key, all of a list, any of a list', () => {
    expect(hasPermission(held, 'chat.use')).toBe(true);
    expect(hasPermission(held, 'admin.users')).toBe(false);
    // @ts-expect-error a misspelt key fails the build
    expect(hasPermission(['chat.uses'], 'chat.uses')).toBe(true);
    expect(hasAllPermissions(held, ['chat.use', 'properties.view'])).toBe(true);
    expect(hasAllPermissions(held, ['chat.use', 'admin.users'])).toBe(false);
    expect(hasAllPermissions(held, [])).toBe(true);
    expect(hasAnyPermission(held, ['admin.users', 'chat.use'])).toBe(true);
    expect(hasAnyPermission(held, ['admin.users'])).toBe(false);
    expect(hasAnyPermission(held, [])).toBe(false);
    expect(missingPermissions(held, ['admin.users', 'chat.use', 'analytics.view'])).toEqual([
      'admin.users',
      'analytics.view',
    ]);
  });

  it("assertPermission throws 'Permission denied: {permission}'", () => {
    expect(() => assertPermission(held, 'chat.use')).not.toThrow();
    expect(() => assertPermission(held, 'admin.users')).toThrowError(
      new PermissionError('Permission denied: admin.users', ['admin.users']),
    );
    expect(() => assertPermission(held, 'admin.users')).toThrowError(
      /^Permission denied: admin\.users$/,
    );
  });

  it("assertPermissions throws 'Missing permissions: {keys}' with the missing keys", () => {
    expect(() => assertPermissions(held, ['chat.use'])).not.toThrow();
    expect(() =>
      assertPermissions(held, ['admin.users', 'chat.use', 'analytics.view']),
    ).toThrowError(/^Missing permissions: admin\.users, analytics\.view$/);
  });
});

describe('roles', () => {
  it('hasRole is an exact match', () => {
    expect(hasRole(['admin'], 'admin')).toBe(true);
    expect(hasRole(['admin'], 'manager')).toBe(false);
    expect(hasRole(['Manager'], 'manager')).toBe(false);
    // @ts-expect-error a misspelt role name fails the build
    expect(hasRole(['managr'], 'managr')).toBe(true);
  });

  it('admin passes manager guards, not the reverse', () => {
    expect(meetsRole(['admin'], 'manager')).toBe(true);
    expect(meetsRole(['manager'], 'manager')).toBe(true);
    expect(meetsRole(['manager'], 'admin')).toBe(false);
    expect(meetsRole(['housekeeper'], 'manager')).toBe(false);
    expect(meetsRole([], 'manager')).toBe(false);
  });

  it('canAccess follows the route table levels', () => {
    expect(canAccess('public', false, [])).toBe(true);
    expect(canAccess('user', false, [])).toBe(false);
    expect(canAccess('user', true, [])).toBe(true);
    expect(canAccess('staff', true, [])).toBe(false);
    expect(canAccess('staff', true, ['housekeeper'])).toBe(true);
    expect(canAccess('staff', false, ['housekeeper'])).toBe(false);
    expect(canAccess('manager', true, ['technician'])).toBe(false);
    expect(canAccess('manager', true, ['admin'])).toBe(true);
    expect(canAccess('admin', true, ['manager'])).toBe(false);
    expect(canAccess('admin', false, ['admin'])).toBe(false);
  });
});

describe('evaluateGuard', () => {
  const signedIn = {
    loading: false,
    signedIn: true,
    roles: ['manager'],
    permissions: ['chat.use'],
  };

  it('waits while auth or permissions load, then redirects visitors', () => {
    expect(evaluateGuard({ ...signedIn, loading: true }, { role: 'admin' })).toEqual({
      kind: 'loading',
    });
    expect(evaluateGuard({ ...signedIn, signedIn: false })).toEqual({ kind: 'redirect' });
  });

  it('checks the role, then one permission, then a list', () => {
    expect(evaluateGuard(signedIn, { role: 'admin' })).toEqual({
      kind: 'role-denied',
      role: 'admin',
    });
    expect(evaluateGuard(signedIn, { role: 'manager', permission: 'analytics.view' })).toEqual({
      kind: 'permission-denied',
      permission: 'analytics.view',
    });
    expect(
      evaluateGuard(signedIn, { permissions: ['chat.use', 'admin.users', 'admin.roles'] }),
    ).toEqual({
      kind: 'permissions-missing',
      missing: ['admin.users', 'admin.roles'],
    });
    expect(evaluateGuard(signedIn, { role: 'manager', permissions: ['chat.use'] })).toEqual({
      kind: 'allow',
    });
    expect(evaluateGuard(signedIn)).toEqual({ kind: 'allow' });
  });

  it('tells a user with no role to wait for access on every screen that needs one', () => {
    const noRole = { ...signedIn, roles: [], permissions: [] };
    expect(evaluateGuard(noRole, { anyRole: true })).toEqual({ kind: 'waiting' });
    expect(evaluateGuard(noRole, { role: 'manager' })).toEqual({ kind: 'waiting' });
    expect(evaluateGuard(noRole, { anyRole: true, permission: 'analytics.view' })).toEqual({
      kind: 'waiting',
    });
    expect(evaluateGuard(noRole)).toEqual({ kind: 'allow' });
    expect(evaluateGuard(signedIn, { anyRole: true })).toEqual({ kind: 'allow' });
  });
});
