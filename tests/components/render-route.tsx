// Renders a real route of the app - the route table's router, its guards and lazy screens, the
// app's providers and QueryClient, supabase-js talking to the in-process local backend - at an
// address, signed in as a demo account. No mocked hooks: what the screen shows comes from the
// database (docs/adding-an-area.md "Component tests").
import { render, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { supabase } from '@/lib/supabase';
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

/**
 * Holds back the answers of supabase-js reads of these tables and functions until `release` is
 * called: the request still goes to the backend, awaiting it waits for the release first. For
 * "what shows while the server is slow" (restore with `vi.restoreAllMocks()`).
 */
export function holdReads(names: { tables?: string[]; rpcs?: string[] }): { release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The query builder as it is, except that awaiting it waits for the release first.
  const held = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === 'then')
          return (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) =>
            released.then(() => (target as PromiseLike<unknown>).then(ok, fail));
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return typeof out === 'object' && out !== null && 'then' in out ? held(out) : out;
        };
      },
    });
  const from = supabase.from.bind(supabase) as (table: string) => object;
  const rpc = supabase.rpc.bind(supabase) as (fn: string, ...rest: unknown[]) => object;
  vi.spyOn(supabase, 'from').mockImplementation(((table: string) =>
    names.tables?.includes(table) ? held(from(table)) : from(table)) as typeof supabase.from);
  vi.spyOn(supabase, 'rpc').mockImplementation(((fn: string, ...rest: unknown[]) =>
    names.rpcs?.includes(fn) ? held(rpc(fn, ...rest)) : rpc(fn, ...rest)) as typeof supabase.rpc);
  return { release };
}
