// What the sidebar and the dashboard offer, derived from the route table (routes.ts): the entries
// with a `nav` part, grouped, filtered by the route's access level and the area's view key. The
// guards follow the same table; this only decides what is offered.
import type { LucideIcon } from 'lucide-react';
import { navIcons } from './nav-icons';
import { canAccess, hasAnyPermission, hasPermission } from './permissions';
import {
  NAV_GROUP_LABELS,
  routeEntries,
  type Access,
  type NavGroupLabel,
  type NavKey,
} from './routes';
import type { PermissionKey } from './access-catalogue';

export interface NavArea {
  /** Its line on the dashboard is `area.<key>` of the dashboard's catalogue. */
  key: NavKey;
  title: string;
  path: string;
  icon: LucideIcon;
  access: Access;
  permission?: PermissionKey;
  anyPermission?: readonly PermissionKey[];
  /** The entry's name for users without this key (the housekeeper's "My route"). */
  titleWithout?: { permission: PermissionKey; title: string };
}

export interface NavGroup {
  label: NavGroupLabel;
  areas: NavArea[];
}

export const NAV_GROUPS: NavGroup[] = NAV_GROUP_LABELS.map((label) => ({
  label,
  areas: routeEntries.flatMap(([key, r]) =>
    r.nav?.group === label
      ? [
          {
            // An entry with `nav`: its key is one of NavKey's.
            key: key as NavKey,
            // Read when the menu is drawn: in the language of the moment (docs/i18n.md).
            get title() {
              return r.title;
            },
            path: r.path,
            access: r.access,
            icon: navIcons[r.nav.icon],
            permission: r.nav.permission,
            anyPermission: r.nav.anyPermission,
            titleWithout: r.titleWithout,
          },
        ]
      : [],
  ),
}));

export interface NavUser {
  signedIn: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

export function canSeeArea(a: NavArea, user: NavUser): boolean {
  if (!canAccess(a.access, user.signedIn, user.roles)) return false;
  if (a.anyPermission && !hasAnyPermission(user.permissions, a.anyPermission)) return false;
  return !a.permission || hasPermission(user.permissions, a.permission);
}

/** The entry as this user sees it: its name for them ("My route" for a housekeeper). */
function asSeenBy(a: NavArea, user: NavUser): NavArea {
  const other = a.titleWithout;
  return other && !hasPermission(user.permissions, other.permission)
    ? { ...a, title: other.title }
    : a;
}

/**
 * The groups and areas this user may open, empty groups left out. The Account group (profile,
 * settings) is the sidebar's footer, not part of the main list: pass `account` to get it.
 */
export function visibleNav(
  user: NavUser,
  { account = false }: { account?: boolean } = {},
): NavGroup[] {
  return NAV_GROUPS.filter((g) => (g.label === 'Account') === account)
    .map((g) => ({
      ...g,
      areas: g.areas.filter((a) => canSeeArea(a, user)).map((a) => asSeenBy(a, user)),
    }))
    .filter((g) => g.areas.length > 0);
}
