// A returning user's profile, roles and permissions as this device last read them stand in while
// they are read again (src/lib/auth/auth-queries.ts, issue 17): the guards let the first screen
// through at once. For the screens only: what the server answers decides, and a role taken away
// meanwhile takes effect as soon as the fresh answer arrives. Real router, providers, supabase-js
// and the in-process backend; only the access reads' answers are held back.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { OFFLINE_AUTH_KEY } from '@/lib/auth/offline-auth';
import { supabase } from '@/lib/supabase';
import { holdReads, renderRoute, restartAt } from './render-route';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ACCESS_READS = { tables: ['profiles', 'user_roles'], rpcs: ['my_permissions'] };

type Kept = Record<string, { roles?: string[]; permissions?: string[] }>;
const keptAccess = (): Kept => JSON.parse(localStorage.getItem(OFFLINE_AUTH_KEY) ?? '{}') as Kept;

it('lets the first screen through from the kept access while it is read again', async () => {
  await renderRoute('/properties', 'manager');
  await screen.findByRole('heading', { level: 1, name: 'Properties' }, { timeout: 20_000 });
  const userId = (await supabase.auth.getSession()).data.session!.user.id;
  await waitFor(() => expect(keptAccess()[userId]?.permissions?.length).toBeGreaterThan(0));
  cleanup();

  // Started again with the access reads held: the screen shows before any of them answers.
  const access = holdReads(ACCESS_READS);
  restartAt('/properties');
  await screen.findByRole('heading', { level: 1, name: 'Properties' }, { timeout: 20_000 });
  access.release();
  await screen.findByRole('table', { name: 'Properties' }, { timeout: 20_000 });
});

it('follows the fresh answer when the kept access grants more than the server does', async () => {
  await renderRoute('/', 'housekeeper');
  await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
  const userId = (await supabase.auth.getSession()).data.session!.user.id;
  await waitFor(() => expect(keptAccess()[userId]?.roles).toEqual(['housekeeper']));
  cleanup();

  // The device's copy says admin (a role since taken away, or a copy tampered with).
  const kept = keptAccess();
  localStorage.setItem(
    OFFLINE_AUTH_KEY,
    JSON.stringify({ [userId]: { ...kept[userId], roles: ['admin'] } }),
  );
  const access = holdReads(ACCESS_READS);
  restartAt('/admin/users');
  await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 20_000 });

  // The server's answer arrives: the guard refuses, and the device's copy is the server's again.
  access.release();
  await screen.findByRole('heading', { level: 1, name: 'Access Denied' }, { timeout: 20_000 });
  await waitFor(() => expect(keptAccess()[userId]?.roles).toEqual(['housekeeper']));
});
