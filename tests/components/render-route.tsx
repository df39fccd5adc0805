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

export async function renderRoute(
  path: string,
  as: DemoRole | null,
): Promise<RenderResult & { router: ReturnType<typeof createMemoryRouter> }> {
  await signInAs(as);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
