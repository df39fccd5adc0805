// The route table of SEED-SPEC.md §2. Every screen is a lazy chunk; guards follow the table:
// signed-in routes inside the app frame, manager and admin routes behind role guards (admin passes
// manager guards), /auth, /install and /reset-password unguarded, anything else not found.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/lib/paths';
import { RouteGuard } from './guards/route-guard';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Child path of a route table entry, relative to '/'. */
const rel = (p: { path: string }) => p.path.replace(/^\//, '');

const PROPERTY_FORM_PERMISSIONS = ['properties.view', 'properties.manage'] as const;

const managerRoutes: RouteObject[] = [
  {
    // The property form also needs the keys it works with, so an admin can take property
    // management away from one manager (a per-user override) without taking the role.
    element: <RouteGuard permissions={PROPERTY_FORM_PERMISSIONS} />,
    children: [
      {
        path: rel(paths.propertyNew),
        lazy: async () => ({
          Component: (await import('@/features/properties/routes/property-form-route'))
            .PropertyFormRoute,
        }),
      },
      {
        path: rel(paths.propertyEdit),
        lazy: async () => ({
          Component: (await import('@/features/properties/routes/property-form-route'))
            .PropertyFormRoute,
        }),
      },
    ],
  },
  {
    path: rel(paths.checklists),
    lazy: async () => ({
      Component: (await import('@/features/checklists/routes/checklists-route')).ChecklistsRoute,
    }),
  },
  {
    path: rel(paths.cleaningSettings),
    lazy: async () => ({
      Component: (await import('@/features/cleaning-settings/routes/cleaning-settings-route'))
        .CleaningSettingsRoute,
    }),
  },
  {
    path: rel(paths.recurringTasks),
    lazy: async () => ({
      Component: (await import('@/features/recurring-tasks/routes/recurring-tasks-route'))
        .RecurringTasksRoute,
    }),
  },
];

const adminRoutes: RouteObject[] = [
  {
    path: rel(paths.admin),
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-route')).AdminRoute,
    }),
  },
  {
    path: rel(paths.adminUsers),
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-users-route')).AdminUsersRoute,
    }),
  },
  {
    path: rel(paths.adminRoles),
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-roles-route')).AdminRolesRoute,
    }),
  },
  {
    path: rel(paths.adminPermissions),
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-permissions-route'))
        .AdminPermissionsRoute,
    }),
  },
  {
    path: rel(paths.adminSettings),
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-settings-route')).AdminSettingsRoute,
    }),
  },
  {
    path: rel(paths.adminHealth),
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-health-route')).AdminHealthRoute,
    }),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('@/features/dashboard/routes/dashboard-route')).DashboardRoute,
    }),
  },
  {
    path: rel(paths.properties),
    lazy: async () => ({
      Component: (await import('@/features/properties/routes/properties-route')).PropertiesRoute,
    }),
  },
  {
    path: rel(paths.property),
    lazy: async () => ({
      Component: (await import('@/features/properties/routes/property-route')).PropertyRoute,
    }),
  },
  {
    path: rel(paths.housekeeping),
    lazy: async () => ({
      Component: (await import('@/features/housekeeping/routes/housekeeping-route'))
        .HousekeepingRoute,
    }),
  },
  {
    path: rel(paths.maintenance),
    lazy: async () => ({
      Component: (await import('@/features/maintenance/routes/maintenance-route')).MaintenanceRoute,
    }),
  },
  {
    path: rel(paths.inventory),
    lazy: async () => ({
      Component: (await import('@/features/inventory/routes/inventory-route')).InventoryRoute,
    }),
  },
  {
    path: rel(paths.teamChat),
    lazy: async () => ({
      Component: (await import('@/features/chat/routes/team-chat-route')).TeamChatRoute,
    }),
  },
  {
    // PRODUCT.md: analytics is a permission, not a role (field staff do not hold it).
    element: <RouteGuard permission="analytics.view" />,
    children: [
      {
        path: rel(paths.analytics),
        lazy: async () => ({
          Component: (await import('@/features/analytics/routes/analytics-route')).AnalyticsRoute,
        }),
      },
    ],
  },
  {
    path: rel(paths.settings),
    lazy: async () => ({
      Component: (await import('@/features/settings/routes/settings-route')).SettingsRoute,
    }),
  },
  {
    path: rel(paths.profile),
    lazy: async () => ({
      Component: (await import('@/features/profile/routes/profile-route')).ProfileRoute,
    }),
  },
  { element: <RouteGuard role="manager" />, children: managerRoutes },
  { element: <RouteGuard role="admin" />, children: adminRoutes },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: paths.auth.path,
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/auth-route')).AuthRoute,
        }),
      },
      {
        path: paths.resetPassword.path,
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/reset-password-route'))
            .ResetPasswordRoute,
        }),
      },
      {
        path: paths.install.path,
        lazy: async () => ({
          Component: (await import('./routes/install-route')).InstallRoute,
        }),
      },
      {
        path: paths.home.path,
        element: <RouteGuard />,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layouts/app-layout')).AppLayout,
            }),
            children: signedInRoutes,
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./routes/not-found-route')).NotFoundRoute,
        }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
