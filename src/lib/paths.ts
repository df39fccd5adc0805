// The route table of SEED-SPEC.md §2 in one place: every path the app knows, who may open it and
// how to build a link to it. The router, the guards, the sidebar and the dashboard read it.

/** public: no guard; user: any signed-in user; manager: manager role (admin passes); admin: admin role. */
export type Access = 'public' | 'user' | 'manager' | 'admin';

interface RouteDef {
  path: string;
  title: string;
  access: Access;
}

export const paths = {
  home: { path: '/', title: 'Dashboard', access: 'user' },
  auth: { path: '/auth', title: 'Sign In', access: 'public' },
  install: { path: '/install', title: 'Install Arivia Ops', access: 'public' },
  resetPassword: { path: '/reset-password', title: 'Reset password', access: 'public' },

  properties: { path: '/properties', title: 'Properties', access: 'user' },
  propertyNew: { path: '/properties/new', title: 'New property', access: 'manager' },
  property: { path: '/properties/:id', title: 'Property', access: 'user' },
  propertyEdit: { path: '/properties/:id/edit', title: 'Edit property', access: 'manager' },
  housekeeping: { path: '/housekeeping', title: 'Housekeeping', access: 'user' },
  maintenance: { path: '/maintenance', title: 'Maintenance', access: 'user' },
  inventory: { path: '/inventory', title: 'Inventory', access: 'user' },
  teamChat: { path: '/team-chat', title: 'Team Chat', access: 'user' },
  analytics: { path: '/analytics', title: 'Analytics', access: 'user' },

  checklists: { path: '/checklists', title: 'Checklists', access: 'manager' },
  cleaningSettings: { path: '/cleaning-settings', title: 'Cleaning Settings', access: 'manager' },
  recurringTasks: { path: '/recurring-tasks', title: 'Recurring Tasks', access: 'manager' },

  admin: { path: '/admin', title: 'Admin', access: 'admin' },
  adminUsers: { path: '/admin/users', title: 'Users', access: 'admin' },
  adminRoles: { path: '/admin/roles', title: 'Roles', access: 'admin' },
  adminPermissions: { path: '/admin/permissions', title: 'Permissions', access: 'admin' },
  adminSettings: { path: '/admin/settings', title: 'System Settings', access: 'admin' },
  adminHealth: { path: '/admin/health', title: 'System Health', access: 'admin' },

  settings: { path: '/settings', title: 'Settings', access: 'user' },
  profile: { path: '/profile', title: 'Profile', access: 'user' },
} as const satisfies Record<string, RouteDef>;

export type PathKey = keyof typeof paths;

/** Links to routes with parameters. */
export const hrefs = {
  property: (id: string) => `/properties/${encodeURIComponent(id)}`,
  propertyEdit: (id: string) => `/properties/${encodeURIComponent(id)}/edit`,
};

/** The default target for visitors who are not signed in (SEED-SPEC.md §9). */
export const DEFAULT_SIGNED_OUT_REDIRECT = paths.auth.path;
