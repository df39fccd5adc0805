// A lazy part whose chunk fails to load (offline before it was ever loaded on this device) leaves
// a note in its place instead of the screen's error page, and loads once back online
// (src/lib/areas.ts lazyPart; found by e2e/sync-panel.spec.ts going offline right after sign-in).
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { lazyPart } from '@/lib/areas';

it('shows a note for a part that cannot load offline, and the part once back online', async () => {
  let tries = 0;
  const Part = lazyPart(async () => {
    tries += 1;
    if (tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return ({ name }: { name: string }) => <p>Card of {name}</p>;
  });
  render(
    <main>
      <h1>Dashboard</h1>
      <Part name="Villa Anemos" />
    </main>,
  );
  expect(await screen.findByText(/Needs a connection to show/)).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('Card of Villa Anemos')).toBeTruthy();
  expect(tries).toBe(2);
});
