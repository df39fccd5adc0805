// The router, derived from the route table (src/lib/routes.ts): public entries unguarded, every
// other entry inside the app frame behind the sign-in guard, its screen inside its own guard when
// the table asks for a role or keys (admin passes manager guards; a user with no role waits for
// access); anything else is not found. The table
// lives in lib/ so features can link to it; screens are features, so they are bound here, one
// lazy chunk per key (a key without a screen fails the build). A screen module may export
// `clientLoader(queryClient)`: it runs as the route loads and prefetches the screen's data.
import { createElement, type ComponentType } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner } from '@/components/page-spinner';
import { loadQueryClient } from '@/lib/query-client-loader';
import {
  needsRole,
  paths,
  roleFor,
  routeEntries,
  type RouteEntry,
  type RouteKey,
} from '@/lib/routes';
import type { LoaderRequirement } from './guards/loader-access';
import { SignedInGuard } from './guards/signed-in-guard';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

interface ScreenModule {
  Component: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}
type Screen = () => Promise<ScreenModule>;

const screen =
  <M,>(load: () => Promise<M>, pick: (m: M) => ScreenModule): Screen =>
  async () =>
    pick(await load());

/** Every key of the table, bound to its lazy screen. */
const screens: Record<RouteKey, Screen> = {
  home: screen(
    // The areas' cards (./areas.ts) load with the dashboard, not after it; its loader is given
    // them, to ask for what they read.
    () =>
      Promise.all([
        import('@/features/dashboard/routes/dashboard-route'),
        import('./areas').then(async (a) => {
          await a.preloadDashboardCards();
          return a.areas.dashboardCards;
        }),
      ]),
    ([m, cards]) => ({
      Component: m.DashboardRoute,
      clientLoader: (queryClient) => m.clientLoader(queryClient, cards),
    }),
  ),
  auth: screen(
    () => import('@/features/auth/routes/auth-route'),
    (m) => ({ Component: m.AuthRoute }),
  ),
  install: screen(
    () => import('./routes/install-route'),
    (m) => ({ Component: m.InstallRoute }),
  ),
  resetPassword: screen(
    () => import('@/features/auth/routes/reset-password-route'),
    (m) => ({ Component: m.ResetPasswordRoute }),
  ),
  properties: screen(
    () => import('@/features/properties/routes/properties-route'),
    (m) => ({ Component: m.PropertiesRoute, clientLoader: m.clientLoader }),
  ),
  propertyNew: screen(
    () => import('@/features/properties/routes/property-form-route'),
    (m) => ({ Component: m.PropertyFormRoute, clientLoader: m.clientLoader }),
  ),
  property: screen(
    () => import('@/features/properties/routes/property-route'),
    (m) => ({ Component: m.PropertyRoute, clientLoader: m.clientLoader }),
  ),
  propertyEdit: screen(
    () => import('@/features/properties/routes/property-form-route'),
    (m) => ({ Component: m.PropertyFormRoute, clientLoader: m.clientLoader }),
  ),
  housekeeping: screen(
    () => import('@/features/housekeeping/routes/housekeeping-route'),
    (m) => ({ Component: m.HousekeepingRoute, clientLoader: m.clientLoader }),
  ),
  cleanRun: screen(
    () => import('@/features/housekeeping/routes/clean-run-route'),
    (m) => ({ Component: m.CleanRunRoute, clientLoader: m.clientLoader }),
  ),
  maintenance: screen(
    () => import('@/features/maintenance/routes/maintenance-route'),
    (m) => ({ Component: m.MaintenanceRoute, clientLoader: m.clientLoader }),
  ),
  inventory: screen(
    () => import('@/features/inventory/routes/inventory-route'),
    (m) => ({ Component: m.InventoryRoute, clientLoader: m.clientLoader }),
  ),
  teamChat: screen(
    () => import('@/features/chat/routes/team-chat-route'),
    (m) => ({ Component: m.TeamChatRoute, clientLoader: m.clientLoader }),
  ),
  analytics: screen(
    () => import('@/features/analytics/routes/analytics-route'),
    (m) => ({ Component: m.AnalyticsRoute }),
  ),
  checklists: screen(
    () => import('@/features/checklists/routes/checklists-route'),
    (m) => ({ Component: m.ChecklistsRoute, clientLoader: m.clientLoader }),
  ),
  cleaningSettings: screen(
    () => import('@/features/cleaning-settings/routes/cleaning-settings-route'),
    (m) => ({ Component: m.CleaningSettingsRoute, clientLoader: m.clientLoader }),
  ),
  recurringTasks: screen(
    () => import('@/features/recurring-tasks/routes/recurring-tasks-route'),
    (m) => ({ Component: m.RecurringTasksRoute }),
  ),
  admin: screen(
    () => import('@/features/admin/routes/admin-route'),
    (m) => ({ Component: m.AdminRoute, clientLoader: m.clientLoader }),
  ),
  adminUsers: screen(
    () => import('@/features/admin/routes/admin-users-route'),
    (m) => ({ Component: m.AdminUsersRoute, clientLoader: m.clientLoader }),
  ),
  adminRoles: screen(
    () => import('@/features/admin/routes/admin-roles-route'),
    (m) => ({ Component: m.AdminRolesRoute, clientLoader: m.clientLoader }),
  ),
  adminPermissions: screen(
    () => import('@/features/admin/routes/admin-permissions-route'),
    (m) => ({ Component: m.AdminPermissionsRoute, clientLoader: m.clientLoader }),
  ),
  adminSettings: screen(
    () => import('@/features/admin/routes/admin-settings-route'),
    (m) => ({ Component: m.AdminSettingsRoute, clientLoader: m.clientLoader }),
  ),
  adminHealth: screen(
    () => import('@/features/admin/routes/admin-health-route'),
    (m) => ({ Component: m.AdminHealthRoute, clientLoader: m.clientLoader }),
  ),
  profile: screen(
    () => import('@/features/profile/routes/profile-route'),
    (m) => ({ Component: m.ProfileRoute }),
  ),
  settings: screen(
    () => import('@/features/settings/routes/settings-route'),
    (m) => ({ Component: m.SettingsRoute, clientLoader: m.clientLoader }),
  ),
};

