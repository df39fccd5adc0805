import { NavLink } from 'react-router';
import { paths } from '@/lib/routes';
import { cn } from '@/lib/utils';

const LINKS = [
  { to: paths.admin.path, label: 'Overview', end: true },
  { to: paths.adminUsers.path, label: 'Users' },
  { to: paths.adminRoles.path, label: 'Roles' },
  { to: paths.adminPermissions.path, label: 'Permissions' },
  { to: paths.adminSettings.path, label: 'Settings' },
  { to: paths.adminHealth.path, label: 'Health' },
];

/** The admin pages' own tabs (scrolls sideways on a phone). */
export function AdminNav() {
  return (
    <nav aria-label="Admin pages" className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1 text-sm">
        {LINKS.map((l) => (
          <li key={l.to}>
            <NavLink
              to={l.to}
              end={l.end}
              className={({ isActive }) =>
                cn(
                  'inline-block rounded-md px-3 py-1.5 whitespace-nowrap',
                  isActive ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                )
              }
            >
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
