// The route table: every path the app knows, its title, who may open it, and whether (and how)
// the sidebar and the dashboard offer it, in ONE typed place (docs/adding-an-area.md). Derived
// from it: the router and its guards (src/app/router.tsx, which binds each key to its lazy
// screen and loader), the sidebar and dashboard (navigation.ts), and the e2e guard tests.
//
// Icons are named, not imported: this table is on the sign-in screen's critical path (the router
// needs it), the icons are not; navigation.ts turns the names into components in the lazy chunks.
import type { PermissionKey, SystemRole } from './access-catalogue';
import type { NavIconName } from './nav-icons';

/**
 * public: no guard; user: any signed-in user, one with no role yet too (the dashboard and the
 * account pages); staff: a signed-in user holding a role (every work screen); manager: manager
 * role (admin passes); admin: admin role. A signed-in user with no role meets the "waiting for
 * access" page on every level but `user`, and its loader reads nothing (src/app/guards).
 */
export type Access = 'public' | 'user' | 'staff' | 'manager' | 'admin';

export const NAV_GROUP_LABELS = ['Operations', 'Management', 'Administration', 'Account'] as const;
export type NavGroupLabel = (typeof NAV_GROUP_LABELS)[number];

export interface RouteEntry {
  path: string;
  title: string;
  access: Access;
  /** One key the guard demands beyond the role ('Permission Denied'). */
  permission?: PermissionKey;
  /** Keys the guard demands together (the missing ones are listed). */
  permissions?: readonly PermissionKey[];
  /**
   * The page's heading for users without this key, when the same path shows them another screen
   * (/housekeeping: the board for managers, "My route" for a housekeeper).
   */
  titleWithout?: { permission: PermissionKey; title: string };
  /**
   * The line under the page's heading, when it is the same for everyone who may open the page:
   * the page draws it from here, and the build paints it with the HTML for a signed-in start
   * (src/app/layouts/first-paint.tsx; docs/architecture.md "Loading: the first paint").
   */
  description?: string;
  /**
   * Whoever holds none of `unless` is sent to the path `to` instead (history replaced; a path of
   * this table, which a unit test checks): the screen is
   * another role's, and `to` is theirs (a technician's /housekeeping would be a housekeeper's
   * empty route: their own work is Maintenance, "Mine"). docs/areas.md "Each role's menu".
   */
  elsewhere?: { unless: readonly PermissionKey[]; to: string };
  /** Offered in the sidebar (and, outside Account, on the dashboard). */
  nav?: {
    group: NavGroupLabel;
    icon: NavIconName;
    description: string;
    /** Offered only to holders of this key (the area's view key); the route itself stays open. */
    permission?: PermissionKey;
    /**
     * Offered only to holders of one of these keys: those who use the screen, not everyone who
     * may read it (a housekeeper reads work orders, a technician cleans: neither is their work).
     */
    anyPermission?: readonly PermissionKey[];
  };
}

