// Renders a real route of the app - the route table's router, its guards and lazy screens, the
// app's providers and QueryClient, supabase-js talking to the in-process local backend - at an
// address, signed in as a demo account. No mocked hooks: what the screen shows comes from the
// database (docs/adding-an-area.md "Component tests").
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { getSupabase } from '@/lib/supabase-client';

export const DEMO_PASSWORD = 'arivia-demo';
export const DEMO = {
  admin: 'admin@arivia.local',
  manager: 'manager@arivia.local',
  housekeeper: 'housekeeper@arivia.local',
  technician: 'technician@arivia.local',
} as const;
export type DemoRole = keyof typeof DEMO;

/** Signs in (or out, for null) through supabase-js, as the sign-in form does. */
export async function signInAs(role: DemoRole | null): Promise<void> {
  const supabase = await getSupabase();
  await supabase.auth.signOut({ scope: 'local' });
  queryClient.clear();
  if (role === null) return;
  const { error } = await supabase.auth.signInWithPassword({
    email: DEMO[role],
    password: DEMO_PASSWORD,
  });
  if (error) throw error;
}

type Rendered = RenderResult & { router: ReturnType<typeof createMemoryRouter> };

export async function renderRoute(path: string, as: DemoRole | null): Promise<Rendered> {
  await signInAs(as);
  return restartAt(path);
}

/**
 * The app started again at `path`, as after a reload: still signed in (signing in again would be
 * a new session), only the query cache dropped, so its reads start from nothing - offline, from
 * the device's copy.
 */
export function restartAt(path: string): Rendered {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/**
 * The browser says it is offline (`navigator.onLine` false, an 'offline' event) until the returned
 * function says it is back. Requests still reach the backend unless the test stops them too.
 */
export function reportOffline(): () => void {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  window.dispatchEvent(new Event('offline'));
  return () => {
    Reflect.deleteProperty(navigator, 'onLine');
    window.dispatchEvent(new Event('online'));
  };
}