/** Screens that render without TanStack Query: the sign-in screen (its budget, bench/README.md). */
const withoutQueryClient = new Set<RouteKey>(['auth']);

/** What a route's guard asks of the user, from its table entry (no requirement: undefined). */
function requirementOf(r: RouteEntry): LoaderRequirement | undefined {
  const req: LoaderRequirement = {
    anyRole: needsRole(r.access) || undefined,
    role: roleFor(r.access),
    permission: r.permission,
    permissions: r.permissions,
    elsewhere: r.elsewhere,
  };
  return Object.values(req).some((v) => v !== undefined) ? req : undefined;
}

/** A screen loaded with the frame's chunk: the frame, and the guards that come with it. */
const frame = () => import('./layouts/app-layout');

function lazyScreen(key: RouteKey): RouteObject['lazy'] {
  return async () => {
    if (withoutQueryClient.has(key)) return { Component: (await screens[key]()).Component };
    const req = requirementOf((paths as Record<RouteKey, RouteEntry>)[key]);
    // What the route asks of the user (a role, keys, "waiting for access"; routes.ts) is judged
    // by the guard that comes with the signed-in frame's chunk, loaded with the screen: the entry,
    // which the sign-in screen loads too, carries only the sign-in guard.
    const [m, queryClient, guards] = await Promise.all([
      screens[key](),
      loadQueryClient(),
      req && frame(),
    ]);
    const loader = m.clientLoader?.(queryClient);
    if (!req || !guards) return { Component: m.Component, loader };
    const Screen = m.Component;
    const Guarded = () =>
      createElement(guards.RouteGuard, { ...req, children: createElement(Screen) });
    return {
      Component: Guarded,
      // Its loader reads only for a user the guard lets in (no role yet: nothing).
      loader: loader && guards.loaderForAccess(queryClient, req, loader),
    };
  };
}

/** A signed-in route of the table (its guard comes with its screen: lazyScreen). */
function signedIn(key: RouteKey, r: RouteEntry): RouteObject {
  return r.path === paths.home.path
    ? { index: true, lazy: lazyScreen(key) }
    : { path: r.path.replace(/^\//, ''), lazy: lazyScreen(key) };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...routeEntries
        .filter(([, r]) => r.access === 'public')
        .map(([key, r]) => ({ path: r.path, lazy: lazyScreen(key) })),
      {
        path: paths.home.path,
        element: <SignedInGuard />,
        children: [
          {
            lazy: async () => {
              const [m] = await Promise.all([frame(), loadQueryClient()]);
              return { Component: m.AppLayout };
            },
            children: routeEntries
              .filter(([, r]) => r.access !== 'public')
              .map(([key, r]) => signedIn(key, r)),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => {
          const [m] = await Promise.all([import('./routes/not-found-route'), loadQueryClient()]);
          return { Component: m.NotFoundRoute };
        },
      },
    ],
  },
];

/**
 * The app's router, not yet started: what `createBrowserRouter(routes)` builds, without its
 * `initialize()`. main.tsx starts it (which matches the URL and starts loading the first screen)
 * in the next task: created and started at once, it was one task of 20-45 ms, which Lighthouse's
 * 4x slower phone counts as blocking time (bench/README.md "Issue 17: the start in smaller
 * tasks"). The UNSAFE_ names are the pieces createBrowserRouter is made of, which react-router
 * exports for frameworks; every end-to-end test (e2e/) starts the app through this router.
 */
export const createAppRouter = () =>
  createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
export type AppRouter = ReturnType<typeof createAppRouter>;
