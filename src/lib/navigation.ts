// The areas of the app as the sidebar and the dashboard list them: which route, which icon, and
// what a user needs to see the entry (the route's access level, and the area's view permission
// where the area has one). Guards still follow the route table; this only decides what is offered.
import {
  BarChart3,
  Boxes,
  Building2,
  ClipboardCheck,
  HeartPulse,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Repeat,
  Settings2,
  ShieldCheck,
  Sparkles,
  SprayCan,
  Users,
  Wrench,
} from 'lucide-react';
import { paths, type Access } from './paths';
import { canAccess, hasPermission, type PermissionKey } from './permissions';

export interface NavArea {
  key: string;
  title: string;
  description: string;
  path: string;
  icon: LucideIcon;
  access: Access;
  permission?: PermissionKey;
}

export interface NavGroup {
  label: string;
  areas: NavArea[];
}

function area(
  key: keyof typeof paths,
  icon: LucideIcon,
  description: string,
  permission?: PermissionKey,
): NavArea {
  const p = paths[key];
  return { key, title: p.title, path: p.path, access: p.access, icon, description, permission };
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Operations',
    areas: [
      area('home', LayoutDashboard, 'Your day at a glance'),
      area(
        'properties',
        Building2,
        'Villas, access notes and guest-ready state',
        'properties.view',
      ),
      area('housekeeping', SprayCan, 'Cleans, routes and checklists', 'housekeeping.view'),
      area('maintenance', Wrench, 'Work orders by urgency', 'maintenance.view'),
      area('inventory', Boxes, 'Stock, par levels and counts', 'inventory.view'),
      area('teamChat', MessagesSquare, 'Channels and threads on the work', 'chat.use'),
      area('analytics', BarChart3, 'Cleaning, maintenance and stock figures', 'analytics.view'),
    ],
  },
  {
    label: 'Management',
    areas: [
      area('checklists', ClipboardCheck, 'Checklist templates per cleaning type'),
      area('cleaningSettings', Sparkles, 'Cleaning types, durations and turnover rules'),
      area('recurringTasks', Repeat, 'Schedules for recurring work'),
    ],
  },
  {
    label: 'Administration',
    areas: [
      area('admin', ShieldCheck, 'Administration overview'),
      area('adminUsers', Users, 'Accounts, roles and overrides'),
      area('adminRoles', KeyRound, 'Roles'),
      area('adminPermissions', ShieldCheck, 'The role and permission matrix'),
      area('adminSettings', Settings2, 'Company, time zone and defaults'),
      area('adminHealth', HeartPulse, 'Database, realtime, sync and vitals'),
    ],
  },
];

export interface NavUser {
  signedIn: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

export function canSeeArea(a: NavArea, user: NavUser): boolean {
  if (!canAccess(a.access, user.signedIn, user.roles)) return false;
  return !a.permission || hasPermission(user.permissions, a.permission);
}

/** The groups and areas this user may open, empty groups left out. */
export function visibleNav(user: NavUser, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups
    .map((g) => ({ ...g, areas: g.areas.filter((a) => canSeeArea(a, user)) }))
    .filter((g) => g.areas.length > 0);
}
