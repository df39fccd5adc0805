// The admin's system settings reach the screens (docs/admin.md "How changes reach people"),
// rendered for real against the in-process backend: a board card shows its window in the
// company's time zone; with the week starting on Sunday, currency USD, another support address
// and a company name saved by the admin, the calendars and the housekeeping week start on Sunday,
// a work order's costs are in dollars, the settings page and the "waiting for access" dashboard
// mail the settings' address, and the sidebar names the company. The settings row is put back
// afterwards.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import type { BoardTask } from '@/features/housekeeping/api/get-board';
import { TaskCard } from '@/features/housekeeping/components/task-card';
import { DEFAULT_COMPANY_TIME_ZONE, setCompanyTimeZone } from '@/lib/company-time';
import type { Database } from '@/lib/database.types';
import { queryClient } from '@/lib/query-client';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, signInAs } from './render-route';

type Settings = Database['public']['Tables']['system_settings']['Row'];

afterEach(cleanup);

const SUPPORT = 'help@company.example';
const COMPANY = 'Aegean Villas Co';
let original: Pick<Settings, 'week_start' | 'currency' | 'support_email' | 'company_name'> | null =
  null;
let villaId = '';

afterAll(async () => {
  await signInAs('admin');
  const supabase = await getSupabase();
  if (original) {
    const { error } = await supabase.from('system_settings').update(original).eq('id', true);
    if (error) throw error;
  }
  if (villaId) await supabase.from('properties').delete().eq('id', villaId);
  await signInAs(null);
});

const noop = () => undefined;

it("a board card shows its window in the company's time zone", () => {
  const task = {
    id: 't1',
    property_id: 'p1',
    day: '2026-07-01',
    window_start: '2026-07-01T08:00:00Z',
    due_at: '2026-07-01T12:00:00Z',
    estimated_minutes: 120,
    priority: 'normal',
    status: 'scheduled',
    version: 1,
    notes: '',
    same_day: false,
    guests_arriving: null,
    next_check_in: null,
    flagged: false,
    flag_reason: null,
    inspection_required: false,
    turnover_for: null,
    property: { name: 'Zone Villa', code: 'ZV', area: 'Oia' },
    type: null,
    assignees: [],
  } satisfies BoardTask;
  const card = (compact: boolean) => (
    <TaskCard
      task={task}
      housekeepers={[]}
      selected={false}
      onSelect={noop}
      onAssign={noop}
      onStatus={noop}
      compact={compact}
    />
  );
  const { rerender } = render(card(true));
  // Athens (UTC+3 in summer) until the settings say otherwise.
  expect(screen.getByText(/^11:00 → 15:00/)).toBeTruthy();
  try {
    setCompanyTimeZone('America/New_York');
    rerender(card(true));
    expect(screen.getByText(/^04:00 → 08:00/)).toBeTruthy();
    rerender(card(false));
    expect(screen.getByText(/^04:00 → Wed 1 Jul, 08:00/)).toBeTruthy();
  } finally {
    setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE);
  }
});

it(
  "week start, currency, support address and company name follow the admin's settings",
  { timeout: 120_000 },
  async () => {
    await signInAs('admin');
    const supabase = await getSupabase();
    const before = await supabase
      .from('system_settings')
      .select('week_start, currency, support_email, company_name')
      .single();
    if (before.error) throw before.error;
    original = before.data;
    const saved = await supabase
      .from('system_settings')
      .update({ week_start: 7, currency: 'USD', support_email: SUPPORT, company_name: COMPANY })
      .eq('id', true);
    if (saved.error) throw saved.error;

    // The calendar across villas: two weeks from a Sunday.
    await renderRoute('/properties?view=calendar', 'manager');
    const across = await screen.findByRole(
      'region',
      { name: 'Calendar across properties' },
      { timeout: 30_000 },
    );
    // Monday until the settings answer (nothing is kept on this device yet), then Sunday.
    await waitFor(
      () => {
        const heads = within(across)
          .getAllByRole('columnheader')
          .map((h) => h.textContent ?? '');
        expect(heads[0]).toBe('Property');
        expect(heads[1]).toMatch(/^Sun /);
        expect(heads[7]).toMatch(/^Sat /);
        expect(heads).toHaveLength(15);
      },
      { timeout: 30_000 },
    );
    cleanup();

    // A villa's own calendar, month and week.
    const manager = await getSupabase();
    await signInAs('manager');
    const code = `CS-${Date.now().toString(36)}`.toUpperCase();
    const villa = await manager
      .from('properties')
      .insert({ code, name: `Settings Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
      .select('id')
      .single();
    if (villa.error) throw villa.error;
    villaId = villa.data.id;
    const workOrderId = crypto.randomUUID();
    const wo = await manager
      .from('work_orders')
      .insert({ id: workOrderId, property_id: villaId, title: 'Shutter stuck' });
    if (wo.error) throw wo.error;

    await renderRoute(`/properties/${villaId}`, 'manager');
    const calendar = await screen.findByRole(
      'region',
      { name: 'Reservations calendar' },
      { timeout: 30_000 },
    );
    const weekdays = () =>
      within(calendar)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    await waitFor(() =>
      expect(weekdays()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']),
    );
    await userEvent.setup().click(within(calendar).getByRole('button', { name: 'Week' }));
    await waitFor(() => {
      const days = within(calendar).getAllByRole('gridcell');
      expect(days).toHaveLength(7);
      expect(days[0]!.textContent).toMatch(/^Sun /);
    });
    cleanup();

    // The housekeeping week of Wednesday 1 July 2026 starts on Sunday 28 June.
    await renderRoute('/housekeeping?view=week&day=2026-07-01', 'manager');
    const week = await screen.findByTestId('week-board', {}, { timeout: 30_000 });
    const columns = within(week).getAllByRole('region');
    expect(columns).toHaveLength(7);
    expect(columns[0]!.getAttribute('aria-label')).toMatch(/^Sun 28 Jun \(\d+\)$/);
    expect(columns[6]!.getAttribute('aria-label')).toMatch(/^Sat 4 Jul \(\d+\)$/);
    cleanup();

    // A work order's costs in dollars.
    await renderRoute(`/maintenance?wo=${workOrderId}`, 'manager');
    const costs = await screen.findByRole('region', { name: 'Time and cost' }, { timeout: 30_000 });
    expect(await within(costs).findAllByText('US$0.00')).toHaveLength(4);
    cleanup();

    // The settings page mails the settings' support address; the sidebar names the company.
    await renderRoute('/settings', 'manager');
    const link = await screen.findByRole('link', { name: SUPPORT }, { timeout: 30_000 });
    expect(link.getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    expect(await screen.findByText(COMPANY, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText('Operations console')).toBeNull();
    cleanup();

    // So does the dashboard of a new account that has no role yet.
    await signInAs(null);
    const email = `waiting-${Date.now().toString(36)}@arivia.local`;
    const signUp = await (
      await getSupabase()
    ).auth.signUp({
      email,
      password: 'arivia-demo-waiting',
      options: { data: { full_name: 'Waiting Tester' } },
    });
    if (signUp.error) throw signUp.error;
    queryClient.clear();
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Waiting for access', {}, { timeout: 30_000 })).toBeTruthy();
    const mail = await screen.findByRole('link', { name: SUPPORT }, { timeout: 30_000 });
    expect(mail.getAttribute('href')).toBe(`mailto:${SUPPORT}`);
  },
);
