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
   * (/housekeeping: the board for managers, "My route" for a housekeeper), and the line under it
   * when the page has one.
   */
  titleWithout?: { permission: PermissionKey; title: string; description?: string };
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
  /**
   * Offered in the sidebar (and, outside Account, on the dashboard, with its line `area.<key>` of
   * the dashboard's catalogue: the sign-in screen's download does not carry them).
   */
  nav?: {
    group: NavGroupLabel;
    icon: NavIconName;
    /** Offered only to holders of this key (the area's view key); the route itself stays open. */
    permission?: PermissionKey;
    /**
     * Offered only to holders of one of these keys: those who use the screen, not everyone who
     * may read it (a housekeeper reads work orders, a technician cleans: neither is their work).
     */
    anyPermission?: readonly PermissionKey[];
  };
}

/** A route as the table below writes it: its words come from the catalogue by its key. */
type RouteSource = Omit<RouteEntry, 'title' | 'description' | 'titleWithout'> & {
  /** It has a line under its heading (`route.<key>.description`). */
  described?: true;
  titleWithout?: { permission: PermissionKey };
};

const table = {
  home: {
    path: '/',
    access: 'user',
    described: true,
    nav: {
      group: 'Operations',
      icon: 'LayoutDashboard',
    },
  },
  auth: {
    path: '/auth',
    access: 'public',
  },
  install: {
    path: '/install',
    access: 'public',
  },
  resetPassword: {
    path: '/reset-password',
    access: 'public',
  },

  properties: {
    path: '/properties',
    access: 'staff',
    described: true,
    nav: {
      group: 'Operations',
      icon: 'Building2',
      permission: 'properties.view',
    },
  },
  // The property form also needs the keys it works with, so an admin can take property
  // management away from one manager (a per-user override) without taking the role.
  propertyNew: {
    path: '/properties/new',
    access: 'manager',
    permissions: ['properties.view', 'properties.manage'],
  },
  property: {
    path: '/properties/:id',
    access: 'staff',
  },
  propertyEdit: {
    path: '/properties/:id/edit',
    access: 'manager',
    permissions: ['properties.view', 'properties.manage'],
  },
  housekeeping: {
    path: '/housekeeping',
    access: 'staff',
    described: true,
    titleWithout: {
      permission: 'housekeeping.manage',
    },
    // Those who neither plan cleans nor do them (technicians) work from Maintenance.
    elsewhere: { unless: ['housekeeping.manage', 'housekeeping.complete'], to: '/maintenance' },
    nav: {
      group: 'Operations',
      icon: 'SprayCan',
      anyPermission: ['housekeeping.manage', 'housekeeping.complete'],
    },
  },
  // A clean's checklist run (the housekeeper's field app) and its inspection: docs/housekeeping.md.
  cleanRun: {
    path: '/housekeeping/cleans/:id',
    access: 'staff',
    permission: 'housekeeping.view',
  },
  maintenance: {
    path: '/maintenance',
    access: 'staff',
    described: true,
    nav: {
      group: 'Operations',
      icon: 'Wrench',
      // Technicians (their "Mine") and managers; a housekeeper reports from the header and
      // follows her reports on her route.
      anyPermission: ['maintenance.work', 'maintenance.manage'],
    },
  },
  inventory: {
    path: '/inventory',
    access: 'staff',
    nav: {
      group: 'Operations',
      icon: 'Boxes',
      permission: 'inventory.view',
    },
  },
  teamChat: {
    path: '/team-chat',
    access: 'staff',
    nav: {
      group: 'Operations',
      icon: 'MessagesSquare',
      permission: 'chat.use',
    },
  },
  // Analytics is a permission, not a role (field staff do not hold it): docs/areas.md.
  analytics: {
    path: '/analytics',
    access: 'staff',
    permission: 'analytics.view',
    nav: {
      group: 'Operations',
      icon: 'BarChart3',
      permission: 'analytics.view',
    },
  },

  checklists: {
    path: '/checklists',
    access: 'manager',
    permissions: ['checklists.manage'],
    nav: {
      group: 'Management',
      icon: 'ClipboardCheck',
    },
  },
  cleaningSettings: {
    path: '/cleaning-settings',
    access: 'manager',
    permissions: ['settings.manage'],
    nav: {
      group: 'Management',
      icon: 'Sparkles',
    },
  },
  recurringTasks: {
    path: '/recurring-tasks',
    access: 'manager',
    nav: {
      group: 'Management',
      icon: 'Repeat',
    },
  },

  admin: {
    path: '/admin',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'ShieldCheck',
    },
  },
  adminUsers: {
    path: '/admin/users',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'Users',
    },
  },
  adminRoles: {
    path: '/admin/roles',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'KeyRound',
    },
  },
  adminPermissions: {
    path: '/admin/permissions',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'ShieldCheck',
    },
  },
  adminSettings: {
    path: '/admin/settings',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'Settings2',
    },
  },
  adminHealth: {
    path: '/admin/health',
    access: 'admin',
    nav: {
      group: 'Administration',
      icon: 'HeartPulse',
    },
  },

  profile: {
    path: '/profile',
    access: 'user',
    described: true,
    nav: {
      group: 'Account',
      icon: 'UserRound',
    },
  },
  settings: {
    path: '/settings',
    access: 'user',
    described: true,
    nav: {
      group: 'Account',
      icon: 'Settings',
    },
  },
} as const satisfies Record<string, RouteSource>;

