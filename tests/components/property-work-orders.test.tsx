// The property detail page's work-orders section, rendered for real on /properties/{id} against the
// in-process backend: a villa with an urgent, blocking, overdue work order assigned to the demo
// technician and one resolved shows the first under "Open work orders" (status, priority,
// blocking, assignee, overdue, a link that opens it beside the maintenance list) and the second
// under "Recently resolved or closed", with "Report a problem" for this villa; offline, the
// section answers from this device's copy.
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, reportOffline, restartAt, signInAs } from './render-route';

afterEach(cleanup);

const GIORGOS = 'a11ce000-0000-4000-8000-000000000004';
let villaId = '';
const ids = { blocking: '', resolved: '' };

async function setUp() {
  const supabase = await getSupabase();
  const code = `PW-${Date.now().toString(36)}`.toUpperCase();
  const villa = await supabase
    .from('properties')
    .insert({ code, name: `Work Orders Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
    .select('id')
    .single();
  if (villa.error) throw villa.error;
  villaId = villa.data.id;
  const report = async (title: string, extra: Record<string, unknown>) => {
    const id = crypto.randomUUID();
    const res = await supabase
      .from('work_orders')
      .insert({ id, property_id: villaId, title, category: 'plumbing', ...extra });
    if (res.error) throw res.error;
    return id;
  };
  const move = async (id: string, steps: ('assigned' | 'in_progress' | 'resolved')[]) => {
    let version = 1;
    for (const to of steps) {
      const res = await supabase.rpc('transition_work_order', {
        work_order_id: id,
        to_status: to,
        from_version: version,
        ...(to === 'assigned' ? { assignee_id: GIORGOS } : {}),
      });
      if (res.error) throw res.error;
      version = res.data.version;
    }
  };
  ids.blocking = await report('Water heater leaking', {
    priority: 'urgent',
    blocking: true,
    due_at: new Date(Date.now() - 3_600_000).toISOString(),
    location: 'Utility room',
  });
  await move(ids.blocking, ['assigned']);
  ids.resolved = await report('Terrace light flickers', { priority: 'low' });
  await move(ids.resolved, ['assigned', 'in_progress', 'resolved']);
}

afterAll(async () => {
  const supabase = await getSupabase();
  await supabase.from('properties').delete().eq('id', villaId);
});

it(
  "shows the villa's open work orders (blocking, overdue, assignee) and the recently resolved, each linking to it",
  { timeout: 120_000 },
  async () => {
    await signInAs('manager');
    await setUp();
    await renderRoute(`/properties/${villaId}`, 'manager');
    const open = await screen.findByRole(
      'region',
      { name: 'Open work orders' },
      { timeout: 60_000 },
    );
    const row = within(open).getByRole('listitem', { name: 'Water heater leaking' });
    for (const text of ['Assigned', 'Urgent', 'Blocking', 'Giorgos Markakis', 'Overdue: ']) {
      expect(row.textContent).toContain(text);
    }
    expect(within(open).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(row).getByRole('link', { name: 'Water heater leaking' }).getAttribute('href'),
    ).toBe(`/maintenance?wo=${ids.blocking}`);

    const recent = screen.getByRole('region', { name: 'Recently resolved or closed' });
    const done = within(recent).getByRole('listitem', { name: 'Terrace light flickers' });
    expect(done.textContent).toContain('Resolved');
    expect(done.textContent).not.toContain('Blocking');
    expect(
      within(done).getByRole('link', { name: 'Terrace light flickers' }).getAttribute('href'),
    ).toBe(`/maintenance?wo=${ids.resolved}`);

    // "Report a problem" from the section names this villa.
    const section = open.parentElement!;
    expect(
      within(section).getByRole('link', { name: 'Report a problem' }).getAttribute('href'),
    ).toBe(`/maintenance?report=1&villa=${villaId}`);
  },
);

it('answers from the device when there is no connection', { timeout: 120_000 }, async () => {
  await renderRoute(`/properties/${villaId}`, 'technician');
  await screen.findByRole('region', { name: 'Open work orders' }, { timeout: 60_000 });
  cleanup();

  const backOnline = reportOffline();
  try {
    restartAt(`/properties/${villaId}`);
    expect(
      await screen.findByText(
        "No connection: showing the villa's work orders as this device last saw them.",
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    const open = screen.getByRole('region', { name: 'Open work orders' });
    const copy = within(open).getByRole('listitem', { name: 'Water heater leaking' });
    expect(copy.textContent).toContain('Giorgos Markakis');
    expect(copy.textContent).toContain('Blocking');
    expect(
      within(screen.getByRole('region', { name: 'Recently resolved or closed' })).getByRole(
        'listitem',
        { name: 'Terrace light flickers' },
      ),
    ).toBeTruthy();
  } finally {
    backOnline();
  }
});
