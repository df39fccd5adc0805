// Reads that keep no copy on this device (`noDeviceCopy`, docs/offline.md "Reads that keep no
// copy"): the checklist templates and the admin area, read against the in-process backend. Online
// they answer and keep nothing; with the backend out of reach they fail as the server call did,
// so each screen shows its usual error; an answer the server refuses keeps its code and message.
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, expect, it } from 'vitest';
import { getRoles } from '@/features/admin/api/get-roles';
import { getWaitingCount } from '@/features/admin/api/get-waiting-count';
import { getTemplates } from '@/features/checklists/api/get-templates';
import { QueryError } from '@/lib/errors';
import { clearMirrors, mirrorAll } from '@/offline/read';
import { backOnline, endOutages, goOffline, withOutages } from './outage';
import { renderRoute, restartAt, signInAs } from './render-route';

// The backend out of reach for the app while a test says so (the browser says offline too).
withOutages();

afterEach(() => {
  cleanup();
  backOnline();
});

afterAll(() => {
  endOutages();
});

it('answers from the server online and keeps nothing on the device', async () => {
  await signInAs('admin');
  await clearMirrors();
  const templates = await getTemplates();
  expect(templates.map((t) => t.name)).toContain('Villa turnover');
  const roles = await getRoles();
  expect(roles.map((r) => r.name)).toContain('admin');
  expect(roles.find((r) => r.name === 'admin')!.holders).toBeGreaterThan(0);
  for (const store of ['properties', 'tasks', 'inventory'] as const)
    expect(await mirrorAll(store)).toEqual([]);
});

it('fails as the server call did when the backend is out of reach', async () => {
  await signInAs('admin');
  goOffline();
  const failed = await getTemplates().then(
    () => null,
    (e: unknown) => e,
  );
  expect(failed).toBeInstanceOf(QueryError);
  expect((failed as QueryError).message).toMatch(/Failed to fetch/);
});

it('keeps the code and message of an answer the server refuses', async () => {
  await signInAs('manager');
  await expect(getWaitingCount()).rejects.toMatchObject({
    name: 'QueryError',
    code: '42501',
    message: 'You need the admin.users permission',
  });
});

it('shows the screens their usual error offline', { timeout: 120_000 }, async () => {
  // Opened once with signal (the account's access is kept for the start offline).
  await renderRoute('/checklists', 'admin');
  await screen.findByRole('heading', { name: 'Villa turnover' }, { timeout: 30_000 });
  cleanup();

  goOffline();
  restartAt('/checklists');
  expect((await screen.findByRole('alert', {}, { timeout: 30_000 })).textContent).toBe(
    'The templates could not be loaded.',
  );
  cleanup();

  restartAt('/admin/roles');
  const alert = await screen.findByText(/Failed to fetch/, {}, { timeout: 30_000 });
  expect(alert.getAttribute('role')).toBe('alert');
});
