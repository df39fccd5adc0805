import { NavLink } from 'react-router';
import { paths } from '@/lib/routes';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { messages } from '../messages';

const LINKS: {
  to: string;
  key: 'overview' | 'users' | 'roles' | 'permissions' | 'settings' | 'health';
  end?: boolean;
}[] = [
  { to: paths.admin.path, key: 'overview', end: true },
  { to: paths.adminUsers.path, key: 'users' },
  { to: paths.adminRoles.path, key: 'roles' },
  { to: paths.adminPermissions.path, key: 'permissions' },
  { to: paths.adminSettings.path, key: 'settings' },
  { to: paths.adminHealth.path, key: 'health' },
];

/** The admin pages' own tabs (scrolls sideways on a phone). */
export function AdminNav() {
  const t = useT(messages);
  return (
    <nav aria-label={t('nav.label')} className="-mx-1 overflow-x-auto">
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
              {t(`nav.${l.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
