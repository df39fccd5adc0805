// @vitest-environment happy-dom
// The user's access is read again while they stay signed in (docs/admin.md "How changes reach
// people"): an admin's change reaches an open page within 5 minutes, and at once when the window
// regains focus after the cached copy went stale.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let mod: typeof import('./auth-queries');

beforeAll(async () => {
  // The module reaches the app's environment (through the supabase client) when imported.
  vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('VITE_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_test');
  vi.stubEnv('VITE_SUPABASE_PROJECT_ID', 'unit');
  mod = await import('./auth-queries');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('access queries', () => {
  it('an observed permission set is read again after 5 minutes without any user action', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, {
      ...mod.permissionsQueryOptions('u1'),
      queryFn: () => Promise.resolve([`read ${++reads}`]),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1000);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(2);
    expect(observer.getCurrentResult().data).toEqual(['read 2']);
    unsubscribe();
    client.clear();
  });
});
