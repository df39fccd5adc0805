// A screen's loader runs only for a user its guard lets in (docs/architecture.md "The route
// table"): a loader prefetches as the route loads, before the guard has drawn anything, so without
// this an account with no role yet fired the work screens' reads (refused, or empty) while the
// page told it to wait for access. What the user may open is judged as the guard judges it, from
// the access this device knows: the answer already read, else the copy kept from the last start
// (the access queries' placeholder). With neither (a device's very first start), the reads wait
// for the access reads already on their way, then go if the guard will let the user in.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import {
  permissionsQueryOptions,
  profileQueryOptions,
  rolesQueryOptions,
} from '@/lib/auth/auth-queries';
import {
  evaluateGuard,
  hasAnyPermission,
  type GuardRequirement,
  type PermissionKey,
} from '@/lib/permissions';
import { storedSession } from '@/lib/stored-session';

export interface LoaderRequirement extends GuardRequirement {
  elsewhere?: { unless: readonly PermissionKey[]; to: string };
}

interface KnownAccess {
  active: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

/** The answer already read, else the device's copy (what placeholderData gives the screens). */
function known<T>(
  queryClient: QueryClient,
  options: { queryKey: readonly unknown[]; placeholderData?: unknown },
): T | undefined {
  const cached = queryClient.getQueryData<T>(options.queryKey);
  if (cached !== undefined) return cached;
  const p = options.placeholderData;
  return typeof p === 'function' ? (p as () => T | undefined)() : (p as T | undefined);
}

function knownAccess(queryClient: QueryClient, userId: string): KnownAccess | undefined {
  const profile = known<{ active?: boolean }>(queryClient, profileQueryOptions(userId));
  const roles = known<string[]>(queryClient, rolesQueryOptions(userId));
  const permissions = known<string[]>(queryClient, permissionsQueryOptions(userId));
  if (!profile || !roles || !permissions) return undefined;
  return { active: profile.active !== false, roles, permissions };
}

/** Whether the route's guard lets this user through to the screen (AccessQueries' rules). */
export function guardLetsIn(access: KnownAccess, req: LoaderRequirement): boolean {
  const roles = access.active ? access.roles : [];
  const permissions = roles.length > 0 ? access.permissions : [];
  const outcome = evaluateGuard({ loading: false, signedIn: true, roles, permissions }, req);
  if (outcome.kind !== 'allow') return false;
  return !req.elsewhere || hasAnyPermission(permissions, req.elsewhere.unless);
}

/** `loader`, run only when the guard of `req` will show the screen to the signed-in user. */
export function loaderForAccess(
  queryClient: QueryClient,
  req: LoaderRequirement,
  loader: LoaderFunction,
): LoaderFunction {
  return (args: LoaderFunctionArgs, ctx?: unknown) => {
    // Signed out: the guard sends the visitor to /auth; nothing of theirs to read.
    const userId = storedSession()?.user.id;
    if (!userId) return null;
    const access = knownAccess(queryClient, userId);
    if (access) return guardLetsIn(access, req) ? loader(args, ctx) : null;
    void Promise.all([
      queryClient.ensureQueryData(profileQueryOptions(userId)),
      queryClient.ensureQueryData(rolesQueryOptions(userId)),
      queryClient.ensureQueryData(permissionsQueryOptions(userId)),
    ])
      .then(([profile, roles, permissions]) => {
        const read = { active: profile.active !== false, roles, permissions };
        if (guardLetsIn(read, req)) return loader(args, ctx);
        return null;
      })
      .catch(() => undefined);
    return null;
  };
}
