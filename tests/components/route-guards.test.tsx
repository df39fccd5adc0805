// The route table's guards, per demo role, rendered through the real router: every route that asks
// for a role or keys shows its page to whoever holds them and the guard's refusal to the others.
// Who holds which key comes from the database (my_permissions), not from a copy in the test.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { meetsRole, missingPermissions } from '@/lib/permissions';
import { roleFor, routeEntries } from '@/lib/routes';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, signInAs, type DemoRole } from './render-route';

afterEach(cleanup);

const SEEDED_PROPERTY_ID = 'b1a00000-0000-4000-8000-000000000001';
const ROLES: DemoRole[] = ['admin', 'manager', 'housekeeper', 'technician'];
const GUARDED = routeEntries.filter(([, r]) => roleFor(r.access) || r.permission || r.permissions);

async function keysOf(role: DemoRole): Promise<string[]> {
  await signInAs(role);
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_permissions');
  if (error) throw error;
  return data;
}

describe.each(ROLES)('as %s', (role) => {
  it.each(GUARDED.map(([key, r]) => [key, r] as const))('%s', async (_key, r) => {
    const keys = await keysOf(role);
    const needed = roleFor(r.access);
    const expected =
      needed && !meetsRole([role], needed)
        ? 'Access Denied'
        : r.permission && !keys.includes(r.permission)
          ? 'Permission Denied'
          : missingPermissions(keys, r.permissions ?? []).length > 0
            ? 'Access Denied'
            : null;
    await renderRoute(r.path.replace(':id', SEEDED_PROPERTY_ID), role);
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
    if (expected) expect(heading.textContent).toBe(expected);
    else expect(['Access Denied', 'Permission Denied']).not.toContain(heading.textContent);
  });
});
