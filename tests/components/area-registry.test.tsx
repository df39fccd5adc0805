// The area registry (src/lib/areas.ts, composed in src/app/areas.ts): an area's contribution shows
// on the dashboard and the villa page, in order, to the roles it names and to no one else; and the
// app's own composition gives the cards, sections and actions the areas declare. Real screens,
// real sign-in against the in-process backend; only the registry is the test's.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { areas } from '@/app/areas';
import { AppProviders } from '@/app/providers';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard-route';
import { PropertyRoute } from '@/features/properties/routes/property-route';
import { AreasContext, composeAreas, type AreaContribution } from '@/lib/areas';
import { hasPermission, meetsRole } from '@/lib/permissions';
import { loadQueryClient } from '@/lib/query-client-loader';
import { signInAs, type DemoRole } from './render-route';

afterEach(cleanup);

const ANEMOS = 'b1a00000-0000-4000-8000-000000000001';

const testArea: AreaContribution = {
  area: 'test',
  dashboardCards: [
    {
      key: 'technicians',
      // Before every other area's card.
      order: 1,
      visible: ({ permissions }) => hasPermission(permissions, 'maintenance.work'),
      Component: () => <h2>Test card for technicians</h2>,
    },
  ],
  propertySections: [
    {
      key: 'managers',
      order: 15,
      title: 'Test section',
      visible: ({ roles }) => meetsRole(roles, 'manager'),
      Component: ({ propertyId }) => <p>Section of {propertyId}</p>,
    },
  ],
  propertyActions: [
    {
      key: 'test',
      order: 1,
      Component: ({ place }) => <button type="button">Test {place}</button>,
    },
  ],
};

async function renderWith(path: string, role: DemoRole, contributions: AreaContribution[]) {
  await signInAs(role);
  await loadQueryClient();
  const value = composeAreas(contributions);
  const wrap = (el: React.ReactNode) => (
    <AreasContext.Provider value={value}>{el}</AreasContext.Provider>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: wrap(<DashboardRoute />) },
      { path: '/properties/:id', element: wrap(<PropertyRoute />) },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('a contribution', () => {
  it('shows its dashboard card, first, to the roles it names', async () => {
    await renderWith('/', 'technician', [...areasOf(), testArea]);
    const card = await screen.findByRole(
      'heading',
      { name: 'Test card for technicians' },
      { timeout: 20_000 },
    );
    // Before the properties area's card (order 1 < 10), whatever the order of registration.
    const today = await screen.findByRole(
      'heading',
      { name: 'Properties today' },
      { timeout: 20_000 },
    );
    expect(card.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves its card out for a role it does not name', async () => {
    await renderWith('/', 'housekeeper', [testArea, ...areasOf()]);
    await screen.findByRole('heading', { name: 'Properties today' }, { timeout: 20_000 });
    expect(screen.queryByRole('heading', { name: 'Test card for technicians' })).toBeNull();
  });

  it("shows its villa section, between the areas' sections by order, and its action", async () => {
    await renderWith(`/properties/${ANEMOS}`, 'manager', [testArea, ...areasOf()]);
    const section = await screen.findByRole(
      'heading',
      { name: 'Test section' },
      { timeout: 20_000 },
    );
    expect(screen.getByText(`Section of ${ANEMOS}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test property' })).toBeTruthy();
    const titles = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((t) => ['Cleans', 'Test section', 'Work orders', 'Stock'].includes(t ?? ''));
    expect(titles).toEqual(['Cleans', 'Test section', 'Work orders', 'Stock']);
    expect(section).toBeTruthy();
  });

  it('is drawn with the other cards, once every card has its read: none moves another', async () => {
    let answer!: () => void;
    const slowRead = new Promise<void>((resolve) => (answer = resolve));
    const cards: AreaContribution = {
      area: 'test',
      dashboardCards: [
        {
          key: 'slow',
          order: 1,
          visible: () => true,
          Component: () => <h2>Slow card</h2>,
          prefetch: () => slowRead,
        },
        {
          key: 'quick',
          order: 2,
          visible: () => true,
          Component: () => <h2>Quick card</h2>,
          prefetch: () => Promise.resolve(),
        },
      ],
    };
    await renderWith('/', 'technician', [cards]);
    // The frame of the dashboard is drawn, the cards wait for the slow one's read.
    expect(await screen.findByText("Loading today's cards…", {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Quick card' })).toBeNull();
    answer();
    const quick = await screen.findByRole('heading', { name: 'Quick card' });
    const slow = screen.getByRole('heading', { name: 'Slow card' });
    expect(slow.compareDocumentPosition(quick) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText("Loading today's cards…")).toBeNull();
  });

  it('leaves its villa section out for a role it does not name', async () => {
    await renderWith(`/properties/${ANEMOS}`, 'housekeeper', [testArea]);
    await screen.findByRole('heading', { name: 'Villa Anemos', level: 1 }, { timeout: 20_000 });
    expect(screen.queryByRole('heading', { name: 'Test section' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Test property' })).toBeTruthy();
  });
});

it("the app's registry: each area's cards, sections and actions, in order", () => {
  expect(areas.dashboardCards.map((c) => c.key)).toEqual([
    'properties-today',
    'urgent-work-orders',
    'my-work-orders',
    'low-stock',
    'unread-messages',
  ]);
  expect(areas.navBadges.map((b) => `${b.route}:${b.key}`)).toEqual(['teamChat:unread-messages']);
  expect(areas.propertySections.map((s) => s.title)).toEqual(['Cleans', 'Work orders', 'Stock']);
  expect(areas.headerActions.map((a) => a.key)).toEqual(['report-problem', 'notifications']);
  expect(areas.propertyActions.map((a) => a.key)).toEqual(['report-problem', 'count-stock']);
  expect(areas.cleanDoneParts.map((p) => p.key)).toEqual(['consumption']);
  expect(areas.workOrderParts.map((p) => p.key)).toEqual(['parts']);
  expect(areas.readinessReasons.work_order_blocking).toBe('A blocking work order is open');
});

/** The app's own areas, as contributions (so a test's can be added before or after them). */
function areasOf(): AreaContribution[] {
  return [{ area: 'app', ...areas }];
}
