// The sign-in guard of every signed-in screen (docs/areas.md, spec §2): 'Loading...' while auth or
// permissions load; no user → redirect (history replaced) to /auth or the given target,
// remembering the page asked for. In the entry, so small: what a route asks beyond signing in
// (a role, keys, "waiting for access") is judged by ./route-guard.tsx, which comes with the
// signed-in frame's chunk.
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { DEFAULT_SIGNED_OUT_REDIRECT } from '@/lib/routes';

export function SignedInGuard({ redirectTo = DEFAULT_SIGNED_OUT_REDIRECT }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.loading) return <PageSpinner showLabel />;
  if (auth.user === null)
    // After a deliberate sign-out the next sign-in starts from the dashboard, not from the page
    // the last user was on.
    return (
      <Navigate
        to={redirectTo}
        replace
        state={auth.signedOutByUser ? undefined : { from: location }}
      />
    );
  return <Outlet />;
}
