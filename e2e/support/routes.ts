// The app's route table (src/lib/routes.ts) as the e2e specs walk it: every route with a concrete
// address to open, so that a11y.spec.ts and guards.spec.ts get one test per route - a new route
// adds tests, not seconds to one test's budget (docs/testing.md).
import { routeEntries, type Access, type RouteEntry } from '../../src/lib/routes.ts';
import type { DemoRole } from './helpers';

/** An id no villa has: the page shows its title as the heading ('Property', 'Edit property'). */
export const UNKNOWN_PROPERTY_ID = 'villa-42';

export interface E2eRoute extends RouteEntry {
  key: string;
}

export const ROUTES: readonly E2eRoute[] = routeEntries.map(([key, r]) => ({ ...r, key }));
export const PUBLIC_ROUTES = ROUTES.filter((r) => r.access === 'public');
export const GUARDED_ROUTES = ROUTES.filter((r) => r.access !== 'public');

/** The address of a route, with `id` for its parameter. */
export function addressOf(route: E2eRoute, id = UNKNOWN_PROPERTY_ID): string {
  return route.path.replace(':id', encodeURIComponent(id));
}

const FIELD_KEYS = [
  'properties.view',
  'properties.access',
  'housekeeping.view',
  'maintenance.view',
  'maintenance.report',
  'inventory.view',
  'inventory.adjust',
  'chat.use',
];

/** Whether a demo role holds a key, as supabase/migrations/20261121103300_access_defaults.sql seeds them. */
export function holds(role: DemoRole, key: string): boolean {
  if (role === 'admin') return true;
  if (role === 'manager') return !key.startsWith('admin.');
  if (role === 'housekeeper') return [...FIELD_KEYS, 'housekeeping.complete'].includes(key);
  return [...FIELD_KEYS, 'maintenance.work'].includes(key);
}

function roleAllows(access: Access, role: DemoRole): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'manager') return role === 'admin' || role === 'manager';
  return true;
}

export type Outcome =
  | { kind: 'page' }
  | { kind: 'role'; needed: 'manager' | 'admin' }
  | { kind: 'permission' }
  | { kind: 'keys'; missing: string[] }
  | { kind: 'elsewhere'; to: string };

/**
 * What `role` meets on `route` (docs/areas.md, spec §2): the page; 'Access Denied' naming the role; 'Permission
 * Denied' for a missing key; 'Access Denied' listing the missing keys; or, on another role's
 * screen, the role's own (routes.ts `elsewhere`).
 */
export function outcome(route: E2eRoute, role: DemoRole): Outcome {
  if (!roleAllows(route.access, role))
    return { kind: 'role', needed: route.access === 'admin' ? 'admin' : 'manager' };
  if (route.permission && !holds(role, route.permission)) return { kind: 'permission' };
  const missing = (route.permissions ?? []).filter((k) => !holds(role, k));
  if (missing.length > 0) return { kind: 'keys', missing };
  // Another role's screen (a technician's /housekeeping): the user's own instead.
  if (route.elsewhere && !route.elsewhere.unless.some((k) => holds(role, k)))
    return { kind: 'elsewhere', to: route.elsewhere.to };
  return { kind: 'page' };
}
