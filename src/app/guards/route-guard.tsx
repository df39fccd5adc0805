// The route guard of docs/areas.md, spec §2: 'Loading...' while auth or permissions load; no user →
// redirect (history replaced) to /auth or the given target, remembering the page asked for; a
// user with no role yet on a work screen → "waiting for access" (the dashboard's words, whom to
// ask); then the role, single-permission and permission-list checks with the spec's texts; and a
// screen that is another role's sends to the user's own (routes.ts `elsewhere`). The router
// renders it inside each screen that asks for more than signing in, with the screen's chunk (it
// comes with the signed-in frame's: src/app/layouts/app-layout.tsx); the sign-in part alone is
// ./signed-in-guard.tsx, in the entry.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { PageSpinner } from '@/components/page-spinner';
import { WaitingForAccessPage } from '@/components/waiting-for-access';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { DEFAULT_SIGNED_OUT_REDIRECT } from '@/lib/routes';
import {
  evaluateGuard,
  hasAnyPermission,
  type PermissionKey,
  type SystemRole,
} from '@/lib/permissions';
import { messages } from './messages';

export interface RouteGuardProps {
  /** Any role at all (routes.ts `needsRole`): a user with none is told to wait for access. */
  anyRole?: boolean;
  role?: SystemRole;
  permission?: PermissionKey;
  permissions?: readonly PermissionKey[];
  redirectTo?: string;
  /** Whoever holds none of `unless` goes to `to` (history replaced): routes.ts `elsewhere`. */
  elsewhere?: { unless: readonly PermissionKey[]; to: string };
  children?: ReactNode;
}

function Denied({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div
        role="alert"
        className="bg-card w-full max-w-md space-y-3 rounded-xl border p-6 text-center shadow-sm"
      >
        <ShieldAlert aria-hidden="true" className="text-destructive mx-auto size-10" />
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export function RouteGuard({
  anyRole,
  role,
  permission,
  permissions,
  redirectTo = DEFAULT_SIGNED_OUT_REDIRECT,
  elsewhere,
  children,
}: RouteGuardProps) {
  const t = useT(messages);
  const auth = useAuth();
  const location = useLocation();
  const outcome = evaluateGuard(
    {
      loading: auth.loading,
      signedIn: auth.user !== null,
      roles: auth.roles,
      permissions: auth.permissions,
    },
    { anyRole, role, permission, permissions },
  );

  switch (outcome.kind) {
    case 'loading':
      return <PageSpinner showLabel />;
    case 'redirect':
      // After a deliberate sign-out the next sign-in starts from the dashboard, not from the
      // page the last user was on.
      return (
        <Navigate
          to={redirectTo}
          replace
          state={auth.signedOutByUser ? undefined : { from: location }}
        />
      );
    case 'waiting':
      return <WaitingForAccessPage />;
    case 'role-denied':
      return (
        <Denied title={t('accessDenied')}>
          <p className="text-muted-foreground text-sm">{t('needRole', { role: outcome.role })}</p>
        </Denied>
      );
    case 'permission-denied':
      return (
        <Denied title={t('permissionDenied')}>
          <p className="text-muted-foreground text-sm">{t('needPermission')}</p>
        </Denied>
      );
    case 'permissions-missing':
      return (
        <Denied title={t('accessDenied')}>
          <p className="text-muted-foreground text-sm">{t('missing')}</p>
          <ul aria-label={t('missingList')} className="space-y-1 text-sm">
            {outcome.missing.map((k) => (
              <li key={k}>
                <code className="bg-muted text-foreground rounded px-1.5 py-0.5">{k}</code>
              </li>
            ))}
          </ul>
        </Denied>
      );
    case 'allow':
      if (elsewhere && !hasAnyPermission(auth.permissions, elsewhere.unless))
        return <Navigate to={elsewhere.to} replace />;
      return children ?? <Outlet />;
  }
}
