// The dashboard's work-order cards, rendered for real on / against the in-process backend with the
// demo seed (supabase/seeds/40_maintenance.sql): the manager sees the urgent and overdue open work
// orders, most urgent first, each linking to it; the technician sees his own open ones; a
// housekeeper (no maintenance.work or .manage) sees neither card.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderRoute } from './render-route';

afterEach(cleanup);

const POOL_PUMP = '3a0c0000-0000-4000-8000-000000000001';

it('shows the manager the urgent and overdue work orders, most urgent first', async () => {
  await renderRoute('/', 'manager');
  const list = await screen.findByRole(
    'list',
    { name: 'Urgent and overdue work orders' },
    { timeout: 20_000 },
  );
  const heading = screen.getByRole('heading', { name: /^Urgent and overdue work orders \(\d+\)$/ });
  expect(heading).toBeTruthy();
  const items = within(list).getAllByRole('listitem');
  expect(items.length).toBeGreaterThan(0);
  expect(items.length).toBeLessThanOrEqual(5);
  // The seed's two urgent blocking problems lead.
  expect(items[0]!.textContent).toContain('Urgent');
  expect(
    within(list)
      .getByRole('link', { name: 'Infinity pool pump tripping the breaker' })
      .getAttribute('href'),
  ).toBe(`/maintenance?wo=${POOL_PUMP}`);
  // Managers may be assigned work orders too: their own card is there.
  // (Its own read: it may answer after the manager's card.)
  expect(
    await screen.findByRole('heading', { name: /^My work orders \(\d+\)$/ }, { timeout: 20_000 }),
  ).toBeTruthy();
});

it("shows the technician his own open work orders and not the manager's card", async () => {
  await renderRoute('/', 'technician');
  const list = await screen.findByRole('list', { name: 'My work orders' }, { timeout: 20_000 });
  expect(
    within(list).getByRole('link', { name: 'Infinity pool pump tripping the breaker' }),
  ).toBeTruthy();
  for (const item of within(list).getAllByRole('listitem')) {
    expect(item.textContent).not.toMatch(/Resolved|Closed/);
  }
  expect(screen.queryByRole('heading', { name: /Urgent and overdue/ })).toBeNull();
});

it('shows a housekeeper neither card', async () => {
  await renderRoute('/', 'housekeeper');
  await screen.findByRole('heading', { name: /^Properties today$/ }, { timeout: 20_000 });
  expect(screen.queryByRole('heading', { name: /work orders/i })).toBeNull();
});