export const paths = {
  home: {
    path: '/',
    title: 'Dashboard',
    access: 'user',
    nav: { group: 'Operations', icon: 'LayoutDashboard', description: 'Your day at a glance' },
  },
  auth: { path: '/auth', title: 'Sign In', access: 'public' },
  install: { path: '/install', title: 'Install Arivia Ops', access: 'public' },
  resetPassword: { path: '/reset-password', title: 'Reset password', access: 'public' },

  properties: {
    path: '/properties',
    title: 'Properties',
    access: 'staff',
    description: 'Villas, their next arrivals and departures, and whether they are guest-ready.',
    nav: {
      group: 'Operations',
      icon: 'Building2',
      description: 'Villas, access notes and guest-ready state',
      permission: 'properties.view',
    },
  },
  // The property form also needs the keys it works with, so an admin can take property
  // management away from one manager (a per-user override) without taking the role.
  propertyNew: {
    path: '/properties/new',
    title: 'New property',
    access: 'manager',
    permissions: ['properties.view', 'properties.manage'],
  },
  property: { path: '/properties/:id', title: 'Property', access: 'staff' },
  propertyEdit: {
    path: '/properties/:id/edit',
    title: 'Edit property',
    access: 'manager',
    permissions: ['properties.view', 'properties.manage'],
  },
  housekeeping: {
    path: '/housekeeping',
    title: 'Housekeeping',
    access: 'staff',
    titleWithout: { permission: 'housekeeping.manage', title: 'My route' },
    // Those who neither plan cleans nor do them (technicians) work from Maintenance.
    elsewhere: { unless: ['housekeeping.manage', 'housekeeping.complete'], to: '/maintenance' },
    nav: {
      group: 'Operations',
      icon: 'SprayCan',
      description: 'Cleans, routes and checklists',
      anyPermission: ['housekeeping.manage', 'housekeeping.complete'],
    },
  },
  // A clean's checklist run (the housekeeper's field app) and its inspection: docs/housekeeping.md.
  cleanRun: {
    path: '/housekeeping/cleans/:id',
    title: 'Clean',
    access: 'staff',
    permission: 'housekeeping.view',
  },
  maintenance: {
    path: '/maintenance',
    title: 'Maintenance',
    access: 'staff',
    description: 'Work orders by urgency and next check-in.',
    nav: {
      group: 'Operations',
      icon: 'Wrench',
      description: 'Work orders by urgency',
      // Technicians (their "Mine") and managers; a housekeeper reports from the header and
      // follows her reports on her route.
      anyPermission: ['maintenance.work', 'maintenance.manage'],
    },
  },
  inventory: {
    path: '/inventory',
    title: 'Inventory',
    access: 'staff',
    nav: {
      group: 'Operations',
      icon: 'Boxes',
      description: 'Stock, par levels and counts',
      permission: 'inventory.view',
    },
  },
  teamChat: {
    path: '/team-chat',
    title: 'Team Chat',
    access: 'staff',
    nav: {
      group: 'Operations',
      icon: 'MessagesSquare',
      description: 'Channels and threads on the work',
      permission: 'chat.use',
    },
  },
  // Analytics is a permission, not a role (field staff do not hold it): docs/areas.md.
  analytics: {
    path: '/analytics',
    title: 'Analytics',
    access: 'staff',
    permission: 'analytics.view',
    nav: {
      group: 'Operations',
      icon: 'BarChart3',
      description: 'Cleaning, maintenance and stock figures',
      permission: 'analytics.view',
    },
  },

  checklists: {
    path: '/checklists',
    title: 'Checklists',
    access: 'manager',
    permissions: ['checklists.manage'],
    nav: {
      group: 'Management',
      icon: 'ClipboardCheck',
      description: 'Checklist templates per cleaning type',
    },
  },
  cleaningSettings: {
    path: '/cleaning-settings',
    title: 'Cleaning Settings',
    access: 'manager',
    permissions: ['settings.manage'],
    nav: {
      group: 'Management',
      icon: 'Sparkles',
      description: 'Cleaning types, durations and turnover rules',
    },
  },
  recurringTasks: {
    path: '/recurring-tasks',
    title: 'Recurring Tasks',
    access: 'manager',
    nav: { group: 'Management', icon: 'Repeat', description: 'Schedules for recurring work' },
  },

  admin: {
    path: '/admin',
    title: 'Admin',
    access: 'admin',
    nav: { group: 'Administration', icon: 'ShieldCheck', description: 'Administration overview' },
  },
  adminUsers: {
    path: '/admin/users',
    title: 'Users',
    access: 'admin',
    nav: { group: 'Administration', icon: 'Users', description: 'Accounts, roles and overrides' },
  },
  adminRoles: {
    path: '/admin/roles',
    title: 'Roles',
    access: 'admin',
    nav: { group: 'Administration', icon: 'KeyRound', description: 'Roles' },
  },
  adminPermissions: {
    path: '/admin/permissions',
    title: 'Permissions',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'ShieldCheck',
      description: 'The role and permission matrix',
    },
  },
  adminSettings: {
    path: '/admin/settings',
    title: 'System Settings',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'Settings2',
      description: 'Company, time zone and defaults',
    },
  },
  adminHealth: {
    path: '/admin/health',
    title: 'System Health',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'HeartPulse',
      description: 'Database, realtime, sync and vitals',
    },
  },

  profile: {
    path: '/profile',
    title: 'Profile',
    access: 'user',
    description: 'Your name, phone, language and password.',
    nav: { group: 'Account', icon: 'UserRound', description: 'Your name, phone and password' },
  },
  settings: {
    path: '/settings',
    title: 'Settings',
    access: 'user',
    description: 'Appearance, your account and this device.',
    nav: { group: 'Account', icon: 'Settings', description: 'Theme, offline data and install' },
  },
} as const satisfies Record<string, RouteEntry>;

export type RouteKey = keyof typeof paths;

/** Every entry, typed as the general shape (for code that walks the table). */
export const routeEntries = Object.entries(paths) as [RouteKey, RouteEntry][];

/** Whether a route's access level asks for a role (any), which a user with none waits for. */
export function needsRole(access: Access): boolean {
  return access !== 'public' && access !== 'user';
}

/** The role a route's access level demands of its guard (admin passes manager guards). */
export function roleFor(access: Access): SystemRole | undefined {
  return access === 'manager' || access === 'admin' ? access : undefined;
}

/** Links to routes with parameters. */
export const hrefs = {
  property: (id: string) => `/properties/${encodeURIComponent(id)}`,
  propertyEdit: (id: string) => `/properties/${encodeURIComponent(id)}/edit`,
};

/** The default target for visitors who are not signed in (docs/areas.md, spec §9). */
export const DEFAULT_SIGNED_OUT_REDIRECT = paths.auth.path;
