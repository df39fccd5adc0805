// The dashboard's loader (src/features/dashboard/routes/dashboard-route.tsx) against the in-process
// backend: with the user's access cached it asks for the reads of the cards that user is shown
// (each card's `prefetch`, declared in its area.ts), never the others', and never waits for them.
import { afterEach, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { areas } from '@/app/areas';
import { workOrderKeys } from '@/domain/work-orders/keys';
import { clientLoader } from '@/features/dashboard/routes/dashboard-route';
import { propertyKeys } from '@/features/properties/api/keys';
import { permissionsQueryOptions, rolesQueryOptions } from '@/lib/auth/auth-queries';
import { queryClient } from '@/lib/query-client';
import { getSupabase } from '@/lib/supabase-client';
import { holdReads, signInAs, type DemoRole } from './render-route';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Signs in and caches the account's access, as the app frame has by a later navigation. */
async function signedInWithAccess(role: DemoRole): Promise<string> {
  await signInAs(role);
  const userId = (await (await getSupabase()).auth.getUser()).data.user!.id;
  await queryClient.fetchQuery(rolesQueryOptions(userId));
  await queryClient.fetchQuery(permissionsQueryOptions(userId));
  return userId;
}

const cached = (queryKey: readonly unknown[]) => queryClient.getQueryData(queryKey) !== undefined;
const asked = (queryKey: readonly unknown[]) =>
  queryClient.getQueryCache().find({ queryKey, exact: true }) !== undefined;

it("asks for the manager's cards' reads", { timeout: 30_000 }, async () => {
  const userId = await signedInWithAccess('manager');
  expect(clientLoader(queryClient, areas.dashboardCards)()).toBeNull();
  await waitFor(
    () => {
      expect(cached(propertyKeys.today())).toBe(true);
      expect(cached(workOrderKeys.urgent())).toBe(true);
      expect(cached(workOrderKeys.mine(userId))).toBe(true);
    },
    { timeout: 20_000 },
  );
});

it('asks only for the cards a housekeeper is shown', { timeout: 30_000 }, async () => {
  const userId = await signedInWithAccess('housekeeper');
  clientLoader(queryClient, areas.dashboardCards)();
  await waitFor(() => expect(cached(propertyKeys.today())).toBe(true), { timeout: 20_000 });
  expect(asked(workOrderKeys.urgent())).toBe(false);
  expect(asked(workOrderKeys.mine(userId))).toBe(false);
});

it('asks for nothing while the access is not known yet (a cold start)', async () => {
  await signInAs('manager');
  expect(clientLoader(queryClient, areas.dashboardCards)()).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked(propertyKeys.today())).toBe(false);
  expect(asked(workOrderKeys.urgent())).toBe(false);
});

it('never waits for a slow read', { timeout: 30_000 }, async () => {
  await signedInWithAccess('manager');
  const held = holdReads({ tables: ['property_overview', 'work_orders'] });
  // Synchronous: the route draws at once, the cards show their own loading state meanwhile.
  expect(clientLoader(queryClient, areas.dashboardCards)()).toBeNull();
  await waitFor(() => expect(asked(propertyKeys.today())).toBe(true));
  expect(cached(propertyKeys.today())).toBe(false);
  held.release();
  await waitFor(() => expect(cached(propertyKeys.today())).toBe(true), { timeout: 20_000 });
});
