// The property detail page's cleans section, rendered for real on /properties/{id} as the demo
// manager against the in-process backend: a villa whose guests leave tomorrow, the day the next arrive,
// shows its same-day turnover as upcoming (status, window, unassigned, a link to the board on its
// day) and "not ready" with the reason and the due time; once the clean is assigned and done the
// section says who did it and the villa is guest-ready; offline, the page answers from this
// device's copy.
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute, reportOffline, restartAt, signInAs } from './render-route';

afterEach(cleanup);

const MARIA = 'a11ce000-0000-4000-8000-000000000003';
const athensDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(new Date(ms));
const at = (days: number, utcHour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(utcHour, 0, 0, 0);
  return d.toISOString();
};

let villaId = '';
const stayIds: string[] = [];

async function setUp() {
  const supabase = await getSupabase();
  const code = `PC-${Date.now().toString(36)}`.toUpperCase();
  const villa = await supabase
    .from('properties')
    .insert({ code, name: `Cleans Villa ${code}`, area: 'Test Bay, Milos', bedrooms: 2 })
    .select('id')
    .single();
  if (villa.error) throw villa.error;
  villaId = villa.data.id;
  // The villa's turnovers follow a checklist with no required item, so the manager may finish one
  // here without answering it (finishing needs every required item: docs/housekeeping.md).
  const template = await supabase
    .from('checklist_templates')
    .insert({ name: `Optional ${code}` })
    .select('id')
    .single();
  if (template.error) throw template.error;
  const version = await supabase.from('checklist_template_versions').insert({
    template_id: template.data.id,
    content: {
      sections: [
        {
          id: 'room',
          title: 'Room',
          items: [{ id: 'air', label: 'Air the rooms', kind: 'tick', required: false }],
        },
      ],
    },
  });
  if (version.error) throw version.error;
  const turnover = await supabase
    .from('cleaning_types')
    .select('id')
    .eq('code', 'turnover')
    .single();
  if (turnover.error) throw turnover.error;
  const override = await supabase.from('property_cleaning_overrides').insert({
    property_id: villaId,
    cleaning_type_id: turnover.data.id,
    template_id: template.data.id,
  });
  if (override.error) throw override.error;
  // Guests in now leave tomorrow at 08:00 UTC; the next ones arrive that afternoon.
  for (const [from, to] of [
    [at(-2, 12), at(1, 8)],
    [at(1, 13), at(3, 8)],
  ] as const) {
    const stay = await supabase
      .from('reservations')
      .insert({ property_id: villaId, guest_name: 'Section Guest', check_in: from, check_out: to })
      .select('id')
      .single();
    if (stay.error) throw stay.error;
    stayIds.push(stay.data.id);
  }
}

afterAll(async () => {
  // Cancelled turnovers of deleted stays go with the villa (docs/housekeeping.md).
  const supabase = await getSupabase();
  await supabase.from('reservations').delete().in('id', stayIds);
  await supabase.from('properties').delete().eq('id', villaId);
});

it(
  "shows the villa's upcoming same-day turnover and why it is not ready, linking to the board",
  { timeout: 120_000 },
  async () => {
    await signInAs('manager');
    await setUp();
    await renderRoute(`/properties/${villaId}`, 'manager');
    const upcoming = await screen.findByRole(
      'region',
      { name: 'Upcoming cleans' },
      { timeout: 60_000 },
    );
    const day = athensDay(Date.parse(at(1, 8)));
    const row = within(upcoming).getByRole('listitem', { name: `Turnover, ${day}` });
    expect(row.textContent).toContain('Scheduled');
    expect(row.textContent).toContain('Same day');
    expect(row.textContent).toContain('Unassigned');
    expect(
      within(row)
        .getByRole('link', { name: /On the board/ })
        .getAttribute('href'),
    ).toBe(`/housekeeping?day=${day}`);
    // The second stay's turnover (day 3, no stay after it) is the other one planned.
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    // Not ready: this clean holds the villa, due when the next guests arrive.
    const readiness = screen.getByRole('group', { name: 'Cleaning before the next arrival' });
    expect(readiness.textContent).toContain('Not ready');
    expect(readiness.textContent).toContain('Turnover clean not done');
    expect(readiness.textContent).toMatch(/Due by /);
    expect(
      within(readiness)
        .getByRole('link', { name: 'See this clean on the board' })
        .getAttribute('href'),
    ).toBe(`/housekeeping?day=${day}`);
  },
);

it(
  'says who did the clean once it is done, and the villa is guest-ready; offline it answers from the device',
  { timeout: 120_000 },
  async () => {
    const supabase = await getSupabase();
    const { data: task, error } = await supabase
      .from('cleaning_tasks')
      .select('id, version')
      .eq('turnover_for', stayIds[0]!)
      .single();
    if (error) throw error;
    const assigned = await supabase
      .from('cleaning_task_assignees')
      .insert({ task_id: task.id, user_id: MARIA });
    if (assigned.error) throw assigned.error;
    let version = task.version;
    for (const to of ['in_progress', 'done'] as const) {
      const moved = await supabase.rpc('transition_cleaning_task', {
        task_id: task.id,
        to_status: to,
        from_version: version,
      });
      if (moved.error) throw moved.error;
      version = moved.data.version;
    }

    await renderRoute(`/properties/${villaId}`, 'manager');
    const upcoming = await screen.findByRole(
      'region',
      { name: 'Upcoming cleans' },
      { timeout: 60_000 },
    );
    const day = athensDay(Date.parse(at(1, 8)));
    const row = await within(upcoming).findByRole('listitem', { name: `Turnover, ${day}` });
    expect(row.textContent).toContain('Done');
    expect(row.textContent).toContain('Maria Kritikou');
    expect(
      screen.getByRole('group', { name: 'Cleaning before the next arrival' }).textContent,
    ).toBe('Guest-ready: nothing to clean before the next arrival.');
    cleanup();

    // No connection: the same section from this device's copy.
    const backOnline = reportOffline();
    try {
      restartAt(`/properties/${villaId}`);
      expect(
        await screen.findByText(
          "No connection: showing the villa's cleans as this device last saw them.",
          {},
          { timeout: 20_000 },
        ),
      ).toBeTruthy();
      const offline = screen.getByRole('region', { name: 'Upcoming cleans' });
      const copy = within(offline).getByRole('listitem', { name: `Turnover, ${day}` });
      expect(copy.textContent).toContain('Maria Kritikou');
    } finally {
      backOnline();
    }
  },
);
