// The route table: every path the app knows, its title, who may open it, and whether (and how)
// the sidebar and the dashboard offer it, in ONE typed place (docs/adding-an-area.md). Derived
// from it: the router and its guards (src/app/router.tsx, which binds each key to its lazy
// screen and loader), the sidebar and dashboard (navigation.ts), and the e2e guard tests.
//
// Titles and descriptions are read in the active language (getters over the catalogue of
// src/lib/locales, docs/i18n.md): read them when drawing, never keep them in a constant.
//
// Icons are named, not imported: this table is on the sign-in screen's critical path (the router
// needs it), the icons are not; navigation.ts turns the names into components in the lazy chunks.
import type { PermissionKey, SystemRole } from './access-catalogue';
import type { NavIconName } from './nav-icons';
import { messages } from './messages';

/**
 * public: no guard; user: any signed-in user, one with no role yet too (the dashboard and the
 * account pages); staff: a signed-in user holding a role (every work screen); manager: manager
 * role (admin passes); admin: admin role. A signed-in user with no role meets the "waiting for
 * access" page on every level but `user`, and its loader reads nothing (src/app/guards).
 */
export type Access = 'public' | 'user' | 'staff' | 'manager' | 'admin';

export const NAV_GROUP_LABELS = ['Operations', 'Management', 'Administration', 'Account'] as const;
export type NavGroupLabel = (typeof NAV_GROUP_LABELS)[number];

const NAV_GROUP_KEYS = {
  Operations: 'navGroup.operations',
  Management: 'navGroup.management',
  Administration: 'navGroup.administration',
  Account: 'navGroup.account',
} as const satisfies Record<NavGroupLabel, string>;