type LibKey = Parameters<typeof messages.t>[0];
type TableKey = keyof typeof table;
type Flagged<F extends string> = {
  [K in TableKey]: (typeof table)[K] extends Record<F, unknown> ? K : never;
}[TableKey];
// Every route's words are in the catalogue: a missing one is named by the type check here.
type Missing = Exclude<
  | `route.${TableKey}.title`
  | `route.${Flagged<'described'>}.description`
  | `route.${Flagged<'titleWithout'>}.titleWithout`
  | `route.${Flagged<'titleWithout'> & Flagged<'described'>}.descriptionWithout`,
  LibKey
>;
const allWords: [Missing] extends [never] ? true : Missing = true;
void allWords;

type Worded<E> = Omit<E, 'described' | 'titleWithout'> & {
  readonly title: string;
} & (E extends { described: true } ? { readonly description: string } : unknown) &
  (E extends { titleWithout: infer W }
    ? {
        readonly titleWithout: W & { readonly title: string } & (E extends { described: true }
            ? { readonly description: string }
            : unknown);
      }
    : unknown);

/**
 * The table with its words: each route's title is `route.<key>.title` of the catalogue, its line
 * under the heading `route.<key>.description`, its menu line `nav.<key>`, read in the active
 * language when drawn (getters: never keep them in a constant).
 */
function withWords<T extends Record<string, RouteSource>>(
  source: T,
): { [K in keyof T]: Worded<T[K]> } {
  const text = (key: string) => () => messages.t(key as LibKey);
  const out: Record<string, object> = {};
  for (const [key, entry] of Object.entries(source)) {
    const { described, titleWithout, ...rest } = entry;
    const worded = Object.defineProperty({ ...rest }, 'title', {
      get: text(`route.${key}.title`),
      enumerable: true,
    });
    if (described)
      Object.defineProperty(worded, 'description', {
        get: text(`route.${key}.description`),
        enumerable: true,
      });
    if (titleWithout) {
      const other = Object.defineProperty({ ...titleWithout }, 'title', {
        get: text(`route.${key}.titleWithout`),
        enumerable: true,
      });
      if (described)
        Object.defineProperty(other, 'description', {
          get: text(`route.${key}.descriptionWithout`),
          enumerable: true,
        });
      Object.assign(worded, { titleWithout: other });
    }
    out[key] = worded;
  }
  return out as { [K in keyof T]: Worded<T[K]> };
}

export const paths = withWords(table);

export type RouteKey = keyof typeof paths;
/** The routes offered in the menu. */
export type NavKey = Flagged<'nav'>;

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
