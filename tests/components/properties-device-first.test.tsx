// The villas' list is drawn from this device's copy first (docs/offline.md "Drawn first"): a
// returning user sees the villas as this device last saw them while the server's page is on its
// way, and the server's page replaces them when it arrives. Real router, providers, supabase-js
// and the in-process backend; only the list's request is held back.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearMirrors, mirrorAll } from '@/offline/read';
import { holdReads, renderRoute, restartAt } from './render-route';

beforeEach(async () => {
  await clearMirrors();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('draws the villas this device kept while the server answers, then the server page', async () => {
  // A first visit online: the page is kept on the device.
  await renderRoute('/properties', 'manager');
  const table = await screen.findByRole('table', { name: 'Properties' }, { timeout: 20_000 });
  const names = within(table)
    .getAllByRole('link')
    .map((a) => a.textContent);
  expect(names.length).toBeGreaterThan(1);
  // The copy is written after the answer (best effort, not awaited by the screen).
  await waitFor(async () =>
    expect((await mirrorAll('properties')).length).toBeGreaterThanOrEqual(names.length),
  );
  cleanup();

  // The app started again, the server slow to answer: the kept villas show, dimmed, with no
  // "No connection" note (the connection is there).
  const list = holdReads({ tables: ['property_overview'] });
  restartAt('/properties');
  const kept = await screen.findByRole('table', { name: 'Properties' }, { timeout: 20_000 });
  expect(
    within(kept)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(names);
  expect(screen.queryByText(/No connection/)).toBeNull();
  expect(kept.closest('.opacity-60')).not.toBeNull();

  // The server's page arrives and takes its place.
  list.release();
  await waitFor(
    () =>
      expect(screen.getByRole('table', { name: 'Properties' }).closest('.opacity-60')).toBeNull(),
    { timeout: 20_000 },
  );
});