/** A group's name as the sidebar shows it, in the active language. */
export function navGroupLabel(group: NavGroupLabel): string {
  return messages.t(NAV_GROUP_KEYS[group]);
}

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
    get title() {
      return messages.t('route.home.title');
    },
    access: 'user',
    nav: {
      group: 'Operations',
      icon: 'LayoutDashboard',
      get description() {
        return messages.t('nav.home');
      },
    },
  },
  auth: {
    path: '/auth',
    get title() {
      return messages.t('route.auth.title');
    },
    access: 'public',
  },
  install: {
    path: '/install',
    get title() {
      return messages.t('route.install.title');
    },
    access: 'public',
  },
  resetPassword: {
    path: '/reset-password',
    get title() {
      return messages.t('route.resetPassword.title');
    },
    access: 'public',
  },

  properties: {
    path: '/properties',
    get title() {
      return messages.t('route.properties.title');
    },
    access: 'staff',
    get description() {
      return messages.t('route.properties.description');
    },
    nav: {
      group: 'Operations',
      icon: 'Building2',
      get description() {
        return messages.t('nav.properties');
      },
      permission: 'properties.view',
    },
  },
  // The property form also needs the keys it works with, so an admin can take property
  // management away from one manager (a per-user override) without taking the role.
  propertyNew: {
    path: '/properties/new',
    get title() {
      return messages.t('route.propertyNew.title');
    },
    access: 'manager',
    permissions: ['properties.view', 'properties.manage'],
  },
  property: {
    path: '/properties/:id',
    get title() {
      return messages.t('route.property.title');
    },
    access: 'staff',
  },
  propertyEdit: {
    path: '/properties/:id/edit',
    get title() {
      return messages.t('route.propertyEdit.title');
    },
    access: 'manager',
    permissions: ['properties.view', 'properties.manage'],
  },
  housekeeping: {
    path: '/housekeeping',
    get title() {
      return messages.t('route.housekeeping.title');
    },
    access: 'staff',
    titleWithout: {
      permission: 'housekeeping.manage',
      get title() {
        return messages.t('route.housekeeping.titleWithout');
      },
    },
    // Those who neither plan cleans nor do them (technicians) work from Maintenance.
    elsewhere: { unless: ['housekeeping.manage', 'housekeeping.complete'], to: '/maintenance' },
    nav: {
      group: 'Operations',
      icon: 'SprayCan',
      get description() {
        return messages.t('nav.housekeeping');
      },
      anyPermission: ['housekeeping.manage', 'housekeeping.complete'],
    },
  },
  // A clean's checklist run (the housekeeper's field app) and its inspection: docs/housekeeping.md.
  cleanRun: {
    path: '/housekeeping/cleans/:id',
    get title() {
      return messages.t('route.cleanRun.title');
    },
    access: 'staff',
    permission: 'housekeeping.view',
  },
  maintenance: {
    path: '/maintenance',
    get title() {
      return messages.t('route.maintenance.title');
    },
    access: 'staff',
    get description() {
      return messages.t('route.maintenance.description');
    },
    nav: {
      group: 'Operations',
      icon: 'Wrench',
      get description() {
        return messages.t('nav.maintenance');
      },
      // Technicians (their "Mine") and managers; a housekeeper reports from the header and
      // follows her reports on her route.
      anyPermission: ['maintenance.work', 'maintenance.manage'],
    },
  },
  inventory: {
    path: '/inventory',
    get title() {
      return messages.t('route.inventory.title');
    },
    access: 'staff',
    nav: {
      group: 'Operations',
      icon: 'Boxes',
      get description() {
        return messages.t('nav.inventory');
      },
      permission: 'inventory.view',
    },
  },
  teamChat: {
    path: '/team-chat',
    get title() {
      return messages.t('route.teamChat.title');
    },
    access: 'staff',
    nav: {
      group: 'Operations',
      icon: 'MessagesSquare',
      get description() {
        return messages.t('nav.teamChat');
      },
      permission: 'chat.use',
    },
  },
  // Analytics is a permission, not a role (field staff do not hold it): docs/areas.md.
  analytics: {
    path: '/analytics',
    get title() {
      return messages.t('route.analytics.title');
    },
    access: 'staff',
    permission: 'analytics.view',
    nav: {
      group: 'Operations',
      icon: 'BarChart3',
      get description() {
        return messages.t('nav.analytics');
      },
      permission: 'analytics.view',
    },
  },

  checklists: {
    path: '/checklists',
    get title() {
      return messages.t('route.checklists.title');
    },
    access: 'manager',
    permissions: ['checklists.manage'],
    nav: {
      group: 'Management',
      icon: 'ClipboardCheck',
      get description() {
        return messages.t('nav.checklists');
      },
    },
  },
  cleaningSettings: {
    path: '/cleaning-settings',
    get title() {
      return messages.t('route.cleaningSettings.title');
    },
    access: 'manager',
    permissions: ['settings.manage'],
    nav: {
      group: 'Management',
      icon: 'Sparkles',
      get description() {
        return messages.t('nav.cleaningSettings');
      },
    },
  },
  recurringTasks: {
    path: '/recurring-tasks',
    get title() {
      return messages.t('route.recurringTasks.title');
    },
    access: 'manager',
    nav: {
      group: 'Management',
      icon: 'Repeat',
      get description() {
        return messages.t('nav.recurringTasks');
      },
    },
  },

  admin: {
    path: '/admin',
    get title() {
      return messages.t('route.admin.title');
    },
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'ShieldCheck',
      get description() {
        return messages.t('nav.admin');
      },
    },
  },
  adminUsers: {
    path: '/admin/users',
    get title() {
      return messages.t('route.adminUsers.title');
    },
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'Users',
      get description() {
        return messages.t('nav.adminUsers');
      },
    },
  },
  adminRoles: {
    path: '/admin/roles',
    get title() {
      return messages.t('route.adminRoles.title');
    },
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'KeyRound',
      get description() {
        return messages.t('nav.adminRoles');
      },
    },
  },
  adminPermissions: {
    path: '/admin/permissions',
    get title() {
      return messages.t('route.adminPermissions.title');
    },
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'ShieldCheck',
      get description() {
        return messages.t('nav.adminPermissions');
      },
    },
  },
  adminSettings: {
    path: '/admin/settings',
    get title() {
      return messages.t('route.adminSettings.title');
    },
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'Settings2',
      get description() {
        return messages.t('nav.adminSettings');
      },
    },
  },
  adminHealth: {
    path: '/admin/health',
    get title() {
      return messages.t('route.adminHealth.title');
    },
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'HeartPulse',
      get description() {
        return messages.t('nav.adminHealth');
      },
    },
  },

  profile: {
    path: '/profile',
    get title() {
      return messages.t('route.profile.title');
    },
    access: 'user',
    get description() {
      return messages.t('route.profile.description');
    },
    nav: {
      group: 'Account',
      icon: 'UserRound',
      get description() {
        return messages.t('nav.profile');
      },
    },
  },
  settings: {
    path: '/settings',
    get title() {
      return messages.t('route.settings.title');
    },
    access: 'user',
    get description() {
      return messages.t('route.settings.description');
    },
    nav: {
      group: 'Account',
      icon: 'Settings',
      get description() {
        return messages.t('nav.settings');
      },
    },
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
